import crypto from "node:crypto";
import { solveChallenge } from "altcha-lib";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { redisAnswers } from "../../tests/setup/app-instance";
import { encodeCaptchaPayload } from "~/ui/captcha-field";

// Several instances behind one address share Redis: a solved captcha must serve once across all
// of them. Each "instance" here is the captcha module loaded afresh, with its own memory. Needs a
// real Redis (REDIS_URL, else 127.0.0.1:6379); skipped, saying why, without one.

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const PREFIX = `voitura-test:${crypto.randomBytes(6).toString("hex")}:`;
const hasRedis = await redisAnswers(REDIS_URL);
if (!hasRedis) console.warn(`Captcha solutions shared through Redis: skipped, no Redis on ${REDIS_URL}.`);

type Instance = typeof import("./captcha.server") & { close(): Promise<void> };
const started: Instance[] = [];

async function startInstance(redisUrl = REDIS_URL): Promise<Instance> {
  vi.resetModules();
  vi.stubEnv("CAPTCHA", "on");
  vi.stubEnv("AUTH_SECRET", "captcha-shared-test-secret-0123456789-abcd");
  vi.stubEnv("REDIS_URL", redisUrl);
  vi.stubEnv("REDIS_PREFIX", PREFIX);
  const captcha = await import("./captcha.server");
  const { closeRedis, redis } = await import("./redis.server");
  const instance = { ...captcha, close: closeRedis };
  started.push(instance);
  // A started server connected at start (configureSharedStores); commands fail until then.
  if (redisUrl === REDIS_URL) await new Promise((resolve) => redis().once("ready", resolve));
  return instance;
}

async function solvedPayload(instance: Instance): Promise<string> {
  const challenge = await instance.createCaptchaChallenge();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("no solution");
  return encodeCaptchaPayload(challenge, solution.number);
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((instance) => instance.close()));
  vi.unstubAllEnvs();
});

afterAll(async () => {
  if (!hasRedis) return;
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe.skipIf(!hasRedis)("captcha solutions with REDIS_URL", () => {
  it("accepts a solution on one instance and refuses it on another", async () => {
    const a = await startInstance();
    const b = await startInstance();
    const payload = await solvedPayload(a);
    expect(await a.verifyCaptcha(payload)).toEqual({ ok: true });
    expect(await b.verifyCaptcha(payload)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await a.verifyCaptcha(payload)).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("lets only one of two instances take a solution sent to both at once", async () => {
    const a = await startInstance();
    const b = await startInstance();
    const payload = await solvedPayload(a);
    const answers = await Promise.all([a.verifyCaptcha(payload), b.verifyCaptcha(payload)]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
  });

  it("keeps a used solution until its challenge expires, not longer", async () => {
    const a = await startInstance();
    const payload = await solvedPayload(a);
    expect(await a.verifyCaptcha(payload)).toEqual({ ok: true });
    const { signature } = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { signature: string };
    const redis = new Redis(REDIS_URL);
    const ttl = await redis.pttl(`${PREFIX}captcha:${signature}`);
    await redis.quit();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it("still accepts a solution once per instance while Redis is unreachable", async () => {
    const down = await startInstance("redis://127.0.0.1:1");
    const payload = await solvedPayload(down);
    expect(await down.verifyCaptcha(payload)).toEqual({ ok: true });
    expect(await down.verifyCaptcha(payload)).toMatchObject({ ok: false, reason: "invalid" });
  });
});
