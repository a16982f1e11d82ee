// The dealer stock feed (issue 46): a feed of 2,000 cars with 8 photos each (16,000 distinct JPEGs
// of 1024×768) imported by `npm run dealers:stock` into a fresh embedded database, then the same
// feed again (nothing changes, no photo is stored twice). Measures the wall-clock time and the peak
// resident memory of each run (GNU time). `--only=stock-feed` runs this alone (about 15 minutes).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { log } from "./processes.mjs";

const root = path.resolve(import.meta.dirname, "..");

function timed(args, env) {
  const run = spawnSync("/usr/bin/time", ["-f", "%e %M %U %S", process.execPath, "--import", "tsx", ...args], { cwd: root, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const last = run.stderr.trim().split("\n").at(-1) ?? "";
  const [seconds, kb, user, system] = last.split(" ").map(Number);
  if (run.status !== 0) throw new Error(`${args.join(" ")} failed (${run.status}): ${run.stderr.slice(-2000)}`);
  // CPU seconds beside the wall time: on a busy machine the wall time says little, the CPU time
  // divided by the cores says what a quiet machine would take.
  return { seconds, peakMb: Math.round(kb / 1024), cpuSeconds: Math.round(user + system), stdout: run.stdout };
}

/** FEED_CARS and FEED_PHOTOS change the feed's size (a smaller run on a busy machine). */
const CARS = Number(process.env.FEED_CARS ?? 2000);
const PHOTOS = Number(process.env.FEED_PHOTOS ?? 8);

export async function measureStockFeed() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-bench-feed-"));
  const env = { ...process.env, DATA_DIR: path.join(dir, "data"), NODE_ENV: "production", LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  try {
    log(`stock feed: generating ${CARS} cars and ${CARS * PHOTOS} photos`);
    const setup = timed(["bench/stock-feed-setup.ts", dir], env);
    log(`stock feed: data ready (${setup.stdout.trim()}, ${setup.seconds} s)`);
    const args = ["scripts/dealers-stock.ts", "bench-feed-motors", path.join(dir, "feed.csv"), "--photos", path.join(dir, "photos.zip")];
    const first = timed(args, env);
    log(`stock feed: first import ${first.seconds} s (${first.cpuSeconds} CPU s), peak RSS ${first.peakMb} MB`);
    const again = timed(args, env);
    log(`stock feed: same feed again ${again.seconds} s (${again.cpuSeconds} CPU s), peak RSS ${again.peakMb} MB`);
    const result = { cars: CARS, photos: CARS * PHOTOS, first, again };
    console.log(
      `\n| stock feed run | time | CPU time | peak RSS |\n|---|---|---|---|\n| first import (${CARS} cars, ${CARS * PHOTOS} photos) | ${first.seconds} s | ${first.cpuSeconds} s | ${first.peakMb} MB |\n| same feed again | ${again.seconds} s | ${again.cpuSeconds} s | ${again.peakMb} MB |`,
    );
    console.log(first.stdout.split("\n").slice(-9).join("\n"));
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
