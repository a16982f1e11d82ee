import { Redis } from "ioredis";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { type RateLimitStore, setRateLimitStore } from "./security.server";

// The optional shared store (REDIS_URL) that lets several app instances agree on rate limits and
// sessions. Without it everything stays in the process and the database.

let client: Redis | undefined;

export function redisEnabled(): boolean {
  return Boolean(env().REDIS_URL);
}

/** The shared client; every key it writes starts with REDIS_PREFIX. */
export function redis(): Redis {
  const url = env().REDIS_URL;
  if (!url) throw new Error("REDIS_URL is not set");
  if (!client) {
    client = new Redis(url, { keyPrefix: env().REDIS_PREFIX, maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    client.on("error", (error) => logger.error({ err: { message: error.message } }, "Redis connection error"));
  }
  return client;
}

/** Fixed-window counters in Redis: INCR, and the window's expiry set by the first hit. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(private readonly connection: Redis) {}

  async hit(key: string, windowMs: number, now: number) {
    const redisKey = `rate:${key}`;
    const result = await this.connection.multi().incr(redisKey).pexpire(redisKey, windowMs, "NX").pttl(redisKey).exec();
    if (!result) throw new Error("Redis transaction was aborted");
    const count = Number(result[0]?.[1]);
    const ttl = Number(result[2]?.[1]);
    return { count, resetAt: now + (ttl > 0 ? ttl : windowMs) };
  }
}

/** better-auth's secondary storage (sessions and their lookups) on the shared Redis. */
export function redisSecondaryStorage(connection: Redis) {
  return {
    get: (key: string) => connection.get(`auth:${key}`),
    getAndDelete: (key: string) => connection.getdel(`auth:${key}`),
    increment: async (key: string, ttl: number) => {
      const result = await connection.multi().incr(`auth:${key}`).expire(`auth:${key}`, Math.max(1, Math.ceil(ttl)), "NX").exec();
      return Number(result?.[0]?.[1]);
    },
    set: async (key: string, value: string, ttl?: number) => {
      if (ttl && ttl > 0) await connection.set(`auth:${key}`, value, "EX", Math.ceil(ttl));
      else await connection.set(`auth:${key}`, value);
    },
    delete: async (key: string) => {
      await connection.del(`auth:${key}`);
    },
  };
}

/** At start: with REDIS_URL, rate limits count in Redis for every instance. */
export function configureSharedStores(): void {
  if (!redisEnabled()) return;
  setRateLimitStore(new RedisRateLimitStore(redis()));
  logger.info("Rate limits and sessions are shared through Redis");
}

export async function closeRedis(): Promise<void> {
  const current = client;
  client = undefined;
  await current?.quit().catch(() => current.disconnect());
}
