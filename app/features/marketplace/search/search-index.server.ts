import { sql } from "drizzle-orm";
import { db, resultRows } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { LruCache } from "~/lib/lru";
import { clearAdCardCache, forgetAdCards } from "../ad-cards.server";
import { type IndexedAd, UsedAdIndex } from "./search-engine";
import type { UsedSearch } from "./search-params";

// The process's used-car search index (decision 011): loaded from the database at first use,
// then refreshed by `updated_at` every few seconds (and at once after this process's own writes,
// markSearchIndexStale()), so a new, changed or sold ad shows in search within seconds. Each app
// instance keeps its own; the database stays the source of truth (cards are read from it).

/** How old the index may get before a search starts a refresh (served from the old one meanwhile). */
const REFRESH_MS = 3_000;
/**
 * A transaction's now() is its start, so a write committed after our last read can carry an older
 * stamp than rows already read. Stamps older than this (by the database's clock) are taken as
 * settled: the refresh reads from the newest settled stamp it has seen, so it re-reads only the
 * last half minute of writes, and nothing once writes pause (re-reading a burst of writes every
 * few seconds held searches up). Re-reading is harmless (upserts).
 */
const OVERLAP_MS = 30_000;
const LOAD_BATCH = 20_000;
/**
 * A deleted row leaves no updated_at behind (an account's deletion cascades to its ads), so the
 * live count is compared this often, and after this process's own writes, and the ids are
 * reconciled when it differs.
 */
const RECONCILE_MS = 60_000;

interface AdRow {
  id: number;
  status: string;
  make_name: string;
  model_name: string;
  year: number;
  mileage_km: number;
  price_zar: number;
  fuel: string;
  transmission: string;
  body_type: string;
  drive: string;
  colour: string;
  province: string;
  city: string;
  seller_kind: string;
  photo_count: number;
  price_rating: number;
  published_at: string | Date | null;
  updated_at: string | Date;
  price_dropped_at: string | Date | null;
}

// The "price dropped recently" sort's key: when the latest used_ad_prices row was set, if it is
// lower than the row before it (price-history.ts's latestDrop). Two index look-ups per ad on
// used_ad_prices_ad_idx; a price change moves updated_at (migration 0007), so a refresh re-reads it.
const columns = sql`id, status, make_name, model_name, year, mileage_km, price_zar, fuel, transmission, body_type, drive,
  colour, province, city, seller_kind, photo_count, price_rating, published_at, updated_at,
  (select case when latest.price_zar < (
      select earlier.price_zar from used_ad_prices earlier
      where earlier.ad_id = used_ads.id and (earlier.changed_at, earlier.id) < (latest.changed_at, latest.id)
      order by earlier.changed_at desc, earlier.id desc limit 1)
    then latest.changed_at end
   from (select p.id, p.price_zar, p.changed_at from used_ad_prices p where p.ad_id = used_ads.id order by p.changed_at desc, p.id desc limit 1) latest
  ) as price_dropped_at`;

const time = (v: string | Date | null): number => (v === null ? 0 : v instanceof Date ? v.getTime() : new Date(v).getTime());

function toIndexed(row: AdRow): IndexedAd {
  return {
    id: Number(row.id),
    makeName: row.make_name,
    modelName: row.model_name,
    year: Number(row.year),
    mileageKm: Number(row.mileage_km),
    priceZar: Number(row.price_zar),
    fuel: row.fuel,
    transmission: row.transmission,
    bodyType: row.body_type,
    drive: row.drive,
    colour: row.colour,
    province: row.province,
    city: row.city,
    sellerKind: row.seller_kind,
    photoCount: Number(row.photo_count),
    priceRating: Number(row.price_rating),
    publishedAt: time(row.published_at) || time(row.updated_at),
    priceDroppedAt: time(row.price_dropped_at),
  };
}

export interface IndexState {
  index: UsedAdIndex;
  /** Bumped by every refresh that changed a row: the result cache's key. */
  version: number;
}

let state: IndexState | undefined;
let loading: Promise<IndexState> | undefined;
let refreshing: Promise<void> | undefined;
let lastSeen = 0;
let lastRefresh = 0;
let lastReconcile = 0;
let stale = false;
let full = false;

