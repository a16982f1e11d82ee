import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// One process at a time per data folder: the embedded database has no multi-process support, and
// a second opener would corrupt it.
//
// The holder listens on a Unix socket of its own in the folder, named in the lock file; the kernel
// closes it when the process dies, however it dies, so on the same machine (containers sharing the
// folder included, as they share the kernel's boot id) a lock whose socket refuses connections is
// taken over at once, with no process id to be fooled by. A holder on another machine (a shared
// network folder) or one whose folder takes no socket is judged by the lock file's heartbeat,
// which stops 15 s after its process does.

/** Name of the lock file in the data folder (an older version's lock, a folder of that name, is judged by its age). */
export const LOCK_FILE = "voitura.lock";
/** A heartbeat older than this means its process is gone. */
const STALE_AFTER_MS = 15_000;
const HEARTBEAT_MS = 5_000;
const TAKEOVER_GUARD = "voitura.lock.takeover";
/** A Unix socket's path has room for about 104 bytes (macOS; Linux 108). */
const MAX_SOCKET_PATH = 100;

export class DataFolderInUseError extends Error {}

interface Owner {
  pid: number;
  host: string;
  /** The kernel's boot id (Linux): equal on every container of one machine, new after a reboot. */
  boot?: string;
  /** The holder's socket, a file name in the folder. */
  socket?: string;
}

interface DataFolderLock {
  release(): Promise<void>;
}

const heldHere = new Set<string>();

function bootId(): string | undefined {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

function readOwner(file: string): { text: string; owner?: Owner; ageMs: number } | undefined {
  let text: string;
  let ageMs: number;
  try {
    const stat = fs.statSync(file);
    ageMs = Date.now() - stat.mtimeMs;
    text = stat.isDirectory() ? "" : fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Owner;
    return { text, owner: typeof parsed?.pid === "number" ? parsed : undefined, ageMs };
  } catch {
    // Being written this instant, or an older version's lock: only its age tells.
    return { text, ageMs };
  }
}

function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    const done = (answer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    // A holder too busy to accept is still alive.
    const timer = setTimeout(() => done(true), 2_000);
    socket.once("connect", () => done(true));
    socket.once("error", (err: NodeJS.ErrnoException) => done(!["ECONNREFUSED", "ENOENT", "ENOTSOCK"].includes(err.code ?? "")));
  });
}

async function holderAlive(root: string, found: { owner?: Owner; ageMs: number }, me: Owner): Promise<boolean> {
  const { owner } = found;
  const sameMachine = owner !== undefined && owner.boot === me.boot && (me.boot !== undefined || owner.host === me.host);
  if (owner?.socket && sameMachine) return socketAnswers(path.join(root, path.basename(owner.socket)));
  return found.ageMs < STALE_AFTER_MS;
}

function listen(socketPath: string): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer((connection) => connection.destroy());
    server.once("error", () => resolve(undefined));
    server.listen(socketPath, () => {
      server.unref();
      resolve(server);
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Removes a dead holder's lock, unless another process replaced it meanwhile. */
async function takeOver(root: string, file: string, staleText: string, owner: Owner | undefined): Promise<void> {
  const guard = path.join(root, TAKEOVER_GUARD);
  for (let tries = 0; ; tries++) {
    try {
      fs.mkdirSync(guard);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      // Left by a process that died in these few lines: no takeover lasts a second.
      const age = Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5_000) fs.rmSync(guard, { recursive: true, force: true });
      else if (tries > 100) return;
      else await sleep(50);
    }
  }
  try {
    if (readOwner(file)?.text !== staleText) return;
    fs.rmSync(file, { recursive: true, force: true });
    if (owner?.socket) fs.rmSync(path.join(root, path.basename(owner.socket)), { force: true });
  } finally {
    fs.rmSync(guard, { recursive: true, force: true });
  }
}

/**
 * Takes the data folder for this process, or throws DataFolderInUseError while a live process
 * holds it. The lock goes with the process: released on `release()` or exit, and taken over at
 * once after a crash on this machine.
 */
export async function lockDataFolder(folder: string, onLost: (message: string) => void = () => {}): Promise<DataFolderLock> {
  const root = path.resolve(folder);
  if (heldHere.has(root)) throw new DataFolderInUseError(root);
  const file = path.join(root, LOCK_FILE);
  const socketName = `voitura-${crypto.randomBytes(6).toString("hex")}.sock`;
  const socketPath = path.join(root, socketName);
  // Bound before the lock file names it, so a named socket that refuses means its process is gone.
  const server = socketPath.length <= MAX_SOCKET_PATH ? await listen(socketPath) : undefined;
  const me: Owner = { pid: process.pid, host: os.hostname(), boot: bootId(), ...(server ? { socket: socketName } : {}) };
  const text = JSON.stringify(me);
  const closeSocket = async () => {
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(socketPath, { force: true });
  };

  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, text, { flag: "wx", mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") {
        await closeSocket();
        throw err;
      }
    }
    const found = readOwner(file);
    if (!found) continue;
    if (attempt >= 3 || (await holderAlive(root, found, me))) {
      await closeSocket();
      throw new DataFolderInUseError(root);
    }
    await takeOver(root, file, found.text, found.owner);
  }

  heldHere.add(root);
  const ours = () => readOwner(file)?.text === text;
  let lost = false;
  const heartbeat = setInterval(() => {
    try {
      if (!ours()) throw new Error("the lock file was replaced or removed");
      const now = new Date();
      fs.utimesSync(file, now, now);
    } catch (err) {
      if (!lost) onLost(`data folder lock compromised: ${String(err)}`);
      lost = true;
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const removeFile = () => {
    try {
      if (ours()) fs.rmSync(file, { force: true });
      if (server) fs.rmSync(socketPath, { force: true });
    } catch {
      // Gone already.
    }
  };
  // A process that exits without closing the database still frees the folder.
  process.once("exit", removeFile);

  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      process.removeListener("exit", removeFile);
      removeFile();
      await closeSocket();
      heldHere.delete(root);
    },
  };
}
