import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DataDirLockedError, isEmptyCatalogue, migrateDatabase, openDatabase, postgresReconnectDelaySeconds, resultRows } from "./db.server";

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

  it("is free at once when the process that held the folder is killed, and refused while it lives", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-killed-"));
    try {
      // Another process opens the folder, writes a row and says so (tsx's loader in that very process, so the kill reaches it).
      const script = `
        import { openDatabase } from "./app/lib/db.server.ts";
        import { sql } from "drizzle-orm";
        const handle = await openDatabase({ dataDir: ${JSON.stringify(folder)} });
        await handle.db.execute(sql\`create table kept (email text)\`);
        await handle.db.execute(sql\`insert into kept values ('kept@example.com')\`);
        console.log("open");
        setInterval(() => {}, 1000);
      `;
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stderr.on("data", (chunk) => (output += chunk));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk) => String(chunk).includes("open") && resolve());
        child.once("exit", () => reject(new Error(`the other process ended: ${output}`)));
      });
      await expect(openDatabase({ dataDir: folder })).rejects.toThrow(/already in use by another Voitura process/);

      child.kill("SIGKILL");
      await exited;
      // No wait: a supervisor that restarts the server at once finds the folder free, the row kept.
      const handle = await openDatabase({ dataDir: folder });
      try {
        const rows = await handle.db.execute(sql`select email from kept`);
        expect(resultRows<{ email: string }>(rows).map((row) => row.email)).toEqual(["kept@example.com"]);
      } finally {
        await handle.close();
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);

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