function apply(index: UsedAdIndex, row: AdRow): boolean {
  if (row.status !== "published") {
    if (!index.has(Number(row.id))) return false;
    index.remove(Number(row.id));
    return true;
  }
  if (!index.upsert(toIndexed(row))) {
    if (!full) logger.error({ live: index.live }, "used-car search index is full; newer ads are left out of search");
    full = true;
    return false;
  }
  return true;
}

async function load(): Promise<IndexState> {
  const started = performance.now();
  const [mark] = resultRows<{ at: string | Date | null; db_now: string | Date; n: number }>(
    await db().execute(sql`select max(updated_at) as at, now() as db_now, count(*) filter (where status = 'published')::int as n from used_ads`),
  );
  const index = new UsedAdIndex(Math.max(1024, Math.ceil(Number(mark?.n ?? 0) * 1.1)));
  let after = 0;
  for (;;) {
    const rows = resultRows<AdRow>(
      await db().execute(sql`select ${columns} from used_ads where status = 'published' and id > ${after} order by id limit ${LOAD_BATCH}`),
    );
    for (const row of rows) apply(index, row);
    if (rows.length < LOAD_BATCH) break;
    after = Number(rows.at(-1)!.id);
  }
  index.warmUp();
  lastSeen = mark?.at ? Math.min(time(mark.at), time(mark.db_now) - OVERLAP_MS) : 0;
  lastRefresh = Date.now();
  lastReconcile = lastRefresh;
  logger.info({ ads: index.live, ms: Math.round(performance.now() - started), mb: Math.round(index.bytes / 1_048_576) }, "used-car search index loaded");
  return { index, version: 1 };
}

/** Applies every ad changed since the last refresh; a failure keeps the current index (and is logged). */
async function refresh(current: IndexState, reconcileNow: boolean): Promise<void> {
  try {
    const [clock] = resultRows<{ db_now: string | Date }>(await db().execute(sql`select now() as db_now`));
    const settled = time(clock!.db_now) - OVERLAP_MS;
    const since = new Date(Math.max(0, lastSeen));
    let changed = false;
    let newest = lastSeen;
    let cursor: { at: Date; id: number } = { at: since, id: 0 };
    for (;;) {
      const rows = resultRows<AdRow>(
        await db().execute(sql`select ${columns} from used_ads
          where (updated_at, id) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id})
          order by updated_at, id limit ${LOAD_BATCH}`),
      );
      forgetAdCards(rows.map((row) => Number(row.id)));
      for (const row of rows) {
        if (apply(current.index, row)) changed = true;
        newest = Math.max(newest, time(row.updated_at));
      }
      if (rows.length < LOAD_BATCH) break;
      const last = rows.at(-1)!;
      cursor = { at: new Date(time(last.updated_at)), id: Number(last.id) };
    }
    lastSeen = Math.max(lastSeen, Math.min(newest, settled));
    lastRefresh = Date.now();
    if (reconcileNow || lastRefresh - lastReconcile > RECONCILE_MS) {
      lastReconcile = lastRefresh;
      if (await reconcile(current.index)) changed = true;
    }
    if (changed) current.version++;
  } catch (error) {
    lastRefresh = Date.now();
    logger.error({ err: error }, "used-car search index refresh failed; the previous index stays in use");
  }
}

/** Drops rows whose ad was deleted; true when some were. */
async function reconcile(index: UsedAdIndex): Promise<boolean> {
  const [row] = resultRows<{ n: number }>(await db().execute(sql`select count(*)::int as n from used_ads where status = 'published'`));
  if (Number(row?.n ?? 0) === index.live) return false;
  const live = new Set<number>();
  let after = 0;
  for (;;) {
    const rows = resultRows<{ id: number }>(
      await db().execute(sql`select id from used_ads where status = 'published' and id > ${after} order by id limit ${LOAD_BATCH * 5}`),
    );
    for (const r of rows) live.add(Number(r.id));
    if (rows.length < LOAD_BATCH * 5) break;
    after = Number(rows.at(-1)!.id);
  }
  let removed = 0;
  for (const id of index.liveIds()) {
    if (!live.has(id)) {
      index.remove(id);
      removed++;
    }
  }
  if (removed > 0) logger.info({ removed }, "used-car search index: deleted ads dropped");
  return removed > 0;
}

/**
 * The index, loaded on first use. A stale index (marked after a write, or older than REFRESH_MS)
 * is refreshed: awaited after this process's own write, in the background otherwise.
 */
