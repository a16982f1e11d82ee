import { and, asc, count, eq, sql } from "drizzle-orm";
import { db, resultRows } from "~/lib/db.server";
import { savedSearches } from "../../../../db/schema";
import { markSearchIndexStale, runSearch, searchIndex } from "./search-index.server";
import { type BudgetTerms, withBudget } from "./used-search.server";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { type UsedSearch, usedSearchUrl } from "./search-params";
import { parseUsedSearch } from "./search-parse";
import type { VehicleNames } from "./search-view";
import { defaultSavedSearchName, describeUsedSearch, NEW_ADS_COUNT_MAX, SAVED_SEARCH_LIMIT, savedQueryOf } from "./saved-search-rules";

// Saved used-car searches: saving one from the search page, the account's list with each
// search's new ads, rename, alerts on/off, delete. A saved search is its canonical query string;
// which ads match it is asked of the search index the search page uses (search-index.server.ts),
// so a saved search, its count and its alerts find exactly what the page shows.

/** A saved query read back into a search (a query saved by an older version is read leniently). */
export function searchOfQuery(query: string): UsedSearch {
  return parseUsedSearch(new URLSearchParams(query)).search;
}

/** The display names of a search's makes and models, as the index knows them. */
async function vehicleNamesOf(search: UsedSearch): Promise<VehicleNames> {
  const { index } = await searchIndex();
  const names: VehicleNames = { makes: {}, models: {} };
  for (const v of search.vehicles) {
    const make = index.makes.find(v.make);
    if (make !== undefined && index.makeNames[make]) names.makes[v.make] = index.makeNames[make]!;
    if (v.model) {
      const model = index.models.find(`${v.make}/${v.model}`);
      if (model !== undefined && index.modelNames[model]) names.models[`${v.make}/${v.model}`] = index.modelNames[model]!;
    }
  }
  return names;
}

const WALK_PAGE = 200;

/**
 * Live ads matching `search` published after `since`, newest first, at most `limit`. The index
 * gives the matches newest first; its minute-precise publication times bound the walk, and the
 * database settles the exact moment. A make or model the index does not know matches nothing
 * (the search page would drop it with a notice; an alert must not widen to every car). A monthly
 * budget is read on today's finance `terms`; without them it matches nothing, for the same reason.
 */
export async function newMatchingAdIds(search: UsedSearch, since: Date, options: { limit: number; fresh?: boolean; terms: BudgetTerms | null }): Promise<number[]> {
  if (search.budget !== undefined && !options.terms) return [];
  // A job asks for the index as the database is now; a page may read one a few seconds old.
  if (options.fresh) markSearchIndexStale();
  const current = await searchIndex();
  const newestFirst: UsedSearch = { ...withBudget(search, options.terms), sort: "newest", page: 1 };
  const key = usedSearchUrl(newestFirst);
  const sinceMinute = Math.floor(since.getTime() / 60_000) * 60_000;
  const candidates: number[] = [];
  // Candidates past the limit are kept (the database may turn some down), within reason.
  const cap = Math.max(options.limit * 2, options.limit + 20);
  walk: for (let offset = 0; candidates.length < cap; offset += WALK_PAGE) {
    const page = await runSearch(current, newestFirst, key, offset, WALK_PAGE);
    for (const id of page.ids) {
      const published = current.index.publishedMinuteOf(id);
      if (published === undefined) continue;
      if (published < sinceMinute) break walk;
      candidates.push(id);
    }
    if (page.ids.length < WALK_PAGE) break;
  }
  if (candidates.length === 0) return [];
  const rows = resultRows<{ id: number }>(
    await db().execute(sql`
      select id from used_ads
      where id in (select jsonb_array_elements_text(${JSON.stringify(candidates)}::jsonb)::int)
        and status = 'published' and published_at > ${since.toISOString()}::timestamptz
      order by published_at desc, id desc
      limit ${options.limit}`),
  );
  return rows.map((r) => Number(r.id));
}

type SaveSearchOutcome =
  | { status: "saved"; id: number; name: string }
  | { status: "exists"; id: number; name: string }
  | { status: "limit" };

/** Saves a search for a user under its canonical query, named in words; the same search twice is one. */
export async function saveSearch(userId: string, search: UsedSearch): Promise<SaveSearchOutcome> {
  const query = savedQueryOf(search);
  const name = defaultSavedSearchName(describeUsedSearch(search, await vehicleNamesOf(search)));
  return db().transaction(async (tx) => {
    // One user's saves are taken in turn, so two at once cannot both pass the limit.
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    const [existing] = await tx
      .select({ id: savedSearches.id, name: savedSearches.name })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.query, query)));
    if (existing) return { status: "exists", id: existing.id, name: existing.name };
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if (Number(n) >= SAVED_SEARCH_LIMIT) return { status: "limit" };
    const [row] = await tx.insert(savedSearches).values({ userId, name, query }).returning({ id: savedSearches.id });
    return { status: "saved", id: row!.id, name };
  });
}

export interface SavedSearchEntry {
  id: number;
  name: string;
  /** The criteria in words. */
  criteria: string;
  /** The search page with these filters. */
  url: string;
  alertsOn: boolean;
  /** Matching ads published since the user last opened it (at most NEW_ADS_COUNT_MAX). */
  newAds: number;
  createdAt: string;
}

/** The account's saved searches, oldest first, each with its new ads counted on the index. */
export async function savedSearchesOf(userId: string): Promise<SavedSearchEntry[]> {
  const rows = await db().select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  const terms = (await currentFinanceSummary())?.terms ?? null;
  return Promise.all(
    rows.map(async (row) => {
      const search = searchOfQuery(row.query);
      const newAds = await newMatchingAdIds(search, row.seenAt, { limit: NEW_ADS_COUNT_MAX, terms });
      return {
        id: row.id,
        name: row.name,
        criteria: describeUsedSearch(search, await vehicleNamesOf(search)),
        url: usedSearchUrl(search),
        alertsOn: row.alertsOn,
        newAds: newAds.length,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  );
}

const own = (userId: string, id: number) => and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));

/** Each change answers whether the user's search was there to change. */
export async function renameSavedSearch(userId: string, id: number, name: string): Promise<boolean> {
  return (await db().update(savedSearches).set({ name }).where(own(userId, id)).returning({ id: savedSearches.id })).length > 0;
}

export async function setSavedSearchAlerts(userId: string, id: number, alertsOn: boolean): Promise<boolean> {
  return (await db().update(savedSearches).set({ alertsOn }).where(own(userId, id)).returning({ id: savedSearches.id })).length > 0;
}

export async function deleteSavedSearch(userId: string, id: number): Promise<boolean> {
  return (await db().delete(savedSearches).where(own(userId, id)).returning({ id: savedSearches.id })).length > 0;
}

/** Opening a saved search: its ads count as seen from now; gives the search page's address. */
export async function openSavedSearch(userId: string, id: number, now = new Date()): Promise<string | undefined> {
  const [row] = await db().update(savedSearches).set({ seenAt: now }).where(own(userId, id)).returning({ query: savedSearches.query });
  return row ? usedSearchUrl(searchOfQuery(row.query)) : undefined;
}
