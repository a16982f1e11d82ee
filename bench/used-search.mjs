// The used-car search at scale: bench/used-search-pg.ts over the PostgreSQL database named by
// `--used-search-db=postgres://…` (filled beforehand by `npm run market:generate -- --ads 1000000`).
import { spawn } from "node:child_process";
import fs from "node:fs";
import { log } from "./processes.mjs";

export const USED_SEARCH_P95_BUDGET_MS = 50;

/** Runs the search bench as a child process (TypeScript through tsx); its figures or null. */
export async function measureUsedSearch(databaseUrl) {
  log("used-car search over PostgreSQL: loading the index, then the representative searches");
  const code = await new Promise((resolve) => {
    const child = spawn("npx", ["tsx", "bench/used-search-pg.ts"], { stdio: "inherit", env: { ...process.env, DATABASE_URL: databaseUrl } });
    const timer = setTimeout(() => child.kill("SIGTERM"), 10 * 60_000);
    child.on("exit", (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  if (code !== 0) return null;
  return JSON.parse(fs.readFileSync("bench/out/used-search-pg.json", "utf8"));
}
