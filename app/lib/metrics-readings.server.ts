import { and, count, isNull, lte, sql } from "drizzle-orm";
import { jobs } from "../../db/schema";
import { DATABASE_APPLICATION_NAME, database, POSTGRES_POOL_MAX, resultRows } from "./db.server";
import { databaseConnections, databasePoolMax, jobsDue, jobsPending, scrapeErrors } from "./metrics.server";

// Gauges read at scrape time, each bounded by a timeout so a slow or absent database cannot hold
// the scrape; a failed reading leaves its gauges empty and sets voitura_scrape_errors{source}.

const READING_TIMEOUT_MS = 2_000;

/** Pending and due jobs by name (decision 013's table). */
export async function readJobQueue(now = new Date()): Promise<void> {
  const rows = await database()
    .db.select({ name: jobs.name, pending: count(), due: sql<number>`count(*) filter (where ${lte(jobs.runAt, now)})`.mapWith(Number) })
    .from(jobs)
    .where(and(isNull(jobs.finishedAt), isNull(jobs.failedAt)))
    .groupBy(jobs.name);
  jobsPending.reset();
  jobsDue.reset();
  for (const row of rows) {
    jobsPending.set({ name: row.name }, Number(row.pending));
    jobsDue.set({ name: row.name }, Number(row.due));
  }
}

/** This process's PostgreSQL connections by state; the embedded database is one connection. */
export async function readDatabasePool(): Promise<void> {
  const handle = database();
  databaseConnections.reset();
  if (handle.kind === "pglite") {
    databasePoolMax.set(1);
    return;
  }
  databasePoolMax.set(POSTGRES_POOL_MAX);
  // The reading's own connection is left out: it is the scrape, not the site's work.
  const rows = resultRows<{ state: string | null; n: number }>(
    await handle.db.execute(sql`
      select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity
      where application_name = ${DATABASE_APPLICATION_NAME} and pid <> pg_backend_pid()
      group by 1`),
  );
  for (const state of ["active", "idle", "idle in transaction"]) databaseConnections.set({ state }, 0);
  for (const row of rows) databaseConnections.set({ state: row.state ?? "unknown" }, Number(row.n));
}

const scrapeReadings: Record<string, () => Promise<void>> = { jobs: () => readJobQueue(), database_pool: readDatabasePool };

/** Runs every reading in parallel; each failure is counted in voitura_scrape_errors and returned. */
export async function refreshScrapeReadings(readings = scrapeReadings, timeoutMs = READING_TIMEOUT_MS): Promise<Record<string, unknown>> {
  const failures: Record<string, unknown> = {};
  await Promise.all(
    Object.entries(readings).map(async ([source, read]) => {
      try {
        await withTimeout(read(), timeoutMs);
        scrapeErrors.set({ source }, 0);
      } catch (err) {
        failures[source] = err;
        scrapeErrors.set({ source }, 1);
      }
    }),
  );
  return failures;
}

export class TimeoutError extends Error {}

/** `promise`, or a TimeoutError after `ms` (the work itself is not cancelled, only no longer awaited). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer within ${ms} ms`)), ms);
  });
  promise.catch(() => {}); // a late failure after the timeout is not an unhandled rejection
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
