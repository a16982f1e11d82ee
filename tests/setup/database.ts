import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { type DatabaseHandle, migrateDatabase, openDatabase, setDatabase } from "~/lib/db.server";
import { seedDatabase } from "../../db/seed";

/**
 * Gives the test file its own migrated database and installs it as the process database.
 * PGlite in memory by default; with TEST_DATABASE_URL set (CI), a fresh uniquely named
 * database on that PostgreSQL server, dropped afterwards.
 */
export function useTestDatabase(options: { seed?: boolean } = {}): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const created = await createPostgresDatabase(serverUrl);
      handle = await openDatabase({ databaseUrl: created.url });
      dropDatabase = created.drop;
    } else {
      handle = await openDatabase({});
    }
    await migrateDatabase(handle);
    if (options.seed) await seedDatabase(handle.db);
    setDatabase(handle);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await handle?.close();
    await dropDatabase?.();
  });

  return () => {
    if (!handle) throw new Error("test database not ready");
    return handle;
  };
}

/**
 * A fresh, empty, uniquely named database on the PostgreSQL server at serverUrl (its name starts
 * with voitura_test_<epoch ms>_ so CI can drop leftovers); drop() removes it, connections and all.
 */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `voitura_test_${Date.now()}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