export async function searchIndex(): Promise<IndexState> {
  if (!state) {
    loading ??= load().finally(() => (loading = undefined));
    state = await loading;
    return state;
  }
  const current = state;
  if (stale) {
    stale = false;
    // A refresh already running may have read before this process's write: wait for it, then read again.
    if (refreshing) await refreshing.catch(() => {});
    refreshing = refresh(current, true).finally(() => (refreshing = undefined));
    await refreshing;
  } else if (Date.now() - lastRefresh > REFRESH_MS) {
    refreshing ??= refresh(current, false).finally(() => (refreshing = undefined));
  }
  return current;
}

/** Call after writing ads: the next search reads the changes first. */
export function markSearchIndexStale(): void {
  stale = true;
}

/** Forget the index (tests switch databases; the next search loads again). */
export function resetSearchIndex(): void {
  state = undefined;
  loading = undefined;
  refreshing = undefined;
  lastSeen = 0;
  lastRefresh = 0;
  lastReconcile = 0;
  stale = false;
  full = false;
  keywordCache = new LruCache(200);
  clearAdCardCache();
  // A new index starts at version 1 again: answers of the old one must not be taken for its own.
  resultCacheVersion = -1;
}

// Keyword matches by normalised text, kept a few seconds while the index stays the same (the rows
// they point at are re-checked by the pass and the cards are read from the database); a change to
// the index drops them with the answers (runSearch).
const KEYWORD_TTL_MS = 10_000;
const KEYWORD_MAX_IDS = 500_000;
let keywordCache = new LruCache<{ at: number; ids: Promise<number[]> }>(200);

/**
 * Live ads whose title, variant or description hold every word of `q` (each word as a prefix),
 * through the keyword vector kept by the trigger of migration 0006. Undefined when `q` has no
 * searchable word.
 */
async function keywordMatches(q: string): Promise<number[] | undefined> {
  const key = q.trim().toLowerCase();
  if (!/[\p{L}\p{N}]/u.test(key)) return undefined;
  const hit = keywordCache.get(key);
  if (hit && Date.now() - hit.at < KEYWORD_TTL_MS) return hit.ids;
  const ids = (async () => {
    const rows = resultRows<{ id: number }>(
      await db().execute(sql`
        with words as (select search_normalise(${key}) as text)
        select u.id from used_ads u, words
        where words.text <> '' and u.status = 'published'
          and u.search_vector @@ to_tsquery('simple'::regconfig, regexp_replace(words.text, ' ', ':* & ', 'g') || ':*')
        limit ${KEYWORD_MAX_IDS}`),
    );
    return rows.map((r) => Number(r.id));
  })();
  keywordCache.set(key, { at: Date.now(), ids });
  ids.catch(() => keywordCache.delete(key));
  return ids;
}

export interface IndexResult {
  total: number;
  ids: number[];
  counts: ReturnType<UsedAdIndex["query"]>["counts"];
}

// Recent answers by search and index version: the hub and the first page of popular searches are
// asked again and again between two refreshes.
let resultCache = new LruCache<IndexResult>(300);
let resultCacheVersion = -1;
let resultCaching = true;

/** The bench turns the answer cache off to time the search itself (repeated searches would hit it). */
export function setResultCaching(enabled: boolean): void {
  resultCaching = enabled;
}

/** Runs a (validated) search on the index, the keyword first matched in the database. */
export async function runSearch(current: IndexState, search: UsedSearch, key: string, offset: number, limit: number): Promise<IndexResult> {
  if (resultCacheVersion !== current.version) {
    resultCache = new LruCache(300);
    // The keyword matches name live ads only: an ad paused, then put back on sale, was missing
    // from matches read while it was paused, and from every answer cached from them until the
    // next change to the index (seen in the e2e journey on a slow machine).
    keywordCache = new LruCache(200);
    resultCacheVersion = current.version;
  }
  const cacheKey = `${key}|${offset}|${limit}`;
  const hit = resultCaching ? resultCache.get(cacheKey) : undefined;
  if (hit) return hit;
  const ids = search.q ? await keywordMatches(search.q) : undefined;
  const textRows = ids ? current.index.rowMask(ids) : null;
  const result = current.index.query(search, { textRows, offset, limit });
  resultCache.set(cacheKey, result);
  return result;
}
