// A small in-process cache for hot, rarely changing reads (menus, brand lists).
// Writers (the catalogue importer, the seed) call invalidate() with the tag they touched.
type Entry = { value: unknown; expiresAt: number; tags: string[] };

const entries = new Map<string, Entry>();
const pending = new Map<string, Promise<unknown>>();

export async function cached<T>(key: string, options: { ttlMs: number; tags: string[] }, load: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.value as T;
  // Concurrent misses share one load instead of stampeding the database.
  const inflight = pending.get(key);
  if (inflight) return inflight as Promise<T>;
  const promise = load()
    .then((value) => {
      entries.set(key, { value, expiresAt: Date.now() + options.ttlMs, tags: options.tags });
      return value;
    })
    .finally(() => pending.delete(key));
  pending.set(key, promise);
  return promise;
}

const invalidationListeners = new Set<(tag?: string) => void>();

/** Caches kept elsewhere (the rendered-page cache) are told when data changes. */
export function onInvalidate(listener: (tag?: string) => void): () => void {
  invalidationListeners.add(listener);
  return () => invalidationListeners.delete(listener);
}

export function invalidate(tag?: string): void {
  for (const [key, entry] of entries) {
    if (tag === undefined || entry.tags.includes(tag)) entries.delete(key);
  }
  for (const listener of invalidationListeners) listener(tag);
}
