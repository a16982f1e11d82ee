// The production build under test: built (unless --no-build), started on a free port with a
// fresh DATA_DIR (demo data seeded, CAPTCHA=off), and watched until the end.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { isCleaningUp, log, freePort, root, runToEnd, sleep, startChild, stopChild, tmp } from "./processes.mjs";

/** The secret this run's server takes in X-Page-Cache-Bypass (a fresh one each run). */
export const BYPASS_TOKEN = crypto.randomBytes(24).toString("hex");

export async function build() {
  log("building (npm run build)");
  await runToEnd("npm", ["run", "build", "--silent"], 300_000, "npm run build");
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}); see its log above`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Polls a log file until a line matches; false after `timeoutMs`. */
async function waitForLogLine(file, pattern, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pattern.test(fs.readFileSync(file, "utf8"))) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/**
 * Starts the server and waits for /healthz; resolves to its port, origin, process id and DATA_DIR,
 * and `restart()`, which stops it and starts it again on the same data (seeded, photos drawn).
 */
export async function startServer({ port: givenPort, restarted = false } = {}) {
  const port = givenPort ?? (await freePort());
  const dataDir = path.join(tmp, "data");
  const serverLog = path.join(tmp, restarted ? "server-restarted.log" : "server.log");
  log(`starting the production server on port ${port} (${restarted ? "same" : "fresh"} DATA_DIR, CAPTCHA=off)`);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    CAPTCHA: "off",
    // Lets the load runs skip the rendered-page cache, to measure rendering itself.
    PAGE_CACHE_BYPASS_TOKEN: BYPASS_TOKEN,
    PUBLIC_URL: `http://localhost:${port}`,
    // As `npm run serve` starts it (docs/operations.md).
    MALLOC_ARENA_MAX: "2",
    // Every Lighthouse run is a fresh browser asking for a visitor id from one address: past the
    // default 30 an hour, each run after the 30th logged the answer's 429 as a console error.
    RATE_LIMIT_VISITOR_IDS: "100000",
  };
  for (const name of ["DATABASE_URL", "SMTP_URL", "REDIS_URL"]) delete env[name];
  const logFd = fs.openSync(serverLog, "w");
  const server = startChild(process.execPath, ["--max-old-space-size=256", "server/main.js"], { cwd: root, env, stdio: ["ignore", logFd, logFd] });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, server, 120_000);
  } catch (err) {
    process.stderr.write(fs.readFileSync(serverLog, "utf8").split("\n").slice(-30).join("\n"));
    throw err;
  }
  log("server ready");
  // A fresh DATA_DIR draws the demo photos in the background for a few seconds after opening:
  // measuring then would measure that drawing too (the first Lighthouse runs lost 5 to 10 points).
  const settled = await waitForLogLine(serverLog, /"msg":"demo photos (rendered|all stored|could not be rendered)"/, 180_000);
  log(settled ? "background photo drawing finished" : "the background photo drawing did not report within 3 min: measuring anyway");
  let stopping = false;
  server.on("exit", (code, signal) => {
    if (isCleaningUp() || stopping) return;
    log(`the server exited during the bench (${signal ?? `code ${code}`}); last lines of its log:`);
    process.stderr.write(`${fs.readFileSync(serverLog, "utf8").split("\n").slice(-30).join("\n")}\n`);
  });
  // `beforeStart`: work on the stopped server's data (the embedded database has one process at a time).
  const restart = async ({ beforeStart } = {}) => {
    stopping = true;
    await stopChild(server);
    await beforeStart?.();
    // The same object, now the new process's: a later restart (photos, then the dashboard) stops that one.
    return Object.assign(handle, await startServer({ port, restarted: true }));
  };
  const handle = { port, origin: `http://127.0.0.1:${port}`, pid: server.pid, dataDir, restart };
  return handle;
}
