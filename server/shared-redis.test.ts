import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../tests/setup/database";

// Two production servers (build/) on one PostgreSQL database and one Redis, as a deployment with
// several instances runs: they must agree on rate limits and on sessions. Needs a real Redis
// (REDIS_URL, else 127.0.0.1:6379) and a PostgreSQL server where we may create a database
// (TEST_DATABASE_URL, else postgres@127.0.0.1:5432); skipped, saying why, when either is missing.

const root = fileURLToPath(new URL("..", import.meta.url));
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const PREFIX = `voitura-test:${crypto.randomBytes(6).toString("hex")}:`;
const AUTH_LIMIT = 3;
const PASSWORD = "Shared-Redis-Pa55word!";
const GENERIC = "Something went wrong, please try again later";

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 2000, retryStrategy: () => null });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

async function postgresAnswers(): Promise<boolean> {
  const sql = postgres(POSTGRES_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

const [hasRedis, hasPostgres] = await Promise.all([redisAnswers(), postgresAnswers()]);
const missing = [!hasRedis && `Redis on ${REDIS_URL}`, !hasPostgres && `PostgreSQL on ${new URL(POSTGRES_URL).host}`].filter(Boolean);
if (missing.length) console.warn(`Two instances sharing Redis: skipped, no ${missing.join(" and no ")}.`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

interface Instance {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function startInstance(name: string, databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `voitura-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "shared-redis-test-secret-0123456789-abcdef",
    REDIS_URL,
    REDIS_PREFIX: PREFIX,
    CAPTCHA: "off",
    RATE_LIMIT_AUTH: String(AUTH_LIMIT),
    LOG_LEVEL: "info",
  };
  for (const variable of ["SMTP_URL", "API_KEY", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "FACEBOOK_CLIENT_ID", "FACEBOOK_CLIENT_SECRET"]) delete env[variable];
  const child: ChildProcess = spawn(process.execPath, ["server/main.js"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited (${child.exitCode}):\n${output.slice(-2000)}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`instance ${name} did not answer within 90 s:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, dataDir, output: () => output, stop };
}

// A browser's user agent: crawlers get a bare status line instead of the page (entry.server).
const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36", accept: "text/html" };

function post(instance: Instance, pathname: string, form: Record<string, string>, cookie?: string) {
  return fetch(`${instance.url}${pathname}`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { ...BROWSER, origin: instance.url, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

function get(instance: Instance, pathname: string, cookie?: string) {
  return fetch(`${instance.url}${pathname}`, { headers: { ...BROWSER, ...(cookie ? { cookie } : {}) }, redirect: "manual" });
}

/** The activation link of the newest mail to `email` in the instance's outbox. */
async function activationLink(instance: Instance, email: string): Promise<string> {
  const outbox = path.join(instance.dataDir, "outbox");
  const deadline = Date.now() + 10_000;
  for (;;) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith(".eml")) : [];
    for (const name of names) {
      // Quoted-printable: soft line breaks and "=3D" for "=".
      const raw = fs.readFileSync(path.join(outbox, name), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      if (!raw.includes(email)) continue;
      const link = raw.match(/https?:\/\/[^\s"'<>]+\/compte\/verification\?token=[^\s"'<>]+/)?.[0];
      if (link) return link.replace(/&amp;/g, "&");
    }
    if (Date.now() > deadline) throw new Error(`no activation mail to ${email} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("voitura.session_token="));
  if (!cookie) throw new Error(`no session cookie in the response (${response.status})`);
  return cookie.split(";")[0]!;
}

describe.skipIf(missing.length > 0)("two app instances sharing Redis", () => {
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = "";
  let a: Instance | undefined;
  let b: Instance | undefined;
  let redis: Redis;

  beforeAll(async () => {
    // The servers run the production build; `npm test` builds before Vitest, a lone run builds here.
    if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
      const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, encoding: "utf8" });
      if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    }
    redis = new Redis(REDIS_URL);
    const database = await createPostgresDatabase(POSTGRES_URL);
    dropDatabase = database.drop;
    databaseUrl = database.url;
    // One after the other: the first migrates and seeds the empty database.
    a = await startInstance("a", database.url);
    b = await startInstance("b", database.url);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dropDatabase?.();
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("counts sign-in attempts on both instances towards one limit", async () => {
    const attempt = (instance: Instance) => post(instance, "/login", { email: "nobody-shared@example.com", password: PASSWORD });
    const statuses = [];
    for (const instance of [a!, b!, a!]) statuses.push((await attempt(instance)).status);
    // Three attempts, each refused for its own reason (no such user), none limited yet.
    expect(statuses).toEqual([401, 401, 401]);

    const limited = await attempt(b!);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(GENERIC);
    // The plain form's answer says when to try again.
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // And the other instance agrees.
    expect((await attempt(a!)).status).toBe(429);
    // The counter lives in Redis, under this run's prefix.
    const counters = await redis.keys(`${PREFIX}rate:signin:ip:*`);
    expect(counters).toHaveLength(1);
    expect(Number(await redis.get(counters[0]!))).toBe(AUTH_LIMIT + 2);
  });

  it("accepts a session from one instance on the other, and ends it on both", async () => {
    const email = `shared-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const registered = await post(a!, "/register", { name: "Naledi Shared", email, password: PASSWORD, confirm_password: PASSWORD });
    expect(registered.status).toBe(200);

    // The activation link signs in on A.
    const link = new URL(await activationLink(a!, email));
    const activated = await get(a!, link.pathname + link.search);
    expect(activated.status).toBe(302);
    expect(activated.headers.get("location")).toContain("/mon-compte");
    const cookie = sessionCookie(activated);

    // The session is in Redis…
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    expect(await redis.exists(`${PREFIX}auth:${token}`)).toBe(1);

    // …and B knows it.
    const onB = await get(b!, "/mon-compte", cookie);
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Naledi Shared");
    const onA = await get(a!, "/mon-compte", cookie);
    expect(onA.status).toBe(200);

    // Signing out on B ends it on A too.
    const loggedOut = await post(b!, "/logout", {}, cookie);
    expect([302, 303]).toContain(loggedOut.status);
    expect(await redis.exists(`${PREFIX}auth:${token}`)).toBe(0);
    const afterLogout = await get(a!, "/mon-compte", cookie);
    expect(afterLogout.status).toBe(302);
    expect(afterLogout.headers.get("location")).toContain("/login");
  });

  it("refuses a session held in Redis once its account is disabled in the database", async () => {
    const email = `disabled-${crypto.randomBytes(4).toString("hex")}@example.com`;
    expect((await post(a!, "/register", { name: "Sipho Disabled", email, password: PASSWORD, confirm_password: PASSWORD })).status).toBe(200);
    const link = new URL(await activationLink(a!, email));
    const cookie = sessionCookie(await get(a!, link.pathname + link.search));
    expect((await get(b!, "/mon-compte", cookie)).status).toBe(200);

    // An operator disables the account; the session is still in Redis.
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`update users set disabled = true where email = ${email}`;
    } finally {
      await sql.end();
    }
    for (const instance of [a!, b!]) {
      const page = await get(instance, "/mon-compte", cookie);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toContain("/login");
    }
  });

  it("never logs the password or the activation link's token", () => {
    for (const instance of [a!, b!]) {
      expect(instance.output().length).toBeGreaterThan(0);
      expect(instance.output()).not.toContain(PASSWORD);
      expect(instance.output()).not.toMatch(/[?&]token=(?!redacted)/);
    }
    expect(a!.output()).toContain("/compte/verification?token=redacted");
  });
});
