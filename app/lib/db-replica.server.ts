// The read replica (DATABASE_REPLICA_URL, decision 019): anonymous page reads may go to a streaming
// replica of the primary; everything else reads and writes the primary.
//
// Two things decide where a query goes. The request decides whether its reads may be stale by a
// replica's lag (an anonymous GET that has not written lately: `mayReadReplica`, carried through
// the request by an AsyncLocalStorage that server/replica-reads.ts sets). The feature decides
// whether a query may go there at all, by calling `readDb()` instead of `db()`: only read-only
// queries of public pages whose answer is not kept in a cache shared with other visitors.
import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "../../db/schema";
import { type Database, db, postgresReconnectDelaySeconds, resultRows } from "./db.server";
import { isDatabaseUnavailableError } from "./database-outage.server";
import { hasSessionCookie } from "./http-cache";
import { logger } from "./logger.server";
import { ReplicaLag } from "./replica-lag";

/**
 * How long a client reads the primary after it wrote (any request other than GET or HEAD). A
 * replica on the same network replays within a second; the margin covers a busy moment. The
 * cookie's name holds "session" on purpose: the page cache and a CDN (decision 005) then treat
 * the visitor as personal for as long, so nothing shared and older than the write is served.
 */
export const RECENT_WRITE_SECONDS = 15;
export const RECENT_WRITE_COOKIE = "voitura_recent_write_session";
/** After a connection failure the replica is tried again at most this often. */
const RETRY_AFTER_MS = 5_000;
/**
 * A replica further behind than this is not read until it catches up: well inside the
 * recent-write window, so a writer whose cookie has expired never reads older data than its write.
 */
const MAX_LAG_MS = 10_000;
const LAG_CHECK_EVERY_MS = 1_000;


/** Whether a request may read data as old as a replica's lag. */
export function mayReadReplica(request: { method: string; cookie?: string | null }): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  // The accounts' session and the recent-write marker above both count (their names hold "session").
  return !hasSessionCookie(request.cookie ?? null);
}

const requestReads = new AsyncLocalStorage<{ replica: boolean }>();

/** Runs `fn` (a request's handling) with its reads allowed on the replica or not. */
export function withReplicaReads<T>(replica: boolean, fn: () => T): T {
  return requestReads.run({ replica }, fn);
}

/** Runs `fn` reading only the primary (loads that fill a cache other visitors read). */
export function onPrimary<T>(fn: () => T): T {
  // Without a replica every read is on the primary already; an AsyncLocalStorage never entered
  // also costs nothing (on Node 20 each one entered is copied into every promise created after).
  if (!holder.__voituraReplica) return fn();
  return requestReads.run({ replica: false }, fn);
}

export interface ReplicaHandle {
  db: Database;
  /** False from a connection failure until the replica answers again, and while it lags too far. */
  isUp(): boolean;
  /** Compares the replica's replayed WAL with the primary's; the lag in ms (undefined: unknown). */
  checkLag(): Promise<number | undefined>;
  close(): Promise<void>;
}

const holder = globalThis as typeof globalThis & { __voituraReplica?: ReplicaHandle };

export function setReplica(handle: ReplicaHandle | undefined): void {
  holder.__voituraReplica = handle;
}

export function replica(): ReplicaHandle | undefined {
  return holder.__voituraReplica;
}

/**
 * The handle for a read-only public page query: the replica when one is set, up, and this
 * request may read it; otherwise the primary. Outside a request (jobs, scripts): the primary.
 */
export function readDb(): Database {
  const current = holder.__voituraReplica;
  if (!current || !requestReads.getStore()?.replica || !current.isUp()) return db();
  return current.db;
}

/** `down`: the replica cannot be reached; `conflict`: it cancelled the query to replay WAL. */
export function replicaFailure(err: unknown): "down" | "conflict" | undefined {
  if (isDatabaseUnavailableError(err)) return "down";
  const code = String((err as { code?: unknown } | null)?.code ?? "");
  // serialization_failure is what a hot standby answers when replay needs the rows a query reads.
  if (code === "40001") return "conflict";
  return undefined;
}

type PendingLike = PromiseLike<unknown> & { values(): PromiseLike<unknown> };

