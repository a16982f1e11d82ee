// A small in-process cache for hot, rarely changing reads (menus, brand lists).
// Writers in this process call invalidate() with the tag they touched. Writers in another process
// (the catalogue importer beside a PostgreSQL server, another app instance) bump the scope's
// counter in data_revisions in their transaction; entries tagged with a scope are dropped here
// when its stored revision changes. That check is one small query at most every few seconds,
// never one per cache read.
import { sql } from "drizzle-orm";
import { dataRevisions } from "../../db/schema";
import { type Executor, database, resultRows } from "./db.server";
import { onPrimary } from "./db-replica.server";
import { mayShare, type SharedLoad, startSharedLoad } from "./shared-load";

type Entry = { value: unknown; expiresAt: number; tags: string[] };

/**
 * At most this many entries are kept; the least recently read goes first. Keys name a page's
 * record (a model, a version, an article), so a crawler reading every page would otherwise keep
 * every page's data for its TTL: about 140 MB after the sitemaps' 4,000 pages (bench/memory.mjs).
 */
export const MAX_CACHE_ENTRIES = 500;

// A Map keeps insertion order: a read moves its key to the end, so the first key is the oldest.
const entries = new Map<string, Entry>();

function keep(key: string, entry: Entry): void {
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > MAX_CACHE_ENTRIES) entries.delete(entries.keys().next().value as string);
}
const pending = new Map<string, SharedLoad<unknown>>();
// Bumped by every invalidate(): a load that started before it must not store its (stale) value.
let generation = 0;

/** Tags that follow a data_revisions scope of the same name. */
// "dealers" and "reviews": the directory and owner reviews (issue 16), written by imports and forms.
const REVISION_SCOPES = ["catalogue", "editorial", "dealers", "reviews"] as const;
export type RevisionScope = (typeof REVISION_SCOPES)[number];

const revisionCheck = {
  intervalMs: 5_000,
  checkedAt: Number.NEGATIVE_INFINITY,
  seen: new Map<string, number>(),
  running: undefined as SharedLoad<void> | undefined,
};

/** How often the stored revisions are compared (tests set 0 to check on every read). */
export function setRevisionCheckInterval(ms: number): void {
  revisionCheck.intervalMs = ms;
  revisionCheck.checkedAt = Number.NEGATIVE_INFINITY;
}

async function readRevisions(): Promise<Map<string, number> | undefined> {
  let handle;
  try {
    handle = database();
  } catch {
    return undefined; // no database in this process (yet): nothing to compare with
  }
  try {
    const rows = resultRows<{ scope: string; revision: number }>(
      await handle.db.execute(sql`select scope, revision from data_revisions`),
    );
    return new Map(rows.map((r) => [r.scope, Number(r.revision)]));
  } catch {
    return undefined; // database unavailable: keep serving what we have
  }
}

/** Drops entries of every scope whose stored revision moved since the last check. */
async function checkRevisions(): Promise<void> {
  const stored = await readRevisions();
  if (!stored) return;
  for (const scope of REVISION_SCOPES) {
    const revision = stored.get(scope) ?? 0;
    const seen = revisionCheck.seen.get(scope);
    if (seen !== undefined && seen !== revision) invalidate(scope);
    revisionCheck.seen.set(scope, revision);
  }
}

/** Compares the stored revisions when the last check is older than the interval (else undefined). */
export function checkRevisionsIfDue(): Promise<void> | undefined {
  const now = Date.now();
  // A check still running after a second is not waited for (shared-load.ts).
  if (mayShare(revisionCheck.running, now)) return revisionCheck.running.promise;
  if (now - revisionCheck.checkedAt < revisionCheck.intervalMs) return undefined;
  revisionCheck.checkedAt = now;
  const running = startSharedLoad(
    () =>
      checkRevisions().finally(() => {
        if (revisionCheck.running === running) revisionCheck.running = undefined;
      }),
    now,
  );
  revisionCheck.running = running;
  return running.promise;
}

export async function cached<T>(key: string, options: { ttlMs: number; tags: string[] }, load: () => Promise<T>): Promise<T> {
  if (options.tags.some((tag) => (REVISION_SCOPES as readonly string[]).includes(tag))) {
    const check = checkRevisionsIfDue();
    if (check) await check;
  }
  const hit = entries.get(key);
  if (hit && hit.expiresAt > Date.now()) {
    keep(key, hit);
    return hit.value as T;
  }
  // Concurrent misses share one load instead of stampeding the database (while it is young:
  // shared-load.ts).
  const inflight = pending.get(key);
  if (mayShare(inflight)) return inflight.promise as Promise<T>;
  const startedAt = generation;
  // Entries are shared with signed-in visitors and writers, and outlive a replica's lag many
  // times over: they are filled from the primary (decision 019).
  const shared: SharedLoad<T> = startSharedLoad(() =>
    onPrimary(load)
      .then((value) => {
        if (generation === startedAt) keep(key, { value, expiresAt: Date.now() + options.ttlMs, tags: options.tags });
        return value;
      })
      .finally(() => {
        if (pending.get(key) === shared) pending.delete(key);
      }),
  );
  pending.set(key, shared);
  return shared.promise;
}

const invalidationListeners = new Set<(tag?: string) => void>();

/** Caches kept elsewhere (the rendered-page cache) are told when data changes. */
export function onInvalidate(listener: (tag?: string) => void): () => void {
  invalidationListeners.add(listener);
  return () => invalidationListeners.delete(listener);
}

export function invalidate(tag?: string): void {
  generation += 1;
  for (const [key, entry] of entries) {
    if (tag === undefined || entry.tags.includes(tag)) entries.delete(key);
  }
  // Loads already running read the old data: later callers start a fresh one.
  pending.clear();
  for (const listener of invalidationListeners) listener(tag);
}

/**
 * Bumps a scope's revision; call it inside the transaction that changes the scope's data so
 * other processes drop their cached copies once it commits. Returns the new revision.
 */
export async function bumpRevision(executor: Executor, scope: RevisionScope): Promise<number> {
  const [row] = await executor
    .insert(dataRevisions)
    .values({ scope, revision: 1 })
    .onConflictDoUpdate({ target: dataRevisions.scope, set: { revision: sql`${dataRevisions.revision} + 1`, changedAt: sql`now()` } })
    .returning({ revision: dataRevisions.revision });
  return row?.revision ?? 0;
}
