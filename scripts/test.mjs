// `npm test`: every check in order, stopping at the first failure with its exit code.
//   1. Debian's chromium and a Java runtime for the W3C HTML checker (installed with apt-get when
//      missing and we are root)
//   2. type check: react-router typegen, tsc --noEmit
//   3. production build (the server tests start build/ as several instances; Playwright reuses it)
//   4. Vitest (unit, database and server tests)
//   5. Playwright (end-to-end, starts the production server itself)
//   6. the posting journey again against a local S3 server (E2E_S3=1; its server starts beside
//      step 5's, so their seeding overlaps)
//   7. the cluster suite: nginx and three instances, with faults (tests/cluster; skipped, saying
//      why, without nginx, redis-server or root for pg_createcluster)
// Each step prints its wall time when it ends; before the summary comes a table of the steps'
// times and the slowest files (Vitest) and tests (Playwright) of each run, so the log says where
// the time went.
// The last line printed is always `N passed, N failed[, N skipped]`, added up from the two
// runners' JSON reports, so scripts (CI) can read it. A step that fails outside the test
// runners (install, types) counts as one failure, so a failed run never reads "0 failed".
import { CHROMIUM_PATH } from "../tests/setup/chromium.mjs";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { failedTestNames, formatCounts, formatSeconds, playwrightCounts, slowest, vitestCounts } from "../tests/setup/report-counts.mjs";

const CHROMIUM = CHROMIUM_PATH;
const root = fileURLToPath(new URL("..", import.meta.url));
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-test-"));
const counts = { passed: 0, failed: 0, skipped: 0 };
// Failed and flaky tests by name, printed again above the summary (and written to
// TEST_FAILURES_FILE when set, so CI can repeat them at the very end of its log).
const failures = [];
const started = Date.now();
let current;
/** Each step's wall time, in order, for the table at the end. */
const timings = [];
/** The runners' reports whose slowest files or tests the end of the log names. */
const timedReports = [];

function bin(name) {
  return path.join(root, "node_modules", ".bin", name);
}

function heading(text) {
  process.stdout.write(`\n▶ ${text}\n`);
}

