import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { setRateLimiterFactory } from "./security.server";

// The optional shared store (REDIS_URL) that lets several app instances agree on rate limits and
// sessions. Without it everything stays in the process and the database. While it is down, every
// command fails at once (no offline queue): rate limits count per instance, sessions come from the
// database (docs/operations.md, "Faults").

let client: Redis | undefined;

export function redisEnabled(): boolean {
  return Boolean(env().REDIS_URL);
}

/** ioredis settings that never hold a request while Redis is unreachable. */
const FAIL_FAST = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  // Reconnects forever, at most every two seconds, so shared state resumes when Redis returns.
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
} as const;

/** Logs an outage once when it begins and once when it ends, not every reconnection attempt. */
function watchAvailability(connection: Redis): void {
  let down = false;
  const lost = (reason: string) => {
    if (down) return;
    down = true;
    logger.error({ reason }, "Redis unreachable: rate limits count per instance, sessions are read from the database");
  };
  connection.on("error", (error: Error) => lost(error.message));
  connection.on("close", () => lost("connection closed"));
  connection.on("ready", () => {
    if (!down) return;
    down = false;
    logger.info("Redis reachable again: rate limits and sessions are shared");
  });
}

/** The shared client; every key it writes starts with REDIS_PREFIX. */
export function redis(): Redis {
  const url = env().REDIS_URL;
  if (!url) throw new Error("REDIS_URL is not set");
  if (!client) {
    client = new Redis(url, { keyPrefix: env().REDIS_PREFIX, ...FAIL_FAST });
    watchAvailability(client);
  }
  return client;
}

/**
 * Rate limits counted in Redis under `rate:<key>` for every instance; while Redis is not ready,
 * the in-memory insurance limiter counts in this instance alone, with the same numbers.
 */
export function redisRateLimiters(connection: Redis) {
  return ({ points, duration }: { points: number; duration: number }) =>
    new RateLimiterRedis({
      storeClient: connection,
      keyPrefix: "rate",
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });
}

/**
 * better-auth's secondary storage (sessions and their lookups) on the shared Redis. Sessions are
 * also stored in the database (auth.server.ts): while Redis is unreachable a read answers "not
 * here" and better-auth reads the database, and a write is skipped.
 */
export function redisSecondaryStorage(connection: Redis) {
  const key = (name: string) => `auth:${name}`;
  const orNothing = async <T>(command: () => Promise<T>): Promise<T | null> => {
    try {
      return await command();
    } catch {
      return null;
    }
  };
  return {
    get: (name: string) => orNothing(() => connection.get(key(name))),
    getAndDelete: (name: string) => orNothing(() => connection.getdel(key(name))),
    increment: async (name: string, ttl: number) => {
      const result = await connection.multi().incr(key(name)).expire(key(name), Math.max(1, Math.ceil(ttl)), "NX").exec();
      return Number(result?.[0]?.[1]);
    },
    set: async (name: string, value: string, ttl?: number) => {
      await orNothing(() => (ttl && ttl > 0 ? connection.set(key(name), value, "EX", Math.ceil(ttl)) : connection.set(key(name), value)));
    },
    delete: async (name: string) => {
      await orNothing(() => connection.del(key(name)));
    },
  };
}

/** At start: with REDIS_URL, rate limits count in Redis for every instance. */
export function configureSharedStores(): void {
  if (!redisEnabled()) return;
  setRateLimiterFactory(redisRateLimiters(redis()));
  logger.info("Rate limits and sessions are shared through Redis");
}

export async function closeRedis(): Promise<void> {
  const current = client;
  client = undefined;
  await current?.quit().catch(() => current.disconnect());
}
