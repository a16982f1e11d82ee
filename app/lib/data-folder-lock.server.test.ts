import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataFolderInUseError, LOCK_FILE, lockDataFolder } from "./data-folder-lock.server";

// The rules for a lock left in the folder; a real process killed while it holds the folder is in
// db.server.test.ts, and the production server killed and restarted in server/crash-restart.test.ts.

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-folder-lock-"));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

const lockFile = () => path.join(folder, LOCK_FILE);
const bootId = () => fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
const onLinux = fs.existsSync("/proc/sys/kernel/random/boot_id");

function age(file: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  fs.utimesSync(file, then, then);
}

describe("the data folder's lock", () => {
  it("refuses a second holder in the same process until the first releases it, and leaves nothing behind", async () => {
    const lock = await lockDataFolder(folder);
    await expect(lockDataFolder(folder)).rejects.toThrow(DataFolderInUseError);
    const owner = JSON.parse(fs.readFileSync(lockFile(), "utf8"));
    expect(owner.pid).toBe(process.pid);
    expect(fs.statSync(path.join(folder, owner.socket)).isSocket()).toBe(true);
    await lock.release();
    expect(fs.readdirSync(folder)).toEqual([]);
    await (await lockDataFolder(folder)).release();
  });

  it.runIf(onLinux)("takes over at once a lock of this machine whose socket is gone, even when its pid now names a live process", async () => {
    // The parent (vitest's runner) is alive: a pid reused by another process fools no one.
    fs.writeFileSync(lockFile(), JSON.stringify({ pid: process.ppid, host: os.hostname(), boot: bootId(), socket: "voitura-0123456789ab.sock" }));
    const lock = await lockDataFolder(folder);
    expect(JSON.parse(fs.readFileSync(lockFile(), "utf8")).pid).toBe(process.pid);
    await lock.release();
  });

  it("judges a lock of another machine by its heartbeat: refused while fresh, taken over once 15 s old", async () => {
    fs.writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, host: "elsewhere", boot: "another-boot", socket: "voitura-0123456789ab.sock" }));
    await expect(lockDataFolder(folder)).rejects.toThrow(DataFolderInUseError);
    age(lockFile(), 16_000);
    const lock = await lockDataFolder(folder);
    await lock.release();
  });

  it("judges an older version's lock folder, and a lock file still being written, by their age", async () => {
    fs.mkdirSync(lockFile());
    await expect(lockDataFolder(folder)).rejects.toThrow(DataFolderInUseError);
    age(lockFile(), 16_000);
    await (await lockDataFolder(folder)).release();

    fs.writeFileSync(lockFile(), "");
    await expect(lockDataFolder(folder)).rejects.toThrow(DataFolderInUseError);
    age(lockFile(), 16_000);
    await (await lockDataFolder(folder)).release();
    expect(fs.readdirSync(folder)).toEqual([]);
  });
});
