// Concurrent callers share one load of the same data, so a burst of identical reads costs one
// query. A load caught by a database outage may never settle: a read sent as its connection was
// cut was seen waiting for good (2026-11-29, the outage test under load). Shared, it held every
// later caller of the same data, and the page never answered again, the database back or not.
// So a load is shared only while it is young or once it has settled: a caller finding one still
// running after SHARE_LOADS_FOR_MS starts its own.

/** How long a running load is shared: far above a read's usual time, even under load. */
export const SHARE_LOADS_FOR_MS = 1_000;

export interface SharedLoad<T> {
  promise: Promise<T>;
  startedAt: number;
  settled: boolean;
}

/** Starts a load to be shared, noting when it settles. */
export function startSharedLoad<T>(load: () => Promise<T>, now = Date.now()): SharedLoad<T> {
  const shared: SharedLoad<T> = { promise: load(), startedAt: now, settled: false };
  const settle = () => {
    shared.settled = true;
  };
  shared.promise.then(settle, settle);
  return shared;
}

/** Whether a caller may wait for this load: it has settled, or it is still young. */
export function mayShare<T>(shared: SharedLoad<T> | undefined, now = Date.now()): shared is SharedLoad<T> {
  return shared !== undefined && (shared.settled || now - shared.startedAt < SHARE_LOADS_FOR_MS);
}
