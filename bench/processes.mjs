// Processes and time limits: every child the bench starts (build, server, nginx) is tracked and
// stopped at the end, on failure and on Ctrl-C; every step is bounded in time, and so is the run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project folder. */
export const root = fileURLToPath(new URL("..", import.meta.url));

/** A temporary folder for this run (data, logs, nginx), removed by cleanup(). */
export const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-bench-"));

const children = new Set(); // processes to stop on the way out
const cleanupHooks = []; // run first (Chromium)
let cleaning;

/** True once cleanup() has started. */
export const isCleaningUp = () => cleaning !== undefined;

export function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** Rejects after `ms` with a message naming the step. */
export function withTimeout(promise, ms, label) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no result after ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts a long-running child in its own process group so the whole group can be stopped. */
export function startChild(command, argv, options) {
  const child = spawn(command, argv, { detached: true, ...options });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

export async function stopChild(child, signal = "SIGTERM", graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
  if (await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)])) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
  await Promise.race([exited, sleep(2_000)]);
}

/** Something to stop before the children (Chromium, which is not started as our child). */
export function beforeCleanup(hook) {
  cleanupHooks.push(hook);
}

/** Stops everything the run started and removes its temporary folder; once, whoever asks. */
export async function cleanup() {
  cleaning ??= (async () => {
    for (const hook of cleanupHooks) await hook();
    await Promise.all([...children].map((c) => stopChild(c)));
    fs.rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaning;
}

// Last resort if the process exits without the async cleanup (uncaught error, watchdog).
process.on("exit", () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    log(`${signal}: stopping`);
    await cleanup();
    process.exit(130);
  });
}

/** Stops the whole run after `ms`; returns the timer, to clear at the end. */
export function startWatchdog(ms) {
  return setTimeout(async () => {
    log(`watchdog: the bench took more than ${Math.round(ms / 60_000)} min, stopping`);
    await cleanup();
    process.exit(2);
  }, ms);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a command in the project folder to its end, within `timeoutMs`. */
export function runToEnd(command, argv, timeoutMs, label) {
  const child = startChild(command, argv, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  const done = new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${label} failed (${signal ?? `exit ${code}`})`)),
    );
  });
  return withTimeout(done, timeoutMs, label).catch(async (err) => {
    await stopChild(child);
    throw err;
  });
}