/** Runs a command with inherited output; resolves with its exit code (128 + n for a signal). */
function run(command, args, options = {}) {
  process.stdout.write(`$ ${[command, ...args].join(" ")}\n`);
  return new Promise((resolve) => {
    current = spawn(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"], ...options });
    current.on("error", (err) => {
      console.error(`cannot run ${command}: ${err.message}`);
      resolve(127);
    });
    current.on("exit", (code, signal) => {
      current = undefined;
      resolve(code ?? 128 + (os.constants.signals[signal] ?? 1));
    });
  });
}

/** Runs one step under its heading and prints its wall time when it ends; resolves with its exit code. */
async function timedRun(name, command, args, options) {
  heading(name);
  const stepStarted = Date.now();
  const code = await run(command, args, options);
  const seconds = (Date.now() - stepStarted) / 1000;
  timings.push({ name, seconds });
  process.stdout.write(`⏱ ${name}: ${seconds.toFixed(1)} s${code === 0 ? "" : ` (exit ${code})`}\n`);
  return code;
}

function add(more, kind, report, title) {
  for (const key of Object.keys(counts)) counts[key] += more[key];
  failures.push(...failedTestNames(kind, report));
  if (title) timedReports.push({ kind, report, title });
}

/** Vitest's output, its JSON report (the counts) and each file's whole time (VITEST_FILE_TIMES). */
function vitestReporters(report) {
  return ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`, "--reporter=./tests/setup/vitest-file-times.mjs"];
}

/** The steps' times and each run's slowest files or tests. */
function printTimes() {
  if (!timings.length) return;
  console.log("\n── time per step ──");
  for (const t of timings) console.log(formatSeconds(t.seconds, t.name));
  console.log(formatSeconds((Date.now() - started) / 1000, "npm test in all"));
  for (const { kind, report, title } of timedReports) {
    const rows = slowest(kind, report, 10);
    if (!rows.length) continue;
    console.log(`\n── slowest ${kind === "files" ? "files" : "tests"}: ${title} ──`);
    for (const row of rows) console.log(formatSeconds(row.seconds, row.label));
  }
}

function finish(code, failedStep) {
  printTimes();
  fs.rmSync(reports, { recursive: true, force: true });
  if (failures.length) console.log(`\n${failures.join("\n")}`);
  if (process.env.TEST_FAILURES_FILE) fs.writeFileSync(process.env.TEST_FAILURES_FILE, failures.map((line) => `${line}\n`).join(""));
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (failedStep) console.error(`\n✗ ${failedStep} failed (exit ${code}) after ${seconds} s`);
  else console.log(`\n✓ all checks passed in ${seconds} s`);
  console.log(formatCounts(counts));
  process.exit(code);
}

async function step(name, command, args, options) {
  const code = await timedRun(name, command, args, options);
  if (code !== 0) {
    counts.failed += 1; // the line must never read "0 failed" when npm test fails
    finish(code, name);
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    current?.kill(signal);
    counts.failed += 1;
    finish(130, `interrupted (${signal})`);
  });
}

/** A port nothing listens on now (the system picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Starts the end-to-end server of the S3 run (tests/setup/e2e-server.mjs with E2E_S3=1) on a free
 * port with its own data folder. `ready` resolves true once it answers /healthz (false if it
 * exits or takes over four minutes); `stop` ends it as Playwright would (SIGTERM, then SIGKILL).
 */
async function startS3RunServer() {
  const port = String(await freePort());
  const env = { E2E_PORT: port, E2E_DATA_DIR: path.join(root, ".e2e-data-s3"), E2E_SKIP_BUILD: "1", E2E_S3: "1" };
  let output = "";
  const child = spawn(process.execPath, ["tests/setup/e2e-server.mjs"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  let exited = false;
  const exit = new Promise((resolve) => child.on("exit", () => resolve((exited = true))));
  const ready = (async () => {
    const deadline = Date.now() + 240_000;
    while (!exited && Date.now() < deadline) {
      try {
        if ((await fetch(`http://localhost:${port}/healthz`)).ok) return true;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return false;
  })();
  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exit;
    clearTimeout(killer);
  };
  process.on("exit", () => exited || child.kill("SIGKILL"));
  return { env, ready, stop, output: () => output };
}

