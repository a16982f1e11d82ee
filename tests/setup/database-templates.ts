import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

// Vitest's global setup: a folder for this run's template databases (tests/setup/database.ts makes
// them when a test file first asks, and starts every other test file's database from a copy), removed
// when the run ends, so no run ever starts from another run's data.

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseTemplates: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-test-databases-"));
  project.provide("testDatabaseTemplates", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
