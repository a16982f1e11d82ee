import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError, isEmptyCatalogue, migrateDatabase, openDatabase, postgresReconnectDelaySeconds } from "./db.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-lock-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("embedded database", () => {
  it("refuses a second opener of the same data folder with a clear error", async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/already in use by another Voitura process/);
    } finally {
      await first.close();
    }
    // Released on close: the folder opens again, with its data kept.
    const again = await openDatabase({ dataDir: dir });
    await migrateDatabase(again);
    expect(await isEmptyCatalogue(again.db)).toBe(true);
    expect(await again.ping()).toBe(true);
    await again.close();
  });

  it("applies migrations twice without harm", async () => {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    await migrateDatabase(handle);
    expect(await isEmptyCatalogue(handle.db)).toBe(true);
    await handle.close();
    expect(await handle.ping()).toBe(false);
  });
});

describe("reconnecting to PostgreSQL", () => {
  it("waits a little longer after each refused attempt, never more than half a second", () => {
    for (let i = 0; i < 50; i++) {
      expect(postgresReconnectDelaySeconds(0)).toBeGreaterThanOrEqual(0.025);
      expect(postgresReconnectDelaySeconds(0)).toBeLessThanOrEqual(0.05);
      expect(postgresReconnectDelaySeconds(2)).toBeLessThanOrEqual(0.2);
      // postgres.js's own delay is 10-20 s here: a page waited that long for a database already back.
      for (const retries of [4, 7, 20, 1_000]) expect(postgresReconnectDelaySeconds(retries)).toBeLessThanOrEqual(0.5);
    }
  });
});
