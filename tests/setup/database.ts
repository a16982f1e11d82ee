import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { type Database, type DatabaseHandle, migrateDatabase, openDatabase, setDatabase } from "~/lib/db.server";
import { readTypesAsText, withKeptStatements } from "~/lib/kept-statements.server";
import * as schema from "../../db/schema";
import { seedDatabase } from "../../db/seed";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const migrationsFolder = path.join(projectRoot, "db", "migrations");

/**
 * Gives the test file its own migrated database and installs it as the process database.
 * PGlite in memory by default, started from a copy of a migrated (and seeded) one (pgliteTemplate);
 * with TEST_DATABASE_URL set (CI), a fresh uniquely named database on that PostgreSQL server,
 * copied from a migrated (and seeded) template (postgresTemplate), and dropped afterwards.
 */
export function useTestDatabase(options: { seed?: boolean } = {}): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const template = await postgresTemplate(serverUrl, options.seed ?? false);
      const created = await createPostgresDatabase(serverUrl, template);
      handle = await openDatabase({ databaseUrl: created.url });
      dropDatabase = created.drop;
      if (!template) {
        await migrateDatabase(handle);
        if (options.seed) await seedDatabase(handle.db);
      }
    } else {
      handle = await openDatabase({ loadDataDir: await pgliteTemplate(options.seed ?? false) });
    }
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
 * A migrated (and, when asked, seeded) embedded database as a PGlite data folder tarball. Starting
 * PGlite from it takes a fraction of what starting an empty one (initdb in WebAssembly), migrating
 * and seeding it take, and some 55 test files do so. Made by the first test file that asks, once a
 * run, in the run's folder (tests/setup/database-templates.ts); workers that race to make it each
 * write their own file and rename it into place. The same set-up as the server's (openDatabase).
 */
async function pgliteTemplate(seed: boolean): Promise<Blob> {
  const dir = inject("testDatabaseTemplates") as string | undefined;
  const file = dir ? path.join(dir, seed ? "migrated-seeded.tar" : "migrated.tar") : undefined;
  if (file && fs.existsSync(file)) return new Blob([new Uint8Array(fs.readFileSync(file))]);

  const client = new PGlite("memory://", { extensions: { pg_trgm, unaccent } });
  await client.waitReady;
  readTypesAsText(client);
  const db = drizzle(withKeptStatements(client), { schema }) as unknown as Database;
  await migrate(db as never, { migrationsFolder });
  if (seed) await seedDatabase(db);
  const dump = await client.dumpDataDir("none");
  await client.close();
  if (file) {
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return dump;
}

/**
 * The name of this run's migrated (and seeded) template database on the PostgreSQL server, made by
 * the first test file that asks while the others wait on an advisory lock (a copy is a file copy on
 * the server: migrating took about as long as a small file's tests, seeding longer). Undefined
 * outside a Vitest run with the global setup, which drops the templates at the end.
 */
async function postgresTemplate(serverUrl: string, seed: boolean): Promise<string | undefined> {
  const dir = inject("testDatabaseTemplates") as string | undefined;
  const run = inject("testDatabaseRun") as string | undefined;
  if (!dir || !run) return undefined;
  const name = `voitura_test_${run}_template_${seed ? "seeded" : "migrated"}`;
  const made = path.join(dir, `${name}.made`);
  if (fs.existsSync(made)) return name;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`select pg_advisory_lock(hashtext(${name}))`;
    const [existing] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!existing) {
      await admin.unsafe(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ databaseUrl: url.toString() });
      try {
        await migrateDatabase(handle);
        if (seed) await seedDatabase(handle.db);
      } finally {
        await handle.close();
      }
    }
    fs.writeFileSync(made, "");
    await admin`select pg_advisory_unlock(hashtext(${name}))`;
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * A fresh, uniquely named database on the PostgreSQL server at serverUrl, empty or a copy of
 * `template` (its name starts with voitura_test_<epoch ms>_ so CI can drop leftovers); drop()
 * removes it, connections and all.
 */
export async function createPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `voitura_test_${Date.now()}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`);
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
