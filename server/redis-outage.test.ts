import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateAndSignIn, type AppInstance, ensureProductionBuild, getPage as get, postForm as post, postgresAnswers, sessionCookie, startAppInstance } from "../tests/setup/app-instance";
import { createPostgresDatabase } from "../tests/setup/database";
import { freePortIn, type ThrowAwayRedis, throwAwayRedis } from "../tests/setup/redis-server";

// Redis stopped under two running instances, then started again: a redis-server of the test's own
// (the machine's is never touched). Needs redis-server and a PostgreSQL server where we may create
// a database (TEST_DATABASE_URL, else postgres@127.0.0.1:5432); skipped, saying why, without.

const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const hasPostgres = await postgresAnswers(POSTGRES_URL);
if (!hasPostgres) console.warn(`Redis outage: skipped, no PostgreSQL on ${new URL(POSTGRES_URL).host}.`);
const FORMS_LIMIT = 3;
const PASSWORD = "Redis-Outage-Pa55word!";
const FALLBACK = "Redis unreachable: rate limits count per instance";
const RESUMED = "Redis reachable again: rate limits and sessions are shared";

async function waitForLog(instance: AppInstance, text: string, times = 1): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (instance.output().split(text).length - 1 < times) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in the log:\n${instance.output().slice(-1500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const subscribe = (instance: AppInstance) => post(instance, "/newsletter", { email: `reader-${crypto.randomBytes(3).toString("hex")}@example.com` });

describe.skipIf(!hasPostgres)("Redis stopped and started again under two instances", () => {
  let redis: ThrowAwayRedis | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let a: AppInstance | undefined;
  let b: AppInstance | undefined;

  beforeAll(async () => {
    ensureProductionBuild();
    redis = await throwAwayRedis(await freePortIn(6430, 6439));
    const database = await createPostgresDatabase(POSTGRES_URL);
    dropDatabase = database.drop;
    const variables = { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: "voitura-outage:", RATE_LIMIT_FORMS: String(FORMS_LIMIT), RATE_LIMIT_AUTH: "20" };
    a = await startAppInstance("redis-outage-a", variables);
    b = await startAppInstance("redis-outage-b", { ...variables, JOBS: "off" });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.remove();
    await dropDatabase?.();
  });

  it("shares limits while up, counts per instance while down, keeps sign-in working, and shares again once back", async () => {
    // An account, activated while Redis is up.
    const email = `outage-${crypto.randomBytes(4).toString("hex")}@example.com`;
    expect((await post(a!, "/register", { name: "Thandi Outage", email, password: PASSWORD, confirm_password: PASSWORD })).status).toBe(200);
    const before = sessionCookie(await activateAndSignIn(a!, email, PASSWORD));

    // Up: one count for both instances.
    expect([(await subscribe(a!)).status, (await subscribe(b!)).status, (await subscribe(a!)).status]).toEqual([200, 200, 200]);
    expect((await subscribe(b!)).status).toBe(429);

    await redis!.stop();
    await Promise.all([waitForLog(a!, FALLBACK), waitForLog(b!, FALLBACK)]);

    // Down: pages answer, each instance counts on its own, and no form answers 500.
    expect((await get(a!, "/")).status).toBe(200);
    const downA = [];
    for (let i = 0; i <= FORMS_LIMIT; i++) downA.push((await subscribe(a!)).status);
    expect(downA).toEqual([200, 200, 200, 429]);
    expect((await subscribe(b!)).status).toBe(200);

    // Sign-in works, a session from before the outage is still known, and one made now is too.
    const signedIn = await post(b!, "/login", { email, password: PASSWORD });
    expect([302, 303]).toContain(signedIn.status);
    const during = sessionCookie(signedIn);
    for (const cookie of [before, during]) {
      const page = await get(a!, "/mon-compte", cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Thandi Outage");
    }
    // A sign-out now cannot delete Redis's copy of the session: the database has the last word.
    expect([302, 303]).toContain((await post(a!, "/logout", {}, before)).status);

    // The outage was said once per instance, however many commands failed.
    for (const instance of [a!, b!]) expect(instance.output().split(FALLBACK).length - 1).toBe(1);

    await redis!.start();
    await Promise.all([waitForLog(a!, RESUMED), waitForLog(b!, RESUMED)]);

    // Back: the shared count (saved by the server) applies to both again, whatever each counted alone.
    expect((await subscribe(b!)).status).toBe(429);
    expect((await subscribe(a!)).status).toBe(429);
    // The session made during the outage works on both; the one ended during it on neither.
    for (const instance of [a!, b!]) {
      expect((await get(instance, "/mon-compte", during)).status).toBe(200);
      const ended = await get(instance, "/mon-compte", before);
      expect(ended.status).toBe(302);
      expect(ended.headers.get("location")).toContain("/login");
    }
    for (const instance of [a!, b!]) expect(instance.output()).not.toMatch(/"statusCode":500/);
  });
});