/**
 * Opens the replica. Its queries that fail because the replica is unreachable (or cancelled by
 * replay) run again on the primary, so a page never fails for the replica's sake; an unreachable
 * replica is then left alone (logged once) until it answers a probe.
 */
export function openReplica(
  url: string,
  options: { primary?: () => Database; retryAfterMs?: number; maxLagMs?: number; lagCheckEveryMs?: number } = {},
): ReplicaHandle {
  const primary = options.primary ?? db;
  const retryAfterMs = options.retryAfterMs ?? RETRY_AFTER_MS;
  const maxLagMs = options.maxLagMs ?? MAX_LAG_MS;
  const lagCheckEveryMs = options.lagCheckEveryMs ?? LAG_CHECK_EVERY_MS;
  const client = postgres(url, { max: 10, onnotice: () => {}, idle_timeout: 30, connect_timeout: 3, backoff: postgresReconnectDelaySeconds });
  let up = true;
  let probe: NodeJS.Timeout | undefined;
  let closed = false;

  const scheduleProbe = () => {
    if (probe || closed) return;
    probe = setTimeout(async () => {
      try {
        await client`select 1`;
        up = true;
        logger.info("read replica answers again: anonymous page reads go back to it");
      } catch {
        // still down: try again later
      }
      probe = undefined;
      if (!up) scheduleProbe();
    }, retryAfterMs);
    probe.unref();
  };

  const failed = (err: unknown): boolean => {
    const failure = replicaFailure(err);
    if (failure === "down" && up) {
      up = false;
      logger.warn({ err: String((err as Error).message ?? err) }, "read replica unreachable: reading the primary until it answers");
      scheduleProbe();
    }
    return failure !== undefined;
  };

  // Drizzle runs every query through `unsafe`, awaited as is or through `.values()`.
  const onReplicaOrPrimary = (query: string, params: unknown[], queryOptions: unknown): PendingLike => {
    const run = (values: boolean) => {
      const onReplica = client.unsafe(query, params as never[], queryOptions as never);
      return Promise.resolve(values ? onReplica.values() : onReplica).catch((err: unknown) => {
        if (!failed(err)) throw err;
        const onPrimary = (primary() as Database & { $client: postgres.Sql }).$client.unsafe(query, params as never[], queryOptions as never);
        return values ? onPrimary.values() : onPrimary;
      });
    };
    return {
      values: () => run(true),
      then: (fulfilled, rejected) => run(false).then(fulfilled, rejected),
    };
  };
  const routed = new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") return onReplicaOrPrimary;
      return Reflect.get(target, property, receiver);
    },
  });

  const lag = new ReplicaLag();
  let behind = false;
  const checkLag = async (): Promise<number | undefined> => {
    if (!up || closed) return undefined;
    try {
      const [onPrimary] = resultRows<{ lsn: string }>(await primary().execute(sql`select pg_current_wal_lsn()::text as lsn`));
      if (onPrimary) lag.primaryAt(onPrimary.lsn, Date.now());
    } catch {
      return undefined; // the primary's trouble, not the replica's: pages will say so
    }
    try {
      const [replayed] = await client<{ lsn: string | null }[]>`select pg_last_wal_replay_lsn()::text as lsn`;
      if (!replayed?.lsn) return undefined; // not a standby: nothing to compare
      const ms = lag.replayed(replayed.lsn, Date.now());
      if (ms > maxLagMs !== behind) {
        behind = ms > maxLagMs;
        if (behind) logger.warn({ lagMs: ms }, "read replica lags too far: reading the primary until it catches up");
        else logger.info("read replica caught up: anonymous page reads go back to it");
      }
      return ms;
    } catch (err) {
      failed(err);
      return undefined;
    }
  };
  const lagTimer = lagCheckEveryMs > 0 ? setInterval(() => void checkLag(), lagCheckEveryMs) : undefined;
  lagTimer?.unref();

  return {
    db: drizzle(routed, { schema }),
    isUp: () => up && !behind,
    checkLag,
    async close() {
      closed = true;
      if (probe) clearTimeout(probe);
      if (lagTimer) clearInterval(lagTimer);
      await client.end({ timeout: 5 });
    },
  };
}
