import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";

// Vitest's global setup: a folder for this run's template databases (tests/setup/database.ts makes
// them when a test file first asks, and starts every other test file's database from a copy), removed
// when the run ends, so no run ever starts from another run's data. With TEST_DATABASE_URL the
// templates are databases on that server, named after the run and dropped at its end too.

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplates: string;
    /** `<epoch ms>_<hex>`: the PostgreSQL templates are voitura_test_<run>_template_…, a name CI's cleanup knows. */
    testDatabaseRun: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-test-databases-"));
  const run = `${Date.now()}_${crypto.randomBytes(4).toString("hex")}`;
  project.provide("testDatabaseTemplates", dir);
  project.provide("testDatabaseRun", run);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`voitura\\_test\\_${run}\\_template\\_%`}`;
      for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
