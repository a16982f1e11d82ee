import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../tests/setup/database";
import { type DatabaseHandle, openDatabase, setDatabase } from "./db.server";
import { metricsRegistry } from "./metrics.server";
import { readDatabasePool } from "./metrics-readings.server";

// The pool's connections as PostgreSQL itself sees them (pg_stat_activity, by this process's
// application name). Needs the machine's PostgreSQL; skipped without it.
const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function reachable(url: string): Promise<boolean> {
  const probe = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 });
  }
}

const available = await reachable(SERVER_URL);

describe.skipIf(!available)("the database pool reading on PostgreSQL", () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase(SERVER_URL);
    drop = created.drop;
    handle = await openDatabase({ databaseUrl: created.url });
    setDatabase(handle);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await handle?.close();
    await drop?.();
  });

  const connections = async () => {
    const metric = await metricsRegistry.getSingleMetric("voitura_db_connections")!.get();
    return Object.fromEntries(metric.values.map((v) => [String(v.labels.state), v.value]));
  };

  it("counts the connections running a query as active, and the others as idle", async () => {
    // Two queries held open by the database while the pool is read (Drizzle's queries start when awaited).
    const held = [1, 2].map(async () => handle.db.execute(sql`select pg_sleep(3)`));
    let seen: Record<string, number> = {};
    for (let attempt = 0; attempt < 20 && seen.active !== 2; attempt++) {
      await readDatabasePool();
      seen = await connections();
    }
    expect(seen.active).toBe(2);
    await Promise.all(held);
    await readDatabasePool();
    const after = await connections();
    expect(after.active).toBe(0);
    expect(after.idle).toBeGreaterThanOrEqual(2);
    const max = await metricsRegistry.getSingleMetric("voitura_db_pool_max")!.get();
    expect(max.values[0]?.value).toBe(10);
  });
});
