// `npm run cluster`: the deployment of docs/operations.md ("Several instances") on this machine.
// nginx (the site rendered from deploy/, with local ports and paths), N app instances of the
// production build, an S3-compatible store for the photos (s3rver), on the machine's PostgreSQL
// (database voitura_cluster) and Redis (prefix voitura-cluster:). Prints the address; Ctrl-C
// stops everything it started.
//
// Options: --instances=3  --port=3440 (nginx; instances on the ports after it)  --no-build
//   --database-url=postgres://…/postgres (a server where the database is made)
//   --redis-url=redis://…  --own-postgres=5440 / --own-redis=6440 (throw-away servers of its own,
//   which the fault tests stop and start)  --captcha=off  --auth-limit=20
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderSite } from "../deploy/render-nginx.mjs";
import { startS3Server } from "../tests/setup/s3-server.mjs";
import {
  ensureDatabase,
  nginxBinary,
  nginxMainConfig,
  type OwnPostgres,
  type OwnRedis,
  sleep,
  startOwnPostgres,
  startOwnRedis,
  waitFor,
} from "./cluster-services";

const root = fileURLToPath(new URL("..", import.meta.url));

export interface ClusterOptions {
  instances?: number;
  /** nginx's port; the instances take the ports after it. */
  port?: number;
  build?: boolean;
  databaseServerUrl?: string;
  databaseName?: string;
  redisUrl?: string;
  redisPrefix?: string;
  ownPostgresPort?: number;
  ownRedisPort?: number;
  captcha?: "on" | "off";
  authLimit?: number;
  /** Extra environment for every instance. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  output: () => string;
  running: () => boolean;
  /** The process is killed at once (SIGKILL): no request finishes, nothing is closed. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

export interface Cluster {
  url: string;
  instances: Instance[];
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  s3: { endpoint: string; bucket: string; directory: string; env: Record<string, string> };
  postgres?: OwnPostgres;
  redis?: OwnRedis;
  nginxDir: string;
  stop: () => Promise<void>;
}

/** Builds when build/ is missing or older than the sources it comes from. */
export function buildIfNeeded(log: (line: string) => void): void {
  const built = path.join(root, "build", "server", "index.js");
  if (fs.existsSync(built)) {
    const builtAt = fs.statSync(built).mtimeMs;
    const newer = spawnSync("find", ["app", "server", "db", "-newer", built, "-type", "f", "-print", "-quit"], { cwd: root, encoding: "utf8" });
    if (!newer.stdout.trim() && builtAt > 0) return;
  }
  log("building (react-router build)…");
  const result = spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error("the build failed");
}

function startInstance(name: string, port: number, env: NodeJS.ProcessEnv): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `voitura-cluster-${name}-`));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = "";
  const spawnChild = () => {
    const started = spawn(process.execPath, ["server/main.js"], {
      cwd: root,
      env: { ...env, PORT: String(port), DATA_DIR: dataDir, MALLOC_ARENA_MAX: "2" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.stdout?.on("data", (chunk) => (output = (output + chunk).slice(-200_000)));
    started.stderr?.on("data", (chunk) => (output = (output + chunk).slice(-200_000)));
    child = started;
  };
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const end = async (signal: NodeJS.Signals) => {
    const current = child;
    if (!current || !running()) return;
    const exited = new Promise((resolve) => current.once("exit", resolve));
    current.kill(signal);
    await exited;
  };
  spawnChild();
  return {
    name,
    port,
    url,
    dataDir,
    output: () => output,
    running,
    kill: () => end("SIGKILL"),
    stop: () => end("SIGTERM"),
    start: async () => {
      if (!running()) spawnChild();
      await instanceReady(name, url, () => child, () => output);
    },
  };
}

async function instanceReady(name: string, url: string, child: () => ChildProcess | undefined, output: () => string): Promise<void> {
  await waitFor(`instance ${name}`, async () => {
    const c = child();
    if (c && c.exitCode !== null) throw new Error(`instance ${name} exited (${c.exitCode}):\n${output().slice(-2000)}`);
    return fetch(`${url}/healthz`).then((r) => r.ok);
  }, 180_000);
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const count = options.instances ?? 3;
  const port = options.port ?? 3440;
  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
  };
  try {
    if (options.build !== false) buildIfNeeded(log);
    const binary = nginxBinary();
    if (!binary) throw new Error("nginx is not installed (apt-get install -y nginx-light)");

    let postgres: OwnPostgres | undefined;
    let databaseServerUrl = options.databaseServerUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
    if (options.ownPostgresPort) {
      log(`PostgreSQL of its own on ${options.ownPostgresPort}…`);
      postgres = await startOwnPostgres(options.ownPostgresPort);
      stops.push(() => postgres?.remove());
      databaseServerUrl = postgres.url;
    }
    const databaseUrl = await ensureDatabase(databaseServerUrl, options.databaseName ?? "voitura_cluster");

    let redis: OwnRedis | undefined;
    let redisUrl = options.redisUrl ?? "redis://127.0.0.1:6379";
    if (options.ownRedisPort) {
      redis = await startOwnRedis(options.ownRedisPort);
      stops.push(() => redis?.stop());
      redisUrl = redis.url;
    }
    const redisPrefix = options.redisPrefix ?? "voitura-cluster:";

    const s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-cluster-s3-"));
    const s3 = await startS3Server({ directory: s3Directory, bucket: "voitura-cluster" });
    stops.push(async () => {
      await s3.close();
      fs.rmSync(s3Directory, { recursive: true, force: true });
    });

    const url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      // Every instance signs sessions with the same secret, as deploy/voitura.env.example asks.
      AUTH_SECRET: process.env.AUTH_SECRET ?? crypto.createHash("sha256").update(`voitura-cluster:${databaseUrl}`).digest("hex"),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      CAPTCHA: options.captcha ?? "on",
      RATE_LIMIT_AUTH: String(options.authLimit ?? 20),
      // The instances answer pages; one of them runs the jobs (the worker unit's part in production).
      JOBS: "off",
      LOG_LEVEL: "info",
      // The instances share the machine's cores: instances × (1 + render threads) about the
      // cores (decision 021): none for three instances on fewer than six.
      RENDER_THREADS: String(Math.max(0, Math.floor(os.availableParallelism() / count) - 1)),
      ...s3.env,
      ...options.env,
    };
    for (const variable of ["SMTP_URL", "PORT", "DATA_DIR", "GOOGLE_CLIENT_ID", "FACEBOOK_CLIENT_ID"]) if (!options.env?.[variable]) delete env[variable];

    // The first one alone: it migrates and seeds an empty database; the others then start together.
    const instances: Instance[] = [];
    stops.push(async () => {
      await Promise.all(instances.map((i) => i.stop()));
      for (const i of instances) fs.rmSync(i.dataDir, { recursive: true, force: true });
    });
    for (let i = 0; i < count; i++) {
      const name = String.fromCharCode(97 + i);
      const instance = startInstance(name, port + 2 + i, { ...env, JOBS: i === 0 ? "on" : "off" });
      instances.push(instance);
      if (i === 0) {
        log(`instance a on ${instance.port} (migrations and the first seed: a minute on an empty database)…`);
        await instance.start();
      }
    }
    await Promise.all(instances.slice(1).map((i) => i.start()));

    const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-cluster-nginx-"));
    const sitePath = path.join(nginxDir, "voitura.conf");
    fs.writeFileSync(sitePath, renderSite({ instances: instances.map((i) => i.port), listen: `127.0.0.1:${port}`, root, cacheDir: path.join(nginxDir, "cache"), cacheMaxSize: "512m" }));
    const conf = path.join(nginxDir, "nginx.conf");
    fs.writeFileSync(conf, nginxMainConfig(binary, nginxDir, sitePath));
    // Workers may run as an unprivileged user when we are root: let them read the build.
    fs.chmodSync(nginxDir, 0o755);
    const nginx = spawn(binary, ["-e", path.join(nginxDir, "error.log"), "-p", nginxDir, "-c", conf], { stdio: ["ignore", "inherit", "inherit"] });
    stops.push(async () => {
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once("exit", resolve));
        nginx.kill("SIGQUIT");
        await Promise.race([exited, sleep(5000)]);
        if (nginx.exitCode === null) nginx.kill("SIGKILL");
      }
      fs.rmSync(nginxDir, { recursive: true, force: true });
    });
    await waitFor("nginx", async () => {
      if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): ${fs.readFileSync(path.join(nginxDir, "error.log"), "utf8").slice(-1000)}`);
      return fetch(`${url}/healthz`).then((r) => r.ok);
    });

    return {
      url,
      instances,
      databaseUrl,
      redisUrl,
      redisPrefix,
      s3: { endpoint: s3.endpoint, bucket: s3.bucket, directory: s3Directory, env: s3.env },
      postgres,
      redis,
      nginxDir,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function main(argv: string[]): Promise<void> {
  const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const number = (name: string) => (option(name) ? Number(option(name)) : undefined);
  const cluster = await startCluster({
    instances: number("instances"),
    port: number("port"),
    build: !argv.includes("--no-build"),
    databaseServerUrl: option("database-url"),
    redisUrl: option("redis-url"),
    ownPostgresPort: number("own-postgres"),
    ownRedisPort: number("own-redis"),
    captcha: option("captcha") === "off" ? "off" : "on",
    authLimit: number("auth-limit"),
    log: (line) => console.log(line),
  });
  console.log(`\nVoitura runs at ${cluster.url} (nginx)`);
  for (const i of cluster.instances) console.log(`  instance ${i.name}: ${i.url} (data ${i.dataDir})`);
  console.log(`  database ${cluster.databaseUrl}, Redis ${cluster.redisUrl} (prefix ${cluster.redisPrefix}), photos in ${cluster.s3.endpoint}/${cluster.s3.bucket}`);
  console.log("Ctrl-C stops everything.");
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nstopping…");
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
