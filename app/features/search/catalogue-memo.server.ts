import { checkRevisionsIfDue, onInvalidate } from "~/lib/cache.server";
import { onPrimary } from "~/lib/db-replica.server";
import { mayShare, type SharedLoad, startSharedLoad } from "~/lib/shared-load";
import { LruCache } from "./lru";

// Answers that depend only on the catalogue (a search's result page, a facet's counts), kept
// until the catalogue changes. The embedded database runs on the render's thread, so each query
// is main-thread CPU: a search page asks nine of them, and shoppers repeat the same few searches
// (and a facet's counts are shared by every search differing only in that facet). Bounded: the
// combinations are countless, the least recently used go first.

const MAX_ANSWERS = 4_000;
const answers = new LruCache<SharedLoad<unknown>>(MAX_ANSWERS);

// A load running when the catalogue changes is dropped with the rest: later callers load afresh.
onInvalidate((tag) => {
  if (tag === undefined || tag === "catalogue") answers.clear();
});

/** The answer for `key` under the current catalogue revision, loaded once (concurrent callers share it). */
export async function catalogueAnswer<T>(key: string, load: () => Promise<T>): Promise<T> {
  // Another process (the importer, another instance) may have changed the catalogue.
  const check = checkRevisionsIfDue();
  if (check) await check;
  const hit = answers.get(key);
  // A load still running after a second is not waited for (shared-load.ts): this caller loads again.
  if (mayShare(hit)) return hit.promise as Promise<T>;
  // Shared with every visitor and kept until the catalogue changes: read from the primary, never
  // from a replica that may lag behind the revision it is kept under (decision 019).
  const answer = startSharedLoad(() => onPrimary(load));
  answers.set(key, answer);
  // A failed load is not kept (a later caller tries again).
  answer.promise.catch(() => {
    if (answers.get(key) === answer) answers.delete(key);
  });
  return answer.promise;
}
