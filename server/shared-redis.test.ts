import crypto from "node:crypto";
import { Redis } from "ioredis";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateAndSignIn, type AppInstance as Instance, ensureProductionBuild, getPage as get, postForm as post, postgresAnswers, redisAnswers, sessionCookie, startAppInstance } from "../tests/setup/app-instance";
import { createPostgresDatabase } from "../tests/setup/database";

// Two production servers (build/) on one PostgreSQL database and one Redis, as a deployment with
// several instances runs: they must agree on rate limits and on sessions. Needs a real Redis
// (REDIS_URL, else 127.0.0.1:6379) and a PostgreSQL server where we may create a database
// (TEST_DATABASE_URL, else postgres@127.0.0.1:5432); skipped, saying why, when either is missing.

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const PREFIX = `voitura-test:${crypto.randomBytes(6).toString("hex")}:`;
const AUTH_LIMIT = 3;
const PASSWORD = "Shared-Redis-Pa55word!";
const GENERIC = "Something went wrong, please try again later";

const [hasRedis, hasPostgres] = await Promise.all([redisAnswers(REDIS_URL), postgresAnswers(POSTGRES_URL)]);
const missing = [!hasRedis && `Redis on ${REDIS_URL}`, !hasPostgres && `PostgreSQL on ${new URL(POSTGRES_URL).host}`].filter(Boolean);
if (missing.length) console.warn(`Two instances sharing Redis: skipped, no ${missing.join(" and no ")}.`);

/** An instance of the build on the shared database and Redis, with a low sign-in limit. */
function startInstance(name: string, databaseUrl: string): Promise<Instance> {
  return startAppInstance(name, { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: PREFIX, RATE_LIMIT_AUTH: String(AUTH_LIMIT) });
}

describe.skipIf(missing.length > 0)("two app instances sharing Redis", () => {
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = "";
  let a: Instance | undefined;
  let b: Instance | undefined;
  let redis: Redis;

  beforeAll(async () => {
    // The servers run the production build; `npm test` builds before Vitest, a lone run builds here.
    ensureProductionBuild();
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

  /** The first test spends this address's sign-in attempts on purpose: the next ones start a new window. */
  async function newSignInWindow(): Promise<void> {
    const counters = await redis.keys(`${PREFIX}rate:signin:*`);
    if (counters.length) await redis.del(...counters);
  }

  it("accepts a session from one instance on the other, and ends it on both", async () => {
    await newSignInWindow();
    const email = `shared-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const registered = await post(a!, "/register", { name: "Naledi Shared", email, password: PASSWORD, confirm_password: PASSWORD });
    expect(registered.status).toBe(200);

    // Activated, then signed in on A.
    const signedIn = await activateAndSignIn(a!, email, PASSWORD);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toContain("/mon-compte");
    const cookie = sessionCookie(signedIn);

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
    await newSignInWindow();
    const email = `disabled-${crypto.randomBytes(4).toString("hex")}@example.com`;
    expect((await post(a!, "/register", { name: "Sipho Disabled", email, password: PASSWORD, confirm_password: PASSWORD })).status).toBe(200);
    const cookie = sessionCookie(await activateAndSignIn(a!, email, PASSWORD));
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
