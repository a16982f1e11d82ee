import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "../../db/schema";
import { DataFolderInUseError, lockDataFolder } from "./data-folder-lock.server";
import { readTypesAsText, withKeptStatements } from "./kept-statements.server";

// Both drivers expose the same Drizzle query builder; we type the handle as one of them.
export type Database = PostgresJsDatabase<typeof schema>;
/**
 * The embedded database's buffer cache. PostgreSQL's default (128 MB) lives inside the process,
 * and a server that has read its data keeps it all (bench/README.md: about 140 MB of the idle
 * server's memory); the data files stay in the operating system's page cache anyway, and
 * searches read the in-process index (decision 011), so a small cache costs little. 20 MB holds
 * what the pages read (model, ad and used-car search pages rendered as fast as with 32 MB) and
 * kept the photo bench's peak 25-30 MB lower; at 16 MB the model page slowed by a tenth.
 */
const EMBEDDED_SHARED_BUFFERS = "20MB";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs `fn` while holding a database-wide advisory lock (safe for several starting instances). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

interface OpenOptions {
  /** Postgres connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; absent means an in-memory database (tests). */
  dataDir?: string;
  /** PGlite only: starts from a copy of a database (a dumpDataDir() tarball) instead of an empty one (tests: a migrated one). */
  loadDataDir?: Blob;
}

// The source file and the bundled chunk sit at different depths: walk up to the project's
// db/migrations folder from wherever this code runs.
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "db", "migrations");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve("db/migrations");
    dir = parent;
  }
}
const migrationsFolder = findMigrationsFolder();

const MIGRATION_LOCK_KEY = 7_310_001;

export class DataDirLockedError extends Error {}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}

/** The most connections one process opens to PostgreSQL. */
export const POSTGRES_POOL_MAX = 10;
/** This process's connections are named so in pg_stat_activity (the metrics count them by state). */
export const DATABASE_APPLICATION_NAME = `voitura:${os.hostname()}:${process.pid}`.slice(0, 63);

/**
 * Seconds a closed connection waits before it connects again, after `retries` failed attempts in a
 * row. postgres.js's own backoff grows to 10-20 s after seven refused attempts, so after an outage
 * of a few seconds the first requests waited that long for the database that was already back; ours
 * stops at half a second (requests meanwhile answer 503 at once, so attempts stay few).
 */
export function postgresReconnectDelaySeconds(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, 0.5);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // A short connect timeout: while the server is unreachable, requests fail within two seconds
  // (and answer 503) instead of waiting behind connection attempts.
  const client = postgres(url, {
    max: POSTGRES_POOL_MAX,
    onnotice: () => {},
    idle_timeout: 30,
    connect_timeout: 2,
    backoff: postgresReconnectDelaySeconds,
    connection: { application_name: DATABASE_APPLICATION_NAME },
  });
  const db = drizzlePostgres(client, { schema });
  return {
    db,
    kind: "postgres",
    async withAdvisoryLock(key, fn) {
      // Hold the lock on one reserved connection for the whole critical section.
      const conn = await client.reserve();
      try {
        await conn`select pg_advisory_lock(${key})`;
        return await fn();
      } finally {
        await conn`select pg_advisory_unlock(${key})`.catch(() => {});
        conn.release();
      }
    },
    async ping() {
      try {
        await client`select 1`;
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let release: (() => Promise<void>) | undefined;
  let dataPath: string | undefined;
  if (dataDir) {
    const root = path.resolve(dataDir);
    dataPath = path.join(root, "pglite");
    fs.mkdirSync(dataPath, { recursive: true });
    try {
      // One writer only (data-folder-lock.server.ts): the lock dies with its process, so a
      // supervisor restarting the server at once after a crash finds the folder free.
      const lock = await lockDataFolder(root, (message) => console.error(JSON.stringify({ level: 50, msg: message })));
      release = lock.release;
    } catch (err) {
      if (err instanceof DataFolderInUseError) {
        throw new DataDirLockedError(
          `The data folder ${root} is already in use by another Voitura process. Stop it, or set DATA_DIR to another folder.`,
        );
      }
      throw err;
    }
  }
  const client = new PGlite(dataPath ?? "memory://", {
    extensions: { pg_trgm, unaccent },
    postgresqlconf: [`shared_buffers = ${EMBEDDED_SHARED_BUFFERS}`],
    loadDataDir,
  });
  await client.waitReady;
  // Dates and timestamps stay text, as Drizzle asks of every query (kept-statements.server.ts).
  readTypesAsText(client);
  // Repeated reads are kept planned: the embedded database plans on the app's thread (kept-statements.server.ts).
  const db = drizzlePglite(withKeptStatements(client), { schema }) as unknown as Database;
  let queue = Promise.resolve();
  return {
    db,
    kind: "pglite",
    // A single in-process database: a promise chain is the lock.
    async withAdvisoryLock(_key, fn) {
      const run = queue.then(fn);
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    async ping() {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await client.close();
      await release?.();
    },
  };
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    if (handle.kind === "pglite") {
      await migratePglite(handle.db as never, { migrationsFolder });
    } else {
      await migratePostgres(handle.db, { migrationsFolder });
    }
  });
}

/** Rows of a raw `db.execute` result, whichever driver produced it. */
export function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export async function isEmptyCatalogue(db: Executor): Promise<boolean> {
  const rows = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from brands`));
  return (rows[0]?.n ?? 0) === 0;
}

// The process-wide handle, set once by the server (or by a test). Kept on globalThis so the
// development server's module reloads keep using the one open database.
const holder = globalThis as typeof globalThis & { __voituraDatabase?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined): void {
  holder.__voituraDatabase = handle;
}

export function database(): DatabaseHandle {
  const current = holder.__voituraDatabase;
  if (!current) throw new Error("The database is not open yet");
  return current;
}

export function db(): Database {
  return database().db;
}
