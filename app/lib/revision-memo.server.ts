import { checkRevisionsIfDue, onInvalidate, type RevisionScope } from "./cache.server";
import { onPrimary } from "./db-replica.server";
import { LruCache } from "./lru";
import { type SharedLoad, mayShare, startSharedLoad } from "./shared-load";

// Answers that depend only on data changed by imports (the catalogue, the dealer directory), kept
// until one of their scopes changes. The embedded database runs on the render's thread, so each
// query is main-thread CPU, and shoppers repeat the same few searches. Bounded: the combinations
// of a search's parameters are countless, the least recently used go first.

/** What a memo answers with: the value for `key` under the current revisions, loaded once. */
type RevisionAnswer = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/**
 * A memo of at most `maxAnswers` answers, emptied whenever one of `scopes` changes (a write in
 * this process, or another process's revision bump seen by the revision check). Never for live
 * data (ads, leads): nothing bumps a revision when they change.
 */
export function revisionMemo(scopes: readonly RevisionScope[], maxAnswers: number): RevisionAnswer {
  const answers = new LruCache<SharedLoad<unknown>>(maxAnswers);
  // A load running when a scope changes is dropped with the rest: later callers load afresh.
  onInvalidate((tag) => {
    if (tag === undefined || (scopes as readonly string[]).includes(tag)) answers.clear();
  });
  return async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    // Another process (an importer, another instance) may have changed the data.
    const check = checkRevisionsIfDue();
    if (check) await check;
    const hit = answers.get(key);
    // A load still running after a second is not waited for (shared-load.ts): this caller loads again.
    if (mayShare(hit)) return hit.promise as Promise<T>;
    // Shared with every visitor and kept until a revision moves: read from the primary, never
    // from a replica that may lag behind the revision it is kept under (decision 019).
    const answer = startSharedLoad(() => onPrimary(load));
    answers.set(key, answer);
    // A failed load is not kept (a later caller tries again).
    answer.promise.catch(() => {
      if (answers.get(key) === answer) answers.delete(key);
    });
    return answer.promise;
  };
}