// 1. Browser and Java (the end-to-end checkers run vnu.jar, the W3C HTML checker, with it).
function hasJava() {
  return spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;
}
const missing = [];
if (!fs.existsSync(CHROMIUM)) missing.push({ pkg: "chromium", why: `${CHROMIUM} is missing`, ok: () => fs.existsSync(CHROMIUM) });
if (!hasJava()) missing.push({ pkg: "default-jre-headless", why: "java is missing", ok: hasJava });
// nginx for the cluster suite: only installed when we may (root); otherwise that suite skips itself.
function hasNginx() {
  return ["nginx", "/usr/sbin/nginx"].some((binary) => spawnSync(binary, ["-v"], { stdio: "ignore" }).error === undefined);
}
if (!hasNginx() && process.getuid?.() === 0) missing.push({ pkg: "nginx", why: "nginx is missing", ok: hasNginx });
if (missing.length) {
  heading(`${missing.map((m) => m.why).join(", ")}: installing Debian's ${missing.map((m) => m.pkg).join(", ")}`);
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium (at ${CHROMIUM}) and Java 11 or later are required for the end-to-end tests.\n` +
        `Run npm test as root so it can install them, or install them yourself: sudo apt-get install -y ${missing.map((m) => m.pkg).join(" ")}`,
    );
    counts.failed += 1;
    finish(1, "browser and java install");
  }
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await step("apt-get update", "apt-get", ["update"], { env: aptEnv });
  await step(`apt-get install ${missing.map((m) => m.pkg).join(" ")}`, "apt-get", ["install", "-y", ...missing.map((m) => m.pkg)], { env: aptEnv });
  for (const m of missing) {
    if (m.ok()) continue;
    console.error(`apt-get finished but ${m.why.replace(" is missing", "")} still is not there.`);
    counts.failed += 1;
    finish(1, `${m.pkg} install`);
  }
}

// 2. Types (typegen first: route modules import their generated ./+types).
await step("route types (react-router typegen)", bin("react-router"), ["typegen"]);
await step("type check (tsc --noEmit)", bin("tsc"), ["--noEmit"]);

// 3. Build once, for the server tests and the end-to-end server.
await step("production build (react-router build)", bin("react-router"), ["build"]);

// 4. Vitest
{
  const report = path.join(reports, "vitest.json");
  const name = "unit and database tests (vitest)";
  const times = path.join(reports, "vitest-files.json");
  const code = await timedRun(name, bin("vitest"), ["run", ...vitestReporters(report)], { env: { ...process.env, VITEST_FILE_TIMES: times } });
  add(vitestCounts(report, code), "vitest", report);
  timedReports.push({ kind: "files", report: times, title: name });
  if (code !== 0) finish(code, "vitest");
}

// The S3 run's server (step 6) starts now, beside step 5's: seeding the demo data is one core's
// work for each, so the two overlap on two cores instead of queueing. It waits, idle, until step 6.
const s3Server = await startS3RunServer();

// 5. Playwright
{
  const report = path.join(reports, "playwright.json");
  const name = "end-to-end tests (playwright)";
  const code = await timedRun(name, bin("playwright"), ["test", "--reporter=list,json"], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_SKIP_BUILD: "1" },
  });
  add(playwrightCounts(report, code), "playwright", report, name);
  if (code !== 0) finish(code, "playwright");
}

// 6. The posting journey again with the photos in an S3-compatible store (a local S3 server the
//    e2e server starts: E2E_S3=1), and the spec proving the pictures come from the bucket. Only the
//    selling journey tagged @photo-store: the spec's other tests store no photo, or store them
//    through the same upload action, so step 5 covers them.
{
  const report = path.join(reports, "playwright-s3.json");
  const name = "end-to-end tests with the S3 store (playwright, E2E_S3=1)";
  const ready = await s3Server.ready;
  const code = ready
    ? await timedRun(name, bin("playwright"), ["test", "--reporter=list,json", "--grep", "@photo-store|selling-s3\\.spec", "tests/e2e/selling.spec.ts", "tests/e2e/selling-s3.spec.ts"], {
        env: { ...process.env, ...s3Server.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_SERVER_STARTED: "1" },
      })
    : 1;
  await s3Server.stop();
  if (!ready) {
    console.error(`the S3 run's end-to-end server did not start; its output:\n${s3Server.output()}`);
    counts.failed += 1;
    finish(1, "playwright (S3) server");
  }
  add(playwrightCounts(report, code), "playwright", report, name);
  if (code !== 0) finish(code, "playwright (S3)");
}

// 7. The cluster suite: nginx rendered from deploy/, three instances, S3, and a PostgreSQL and a
//    Redis of its own, which the fault tests stop (about two minutes).
{
  const report = path.join(reports, "vitest-cluster.json");
  const name = "cluster tests (vitest, tests/cluster)";
  const times = path.join(reports, "vitest-cluster-files.json");
  const code = await timedRun(name, bin("vitest"), ["run", "-c", "tests/cluster/vitest.config.ts", ...vitestReporters(report)], {
    env: { ...process.env, VITEST_FILE_TIMES: times },
  });
  add(vitestCounts(report, code), "vitest", report);
  timedReports.push({ kind: "files", report: times, title: name });
  if (code !== 0) finish(code, "cluster tests");
}

finish(0);
