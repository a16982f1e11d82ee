import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";

// The services a local cluster runs on (scripts/cluster.ts): a PostgreSQL database, Redis and
// nginx. Either the machine's own servers (a database and a key prefix of the cluster's own), or
// throw-away ones started here, which the fault tests may stop and start again.

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a command can be run (found on the PATH or at that path). */
export function hasCommand(command: string, args = ["--version"]): boolean {
  const probe = spawnSync(command, args, { stdio: "ignore" });
  return probe.error === undefined;
}

/** Waits until `check` resolves true, or throws with `what` after `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${ms / 1000} s`);
    await sleep(150);
  }
}

/** Creates `name` on a PostgreSQL server unless it is there. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const found = await sql`select 1 from pg_database where datname = ${name}`;
    if (!found.length) await sql.unsafe(`create database "${name.replace(/"/g, "")}"`);
  } finally {
    await sql.end({ timeout: 2 });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface OwnPostgres {
  url: string;
  stop: () => void;
  start: () => Promise<void>;
  remove: () => void;
}

/** Why a throw-away PostgreSQL cluster cannot be made here, or undefined when it can. */
export function ownPostgresUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return "pg_createcluster needs root";
  if (!hasCommand("pg_createcluster", ["--help"])) return "pg_createcluster (Debian's postgresql-common) is not installed";
  return undefined;
}

/**
 * A PostgreSQL cluster of its own on `port` (Debian's pg_createcluster, trust authentication on
 * the loopback), removed by `remove()`.
 */
export async function startOwnPostgres(port: number, name = `voitura_cluster_${port}`): Promise<OwnPostgres> {
  const why = ownPostgresUnavailable();
  if (why) throw new Error(`cannot make a PostgreSQL cluster: ${why}`);
  const version = fs.readdirSync("/usr/lib/postgresql").filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error("no PostgreSQL server under /usr/lib/postgresql");
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  };
  // A cluster left by an interrupted run goes first.
  spawnSync("pg_dropcluster", [version, name, "--stop"], { stdio: "ignore" });
  run("pg_createcluster", [version, name, "-p", String(port), "--start", "--", "--auth=trust", "--no-sync"]);
  // Quicker to restart than the defaults, and nothing on disk needs to survive a crash here.
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const answers = async () => {
    const sql = postgres(url, { max: 1, connect_timeout: 1, onnotice: () => {} });
    try {
      await sql`select 1`;
      return true;
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {});
    }
  };
  await waitFor(`PostgreSQL on ${port}`, answers);
  return {
    url,
    stop: () => run("pg_ctlcluster", [version, name, "stop", "-m", "fast"]),
    start: async () => {
      run("pg_ctlcluster", [version, name, "start"]);
      await waitFor(`PostgreSQL on ${port}`, answers);
    },
    remove: () => {
      spawnSync("pg_dropcluster", [version, name, "--stop"], { stdio: "ignore" });
    },
  };
}

export interface OwnRedis {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

/** A redis-server of its own on `port`, keeping nothing on disk. */
export async function startOwnRedis(port: number): Promise<OwnRedis> {
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    child = started;
    await waitFor(`Redis on ${port}`, async () => {
      if (started.exitCode !== null) throw new Error(`redis-server exited (${started.exitCode})`);
      return redisPing(port);
    });
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

/** PING over a raw socket: nothing to configure, no retries. */
async function redisPing(port: number): Promise<boolean> {
  const net = await import("node:net");
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.setTimeout(1000);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (chunk) => {
      socket.destroy();
      resolve(chunk.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** nginx's path, or undefined when it is not installed. */
export function nginxBinary(): string | undefined {
  return ["nginx", "/usr/sbin/nginx"].find((candidate) => hasCommand(candidate, ["-v"]));
}

/**
 * The main configuration a local nginx runs with: its own pid, logs and temp folders under `dir`,
 * and the rendered site (deploy/nginx/voitura.conf.template) included in its http context.
 */
export function nginxMainConfig(binary: string, dir: string, sitePath: string): string {
  const built = (() => {
    const version = spawnSync(binary, ["-V"], { encoding: "utf8" });
    return `${version.stdout}${version.stderr}`;
  })();
  const tempPaths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .filter((m) => m === "client_body" || !built.includes(`--without-http_${m}_module`))
    .map((m) => `  ${m}_temp_path ${path.join(dir, m)};`)
    .join("\n");
  const mimeTypes = ["/etc/nginx/mime.types"].find((file) => fs.existsSync(file));
  return `worker_processes 1;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  ${mimeTypes ? `include ${mimeTypes};` : "types { text/html html; text/css css; application/javascript js; image/webp webp; image/svg+xml svg; }"}
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
${tempPaths}
  include ${sitePath};
}
`;
}
