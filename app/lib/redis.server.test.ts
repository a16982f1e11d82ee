import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimiterRes } from "rate-limiter-flexible";
import { redisRateLimiters, redisSecondaryStorage } from "./redis.server";
import { redisAnswers } from "../../tests/setup/app-instance";

// Against a real Redis: REDIS_URL, else the machine's own on 127.0.0.1:6379. Skipped (saying so)
// when none answers. Every key lives under a prefix of its own and is removed afterwards.

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const prefix = `voitura-test:${crypto.randomBytes(6).toString("hex")}:`;

const available = await redisAnswers(REDIS_URL);
if (!available) console.warn(`Redis does not answer on ${REDIS_URL}: the Redis store tests are skipped.`);

describe.skipIf(!available)("Redis shared stores", () => {
  let client: Redis;
  let raw: Redis;

  beforeAll(async () => {
    client = new Redis(REDIS_URL, { keyPrefix: prefix });
    raw = new Redis(REDIS_URL);
    // The limiters count in memory until the connection is ready.
    await client.ping();
  });

  afterAll(async () => {
    const keys = await raw.keys(`${prefix}*`);
    if (keys.length) await raw.del(...keys);
    await client.quit();
    await raw.quit();
  });

  describe("redisRateLimiters", () => {
    it("counts hits in one window under the prefix, then refuses with the seconds left", async () => {
      const limiter = redisRateLimiters(client)({ points: 2, duration: 60 });
      const first = await limiter.consume("signin:ip:1.2.3.4");
      const second = await limiter.consume("signin:ip:1.2.3.4");
      expect([first.consumedPoints, second.consumedPoints]).toEqual([1, 2]);
      expect(second.remainingPoints).toBe(0);
      const refused = await limiter.consume("signin:ip:1.2.3.4").then(
        () => undefined,
        (r: RateLimiterRes) => r,
      );
      expect(refused).toBeInstanceOf(RateLimiterRes);
      expect(refused!.msBeforeNext).toBeGreaterThan(59_000);
      expect(refused!.msBeforeNext).toBeLessThanOrEqual(60_000);
      expect(await raw.get(`${prefix}rate:signin:ip:1.2.3.4`)).toBe("3");
      const ttl = await raw.pttl(`${prefix}rate:signin:ip:1.2.3.4`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    });

    it("is shared by two limiters on two connections, as two app instances would be", async () => {
      const other = new Redis(REDIS_URL, { keyPrefix: prefix });
      await other.ping();
      try {
        const a = redisRateLimiters(client)({ points: 100, duration: 60 });
        const b = redisRateLimiters(other)({ points: 100, duration: 60 });
        const counts = [await a.consume("shared"), await b.consume("shared"), await a.consume("shared")].map((r) => r.consumedPoints);
        expect(counts).toEqual([1, 2, 3]);
        // Concurrent hits never lose a count.
        const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).consume("burst")));
        expect(burst.map((r) => r.consumedPoints).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      } finally {
        await other.quit();
      }
    });

    it("starts a new window once the last one expired", async () => {
      const limiter = redisRateLimiters(client)({ points: 5, duration: 1 });
      await limiter.consume("short");
      await limiter.consume("short");
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await limiter.consume("short")).consumedPoints).toBe(1);
    });
  });

  describe("redisSecondaryStorage", () => {
    it("sets, gets and deletes values under auth: with the prefix", async () => {
      const storage = redisSecondaryStorage(client);
      await storage.set("session-token-1", JSON.stringify({ userId: "u1" }), 60);
      expect(JSON.parse((await storage.get("session-token-1"))!)).toEqual({ userId: "u1" });
      expect(await raw.exists(`${prefix}auth:session-token-1`)).toBe(1);
      const ttl = await raw.ttl(`${prefix}auth:session-token-1`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60);
      await storage.delete("session-token-1");
      expect(await storage.get("session-token-1")).toBeNull();
    });

    it("keeps a value without a lifetime when none is given, and rounds fractions of a second up", async () => {
      const storage = redisSecondaryStorage(client);
      await storage.set("forever", "x");
      expect(await raw.ttl(`${prefix}auth:forever`)).toBe(-1);
      await storage.set("fraction", "y", 0.2);
      expect(await raw.ttl(`${prefix}auth:fraction`)).toBe(1);
    });

    it("reads a value once with getAndDelete", async () => {
      const storage = redisSecondaryStorage(client);
      await storage.set("once", "v", 60);
      expect(await storage.getAndDelete("once")).toBe("v");
      expect(await storage.getAndDelete("once")).toBeNull();
    });

    it("increments a counter whose lifetime is set by the first increment", async () => {
      const storage = redisSecondaryStorage(client);
      expect(await storage.increment("counter", 30)).toBe(1);
      expect(await storage.increment("counter", 300)).toBe(2);
      const ttl = await raw.ttl(`${prefix}auth:counter`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30);
    });

    it("is seen by another connection (another instance)", async () => {
      const other = new Redis(REDIS_URL, { keyPrefix: prefix });
      try {
        await redisSecondaryStorage(client).set("cross", "from-a", 60);
        expect(await redisSecondaryStorage(other).get("cross")).toBe("from-a");
        await redisSecondaryStorage(other).delete("cross");
        expect(await redisSecondaryStorage(client).get("cross")).toBeNull();
      } finally {
        await other.quit();
      }
    });
  });
});
