import fs from "node:fs/promises";
import { constants as fsConstants } from "node:fs";
import type { Redis } from "ioredis";
import { type S3Settings, s3Settings } from "~/lib/env.server";
import { database } from "~/lib/db.server";
import { TimeoutError, withTimeout } from "~/lib/metrics-readings.server";
import { redis, redisEnabled } from "~/lib/redis.server";
import { connectS3 } from "~/lib/s3-storage.server";
import { uploadsDir } from "~/lib/storage.server";

// /readyz: may this instance take traffic? Each dependency it needs is asked in parallel with a
// short timeout, so a dead one answers "timeout" in about a second instead of holding the probe.

type CheckStatus = "ok" | "unavailable" | "timeout" | "full";
export type Check = () => Promise<CheckStatus>;

const CHECK_TIMEOUT_MS = 1_000;

/** How long one answer of the checks serves every probe. */
const READINESS_CACHE_MS = 1_000;

interface Readiness {
  ready: boolean;
  checks: Record<string, CheckStatus>;
}

/** Runs the checks together; `ready` only when every one says ok. */
export async function runChecks(checks: Record<string, Check>, timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, CheckStatus]> => {
      try {
        return [name, await withTimeout(check(), timeoutMs)];
      } catch (err) {
        return [name, err instanceof TimeoutError ? "timeout" : "unavailable"];
      }
    }),
  );
  const results = Object.fromEntries(entries);
  return { ready: entries.every(([, status]) => status === "ok"), checks: results };
}

/**
 * `run` at most once a `ttlMs`: probes that come while it runs share that run, and its answer
 * serves them for `ttlMs` after it came, so a flood of probes is not a flood of database, Redis
 * and S3 calls. A run that fails is not kept.
 */
export function cachedReadiness(run: () => Promise<Readiness>, options: { ttlMs?: number; now?: () => number } = {}): () => Promise<Readiness> {
  const ttlMs = options.ttlMs ?? READINESS_CACHE_MS;
  const now = options.now ?? Date.now;
  let kept: { at: number; answer: Readiness } | undefined;
  let running: Promise<Readiness> | undefined;
  return () => {
    if (kept && now() - kept.at < ttlMs) return Promise.resolve(kept.answer);
    running ??= run()
      .then((answer) => {
        kept = { at: now(), answer };
        return answer;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

export const databaseCheck: Check = async () => ((await database().ping()) ? "ok" : "unavailable");

/** The shared Redis answers PING (the process's client unless another is given). */
export function redisCheck(connection: () => Pick<Redis, "ping"> = redis): Check {
  return async () => ((await connection().ping()) === "PONG" ? "ok" : "unavailable");
}

/** The uploads folder: writable, with room left on its disk. */
export function folderCheck(folder: string): Check {
  return async () => {
    await fs.access(folder, fsConstants.W_OK);
    const space = await fs.statfs(folder);
    return space.bavail > 0 ? "ok" : "full";
  };
}

/** The bucket answers a HeadBucket with these keys (it exists and they may list it). */
export function bucketCheck(settings: S3Settings): Check {
  // One try: the probe asks again soon enough.
  const connect = connectS3(settings, { attempts: 1, connectMs: CHECK_TIMEOUT_MS, requestMs: CHECK_TIMEOUT_MS });
  return async () => {
    const { sdk, client: s3 } = await connect();
    await s3.send(new sdk.HeadBucketCommand({ Bucket: settings.bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    return "ok";
  };
}

/** What this instance depends on, as configured: Redis only with REDIS_URL, the bucket or the folder. */
export function configuredChecks(): Record<string, Check> {
  const s3 = s3Settings();
  return {
    database: databaseCheck,
    ...(redisEnabled() ? { redis: redisCheck() } : {}),
    storage: s3 ? bucketCheck(s3) : folderCheck(uploadsDir()),
  };
}
