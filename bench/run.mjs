// `npm run bench`: throughput and page quality of the production build. See bench/README.md.
//
// For each page below: autocannon against the app, the same against nginx serving the page's
// saved HTML (the ceiling for this machine), then Lighthouse (mobile). Prints a table with the
// budgets and writes bench/out/latest.json. Every step is bounded in time; the server, nginx and
// Chromium are stopped at the end, on failure and on Ctrl-C.
//
// Options: --no-build  --no-nginx  --no-lighthouse  --duration=10  --connections=50
//          --only=home,contact  --check (exit 1 when a budget is missed)

/**
 * The pages measured, in order. Add a page here: a short label and its path, or `resolve`, a
 * function finding the path on the running server (catalogue ids come from the data).
 * `minRendersPerSecond`: a throughput budget for that page.
 */
const PAGES = [
  { label: "home", path: "/" },
  { label: "contact", path: "/contactez-nous" },
  { label: "brand", resolve: (c) => c.brandPath },
  { label: "model", resolve: (c) => c.modelPath, minRequestsPerSecond: 400 },
  { label: "version", resolve: (c) => c.versionPath },
  { label: "search", path: "/voitures-neuves/recherche" },
  { label: "compare4", resolve: (c) => c.comparisonPath },
  { label: "news-list", path: "/actualite-auto/toute-l-actualite" },
  { label: "article", resolve: (c) => c.articlePath },
];

/** search_suggestion at a fixed rate, with the queries people type (prefixes, typos, brand + model). */
const SUGGESTION_QUERIES = ["co", "cor", "corola", "polo", "vw polo", "hil", "hilux", "ranger", "merc c", "bmw x", "tiggo", "haval h6", "swift", "fortuner", "citroen", "kia so", "mahindra", "jimny", "golf", "ev", "land cruiser", "starlet", "gwm p", "chery", "toyota", "ford ev", "byd at", "audi q", "omoda", "suzuki"];
const SUGGESTION_RATE = 200;
const SUGGESTION_BUDGET_P99_MS = 20;

/** Budgets from the brief; `min` scores are Lighthouse scores ×100. */
const BUDGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
  homeJsGzipKb: 150,
};

const CHROME_PATH = CHROMIUM_PATH;
const CHROME_FLAGS = CHROMIUM_FLAGS;

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/setup/chromium.mjs";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import lighthouse from "lighthouse";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const DURATION = Number(option("duration", "10"));
const LIGHTHOUSE_RUNS = Math.max(1, Number(option("lighthouse-runs", "3")));
const CONNECTIONS = Number(option("connections", "50"));
const WARMUP_SECONDS = 3;
const only = option("only", "");
const pages = only ? PAGES.filter((p) => only.split(",").includes(p.label)) : PAGES;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-bench-"));
const children = new Set(); // processes to stop on the way out
let chrome;
let cleaning;

function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** Rejects after `ms` with a message naming the step. */
function withTimeout(promise, ms, label) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no result after ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts a long-running child in its own process group so the whole group can be stopped. */
function startChild(command, argv, options) {
  const child = spawn(command, argv, { detached: true, ...options });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

async function stopChild(child, signal = "SIGTERM", graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
  if (await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)])) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
  await Promise.race([exited, sleep(2_000)]);
}

async function cleanup() {
  cleaning ??= (async () => {
    if (chrome) {
      try {
        await withTimeout(Promise.resolve(chrome.kill()), 5_000, "stopping chromium");
      } catch {
        // best effort
      }
    }
    await Promise.all([...children].map((c) => stopChild(c)));
    fs.rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaning;
}

// Last resort if the process exits without the async cleanup (uncaught error, watchdog).
process.on("exit", () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    log(`${signal}: stopping`);
    await cleanup();
    process.exit(130);
  });
}
// The whole run is bounded: build, start, and per page two load tests plus Lighthouse.
const WATCHDOG_MS = (8 * 60 + pages.length * (5 * (DURATION + WARMUP_SECONDS) + 90 * LIGHTHOUSE_RUNS + 30) + 2 * (DURATION + WARMUP_SECONDS)) * 1000;
const watchdog = setTimeout(async () => {
  log(`watchdog: the bench took more than ${Math.round(WATCHDOG_MS / 60_000)} min, stopping`);
  await cleanup();
  process.exit(2);
}, WATCHDOG_MS);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function runToEnd(command, argv, timeoutMs, label) {
  const child = startChild(command, argv, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  const done = new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${label} failed (${signal ?? `exit ${code}`})`)),
    );
  });
  return withTimeout(done, timeoutMs, label).catch(async (err) => {
    await stopChild(child);
    throw err;
  });
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

async function load(url, seconds, connections, extraHeaders = {}) {
  const result = await withTimeout(
    autocannon({
      url,
      duration: seconds,
      connections,
      // Browsers always ask for compression; the app and nginx both gzip.
      headers: { "accept-encoding": "gzip", ...extraHeaders },
    }),
    (seconds + 30) * 1000,
    `autocannon ${url}`,
  );
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Catalogue paths from the running server: Toyota (else the first brand), its most listed model, a version. */
async function catalogueContext(origin) {
  const brands = await (await fetch(`${origin}/menus/brands.json`, { signal: AbortSignal.timeout(10_000) })).json();
  const brand = brands.find((b) => b.slug === "toyota") ?? brands[0];
  const model = brand.models.find((m) => m.slug === "corolla-cross") ?? brand.models[0];
  const brandPath = `/guide-auto/voitures-neuves/marque/${brand.slug}/${brand.id}`;
  const modelPath = `/guide-auto/voitures-neuves/marque/${brand.slug}/modele/${model.id}-${model.slug}`;
  const html = await (await fetch(`${origin}${modelPath}`, { signal: AbortSignal.timeout(15_000) })).text();
  const versionPath = html.match(new RegExp(`/guide-auto/voitures-neuves/marque/${brand.slug}/modele/${model.slug}/\\d+-[a-z0-9-]+`))?.[0];
  // Four small SUVs shoppers compare, each at its cheapest version (the first four found).
  const rivals = [["toyota", "corolla-cross"], ["chery", "tiggo-4-pro"], ["haval", "jolion"], ["hyundai", "creta"], ["suzuki", "vitara"], ["kia", "seltos"]];
  const ids = [];
  for (const [brandSlug, modelSlug] of rivals) {
    const rival = brands.find((b) => b.slug === brandSlug)?.models.find((m) => m.slug === modelSlug);
    if (!rival || ids.length === 4) continue;
    const list = await (await fetch(`${origin}/menus/model-versions.json?model=${rival.id}`, { signal: AbortSignal.timeout(10_000) })).json();
    if (list[0]) ids.push(list[0].id);
  }
  const comparisonPath = ids.length === 4 ? `/comparateur?versions=${ids.join(",")}` : undefined;
  return { brandPath, modelPath, versionPath, comparisonPath };
}

/** The newest article's path, read from the all-news list of the running server. */
async function newsContext(origin) {
  const html = await (await fetch(`${origin}/actualite-auto/toute-l-actualite`, { signal: AbortSignal.timeout(15_000) })).text();
  return { articlePath: html.match(/\/actualite-auto\/[a-z-]+\/\d+-[a-z0-9-]+/)?.[0] };
}

/**
 * Latency at a fixed request rate, open loop: request k is due at start + k/rate whatever the
 * earlier ones did, and its latency runs from when it was due to its last byte, so a slow
 * server is not hidden by a client that waits (autocannon's rate limiter bursts and adds tens of
 * milliseconds of its own on this machine, so it is not used here).
 */
function fixedRateLatency(origin, paths, rate, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.round(rate * seconds);
  const latencies = [];
  let failed = 0;
  let sent = 0;
  const start = performance.now();
  return withTimeout(
    new Promise((resolve) => {
      const finish = () => {
        agent.destroy();
        latencies.sort((a, b) => a - b);
        const at = (q) => Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1));
        resolve({ ratePerSecond: rate, requests: total, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), non2xx: failed, errors: 0 });
      };
      const one = (k) => {
        const due = start + (k * 1000) / rate;
        const req = http.get(`${origin}${paths[k % paths.length]}`, { agent, headers: { "accept-encoding": "gzip" } }, (res) => {
          if (res.statusCode !== 200) failed += 1;
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - due);
            if (latencies.length + 0 === total) finish();
          });
        });
        req.on("error", () => {
          failed += 1;
          latencies.push(performance.now() - due);
          if (latencies.length === total) finish();
        });
      };
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
        while (sent < due) one(sent++);
        if (sent < total) setTimeout(tick, 1);
      };
      tick();
    }),
    (seconds + 30) * 1000,
    "fixed-rate latency",
  );
}

const suggestionPath = (q) => `/api.php?endpoint=search_suggestion&search=${encodeURIComponent(q)}`;

/** search_suggestion at 200 requests/s: the queries people type, taken in turn (as served, answers cached). */
function suggestionLatency(origin, seconds) {
  return fixedRateLatency(origin, SUGGESTION_QUERIES.map(suggestionPath), SUGGESTION_RATE, seconds);
}

/**
 * The same with every query new to the server (brand and model names cut at 3 to 8 letters, some
 * with a letter dropped): each one goes to the database.
 */
async function coldSuggestionLatency(origin, seconds) {
  const brands = await (await fetch(`${origin}/menus/brands.json`, { signal: AbortSignal.timeout(10_000) })).json();
  const queries = new Set();
  for (const brand of brands) {
    for (const model of brand.models) {
      const name = model.name.toLowerCase();
      for (let n = 3; n <= Math.min(8, name.length); n++) queries.add(name.slice(0, n));
      queries.add(`${brand.name.toLowerCase().slice(0, 4)} ${name.slice(0, 4)}`);
      if (name.length > 4) queries.add(name.slice(0, 2) + name.slice(3));
    }
  }
  const list = [...queries].slice(0, Math.round(SUGGESTION_RATE * seconds));
  return fixedRateLatency(origin, list.map(suggestionPath), SUGGESTION_RATE, Math.min(seconds, list.length / SUGGESTION_RATE));
}

// ---------------------------------------------------------------------------------------------
// nginx: the saved pages served as static files, as cheaply as this machine can serve HTML.

function nginxBinary() {
  for (const candidate of ["nginx", "/usr/sbin/nginx"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // try the next
    }
  }
  return undefined;
}

async function startNginx(binary, siteDir, port) {
  const dir = path.join(tmp, "nginx");
  fs.mkdirSync(dir, { recursive: true });
  // Temp paths compiled into the binary may not be writable by us; point every one we find here.
  const version = spawnSync(binary, ["-V"], { encoding: "utf8" }); // nginx prints its build options on stderr
  const built = `${version.stdout}${version.stderr}`;
  const tempPaths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .filter((m) => m === "client_body" || !built.includes(`--without-http_${m}_module`))
    .map((m) => `  ${m}_temp_path ${path.join(dir, m)};`)
    .join("\n");
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `# One worker: the app is one Node process, so both sides get one core (autocannon has the other).
worker_processes 1;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  types { text/html html; }
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  # Like the app's compression middleware: gzip level 6 above 1 kB.
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 1024;
  gzip_vary on;
${tempPaths}
  server {
    listen 127.0.0.1:${port};
    root ${siteDir};
    location / { try_files $uri =404; }
  }
}
`,
  );
  // Workers may run as an unprivileged user when we are root: let them read the pages.
  for (const d of [tmp, siteDir]) fs.chmodSync(d, 0o755);
  const child = startChild(binary, ["-e", path.join(dir, "error.log"), "-p", dir, "-c", conf], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited (code ${child.exitCode})`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
      return child;
    } catch {
      await sleep(100);
    }
  }
  throw new Error("nginx did not start within 10 s");
}

// ---------------------------------------------------------------------------------------------
// Lighthouse (mobile preset: the default configuration).

async function launchChrome() {
  // chrome-launcher comes with lighthouse; resolve it from there so hoisting does not matter.
  const fromLighthouse = createRequire(createRequire(import.meta.url).resolve("lighthouse"));
  const chromeLauncher = await import(pathToFileURL(fromLighthouse.resolve("chrome-launcher")).href);
  return chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
}

async function audit(url) {
  chrome = await withTimeout(launchChrome(), 30_000, "launching chromium");
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      }),
      180_000,
      `lighthouse ${url}`,
    );
    const lhr = result.lhr;
    const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
    const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
    const requests = lhr.audits["network-requests"]?.details?.items ?? [];
    const failed = Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .map((a) => a.id);
    return {
      runtimeError: lhr.runtimeError?.message ?? null,
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
      },
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      failedAudits: [...new Set(failed)],
      scripts: requests
        .filter((r) => r.resourceType === "Script")
        .map((r) => ({ url: r.url, transferSize: r.transferSize ?? 0 })),
    };
  } finally {
    await withTimeout(Promise.resolve(chrome.kill()), 10_000, "stopping chromium").catch(() => {});
    chrome = undefined;
  }
}

/** The home page's script files, fetched uncompressed and gzipped here (level 6, like the server). */
async function clientJs(scripts, origin) {
  const files = [];
  for (const s of scripts) {
    if (!s.url.startsWith(origin)) continue;
    const res = await fetch(s.url, { headers: { "accept-encoding": "identity" }, signal: AbortSignal.timeout(10_000) });
    const raw = Buffer.from(await res.arrayBuffer());
    files.push({
      path: s.url.slice(origin.length),
      bytes: raw.length,
      gzipBytes: zlib.gzipSync(raw, { level: 6 }).length,
      transferSize: s.transferSize,
    });
  }
  const sum = (key) => files.reduce((n, f) => n + f[key], 0);
  return { files, bytes: sum("bytes"), gzipBytes: sum("gzipBytes"), transferSize: sum("transferSize") };
}

// ---------------------------------------------------------------------------------------------
// Output

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const mark = (ok) => (ok === null ? "?" : ok ? "✓" : "✗");

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => String(c).padEnd(widths[i])).join("  ").trimEnd()).join("\n");
}

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!flag("no-build")) {
    log("building (npm run build)");
    await runToEnd("npm", ["run", "build", "--silent"], 300_000, "npm run build");
  }

  const port = await freePort();
  const dataDir = path.join(tmp, "data");
  const serverLog = path.join(tmp, "server.log");
  log(`starting the production server on port ${port} (fresh DATA_DIR, CAPTCHA=off)`);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    CAPTCHA: "off",
    PUBLIC_URL: `http://localhost:${port}`,
  };
  for (const name of ["DATABASE_URL", "SMTP_URL", "REDIS_URL"]) delete env[name];
  const logFd = fs.openSync(serverLog, "w");
  const server = startChild(process.execPath, ["server/main.js"], { cwd: root, env, stdio: ["ignore", logFd, logFd] });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, server, 120_000);
  } catch (err) {
    process.stderr.write(fs.readFileSync(serverLog, "utf8").split("\n").slice(-30).join("\n"));
    throw err;
  }
  log("server ready");
  server.on("exit", (code, signal) => {
    if (cleaning) return;
    log(`the server exited during the bench (${signal ?? `code ${code}`}); last lines of its log:`);
    process.stderr.write(`${fs.readFileSync(serverLog, "utf8").split("\n").slice(-30).join("\n")}\n`);
  });

  const nginx = flag("no-nginx") ? undefined : nginxBinary();
  if (!flag("no-nginx") && !nginx) log("nginx not found: the ceiling is skipped (apt-get install -y nginx-light)");
  const siteDir = path.join(tmp, "site");
  fs.mkdirSync(siteDir, { recursive: true });
  let nginxProcess;
  let nginxPort;

  const origin = `http://127.0.0.1:${port}`;
  let context = {};
  if (pages.some((p) => p.resolve)) {
    try {
      context = await catalogueContext(origin);
    } catch (err) {
      log(`catalogue paths could not be found (${err.message}): those pages are skipped`);
    }
    try {
      Object.assign(context, await newsContext(origin));
    } catch (err) {
      log(`no article path found (${err.message}): the article page is skipped`);
    }
  }
  const results = [];
  const savedHtml = new Map(); // result → the page's HTML, for nginx
  for (const listed of pages) {
    const page = { ...listed, path: listed.path ?? listed.resolve(context) };
    delete page.resolve;
    if (!page.path) {
      log(`${page.label}: no path, skipped`);
      continue;
    }
    const appUrl = `${origin}${page.path}`;
    const res = await fetch(appUrl, { headers: { "accept-encoding": "identity" }, signal: AbortSignal.timeout(15_000) });
    const html = await res.text();
    const result = { ...page, status: res.status, htmlBytes: Buffer.byteLength(html), gzipBytes: zlib.gzipSync(html, { level: 6 }).length };
    if (res.status !== 200) log(`${page.path} answers ${res.status}: measured anyway, but the figures are not the page's`);
    results.push(result);
    savedHtml.set(result, html);
  }

  if (!flag("no-lighthouse")) {
    // On a settled server, before any load test (queued requests and garbage collection after a
    // load test slow the page Lighthouse times). Each page is audited LIGHTHOUSE_RUNS times and
    // the run with the median performance score is kept, as Lighthouse's authors advise.
    for (const result of results) {
      const url = `http://localhost:${port}${result.path}`;
      await fetch(url, { signal: AbortSignal.timeout(15_000) }).catch(() => {});
      const runs = [];
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
        log(`${result.label}: lighthouse (mobile) ${url}, run ${run} of ${LIGHTHOUSE_RUNS}`);
        try {
          runs.push(await audit(url));
        } catch (err) {
          runs.push({ runtimeError: err.message });
        }
      }
      const scored = runs.filter((r) => !r.runtimeError).sort((a, b) => a.scores.performance - b.scores.performance);
      result.lighthouse = scored.length ? scored[Math.floor((scored.length - 1) / 2)] : runs[0];
      result.lighthouse.performanceRuns = scored.map((r) => r.scores.performance);
      if (result.lighthouse.runtimeError) log(`${result.label}: lighthouse: ${result.lighthouse.runtimeError}`);
    }
  }

  // Latency at a fixed rate, also on the settled server (before the throughput tests).
  let suggestions = null;
  if (!only || only.split(",").includes("suggestions")) {
    log(`search_suggestion: warm-up, then ${DURATION} s at ${SUGGESTION_RATE} requests/s`);
    await suggestionLatency(origin, WARMUP_SECONDS);
    suggestions = await suggestionLatency(origin, DURATION);
    log(`search_suggestion: ${DURATION} s of queries the server has not seen (database every time)`);
    suggestions.cold = await coldSuggestionLatency(origin, DURATION);
  }

  for (const [i, result] of results.entries()) {
    const page = result;
    const appUrl = `${origin}${page.path}`;

    log(`${page.label}: warm-up ${WARMUP_SECONDS} s, then ${DURATION} s at ${CONNECTIONS} connections against the app`);
    await load(appUrl, WARMUP_SECONDS, 10);
    result.app = await load(appUrl, DURATION, CONNECTIONS);
    // The same with the rendered-page cache skipped: what rendering itself costs.
    log(`${page.label}: ${DURATION} s rendering every request (Cache-Control: no-cache)`);
    result.render = await load(appUrl, DURATION, CONNECTIONS, { "cache-control": "no-cache" });

    if (nginx) {
      const file = `${i}.html`;
      fs.writeFileSync(path.join(siteDir, file), savedHtml.get(result));
      fs.chmodSync(path.join(siteDir, file), 0o644);
      if (!nginxProcess) {
        nginxPort = await freePort();
        nginxProcess = await startNginx(nginx, siteDir, nginxPort);
      }
      const staticUrl = `http://127.0.0.1:${nginxPort}/${file}`;
      log(`${page.label}: the same against nginx serving the saved HTML`);
      await load(staticUrl, WARMUP_SECONDS, 10);
      result.nginx = await load(staticUrl, DURATION, CONNECTIONS);
      result.appToNginx = Number((result.app.requestsPerSecond / result.nginx.requestsPerSecond).toFixed(3));
    }
  }
  if (nginxProcess) await stopChild(nginxProcess, "SIGTERM", 5_000);


  const home = results.find((r) => r.path === "/");
  let homeJs = null;
  if (home?.lighthouse?.scripts) homeJs = await clientJs(home.lighthouse.scripts, `http://localhost:${port}`);

  // Budgets
  const checks = [];
  for (const r of results) {
    for (const [category, min] of Object.entries(BUDGETS)) {
      if (category === "homeJsGzipKb" || !r.lighthouse) continue;
      const value = r.lighthouse.scores?.[category] ?? null;
      checks.push({ page: r.label, budget: `${category} ≥ ${min}`, value, ok: value === null ? null : value >= min });
    }
  }
  for (const r of results) {
    if (!r.minRequestsPerSecond) continue;
    const value = r.app.requestsPerSecond;
    checks.push({ page: r.label, budget: `≥ ${r.minRequestsPerSecond} requests/s`, value, ok: value >= r.minRequestsPerSecond });
  }
  if (suggestions) {
    const value = suggestions.p99Ms;
    checks.push({ page: "search_suggestion", budget: `p99 ≤ ${SUGGESTION_BUDGET_P99_MS} ms at ${SUGGESTION_RATE}/s`, value, ok: value <= SUGGESTION_BUDGET_P99_MS && !suggestions.non2xx && !suggestions.errors });
  }
  if (homeJs) {
    const value = Number((homeJs.gzipBytes / 1024).toFixed(1));
    checks.push({ page: "home", budget: `client JS ≤ ${BUDGETS.homeJsGzipKb} kB gzip`, value, ok: value <= BUDGETS.homeJsGzipKb });
  }

  // Report
  const load_rows = [["page", "path", "status", "html (gzip)", "app req/s", "app p99", "render req/s", "render p99", "nginx req/s", "nginx p99", "app/nginx"]];
  for (const r of results) {
    load_rows.push([
      r.label,
      r.path,
      r.status,
      `${kb(r.htmlBytes)} (${kb(r.gzipBytes)})`,
      r.app.requestsPerSecond + (r.app.non2xx || r.app.errors ? ` (${r.app.non2xx} non-2xx, ${r.app.errors} errors)` : ""),
      `${r.app.p99Ms} ms`,
      r.render ? r.render.requestsPerSecond + (r.render.non2xx || r.render.errors ? ` (${r.render.non2xx} non-2xx, ${r.render.errors} errors)` : "") : "-",
      r.render ? `${r.render.p99Ms} ms` : "-",
      r.nginx ? r.nginx.requestsPerSecond : "-",
      r.nginx ? `${r.nginx.p99Ms} ms` : "-",
      r.appToNginx ?? "-",
    ]);
  }
  console.log(`\nLoad: ${DURATION} s at ${CONNECTIONS} connections, gzip, after a ${WARMUP_SECONDS} s warm-up (${os.cpus().length} cores)\n`);
  console.log(table(load_rows));
  console.log("app: as served (rendered-page cache on); render: every request rendered (cache skipped)");
  if (suggestions) {
    console.log(
      `\nsearch_suggestion at ${suggestions.ratePerSecond} requests/s for ${DURATION} s (${suggestions.requests} requests, ${SUGGESTION_QUERIES.length} queries in turn): ` +
        `p50 ${suggestions.p50Ms} ms, p99 ${suggestions.p99Ms} ms, max ${suggestions.maxMs} ms` +
        `${suggestions.non2xx || suggestions.errors ? ` (${suggestions.non2xx} non-2xx, ${suggestions.errors} errors)` : ""} ` +
        `${mark(suggestions.p99Ms <= SUGGESTION_BUDGET_P99_MS)} (budget p99 ≤ ${SUGGESTION_BUDGET_P99_MS} ms)`,
    );
    const cold = suggestions.cold;
    if (cold) {
      console.log(
        `  worst case, every query new to the server (${cold.requests} requests, the database each time): ` +
          `p50 ${cold.p50Ms} ms, p99 ${cold.p99Ms} ms, max ${cold.maxMs} ms${cold.non2xx ? ` (${cold.non2xx} failed)` : ""} (informative)`,
      );
    }
  }

  if (!flag("no-lighthouse")) {
    const s = (r, id) => {
      const v = r.lighthouse?.scores?.[id];
      return v == null ? "-" : `${v} ${mark(v >= BUDGETS[id])}`;
    };
    const lh_rows = [["page", `perf ≥${BUDGETS.performance}`, `a11y ${BUDGETS.accessibility}`, `best ≥${BUDGETS["best-practices"]}`, `seo ${BUDGETS.seo}`, "LCP", "TBT", "CLS", "perf runs", "below 0.9"]];
    for (const r of results) {
      const lh = r.lighthouse ?? {};
      lh_rows.push([
        r.label,
        s(r, "performance"),
        s(r, "accessibility"),
        s(r, "best-practices"),
        s(r, "seo"),
        lh.lcpMs == null ? "-" : `${(lh.lcpMs / 1000).toFixed(2)} s`,
        lh.tbtMs == null ? "-" : `${Math.round(lh.tbtMs)} ms`,
        lh.cls == null ? "-" : lh.cls.toFixed(3),
        (lh.performanceRuns ?? []).join(" / ") || "-",
        lh.runtimeError ? `error: ${lh.runtimeError.slice(0, 60)}` : (lh.failedAudits ?? []).join(" ") || "-",
      ]);
    }
    console.log(`\nLighthouse 12, mobile preset (simulated throttling), median of ${LIGHTHOUSE_RUNS} runs on the settled server\n`);
    console.log(table(lh_rows));
  }
  if (homeJs) {
    console.log(
      `\nHome page client JS: ${homeJs.files.length} files, ${kb(homeJs.bytes)} raw, ${kb(homeJs.gzipBytes)} gzip ` +
        `${mark(homeJs.gzipBytes / 1024 <= BUDGETS.homeJsGzipKb)} (budget ${BUDGETS.homeJsGzipKb} kB); ` +
        `${kb(homeJs.transferSize)} as transferred to Chromium (brotli or gzip, with headers)`,
    );
  }
  const missed = checks.filter((c) => c.ok === false);
  const unknown = checks.filter((c) => c.ok === null);
  console.log(
    `\nBudgets: ${checks.length - missed.length - unknown.length} of ${checks.length} met` +
      (missed.length ? `; missed: ${missed.map((c) => `${c.page} ${c.budget} (${c.value})`).join(", ")}` : "") +
      (unknown.length ? `; not measured: ${unknown.map((c) => `${c.page} ${c.budget}`).join(", ")}` : ""),
  );

  const out = path.join(root, "bench", "out");
  fs.mkdirSync(out, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    settings: { durationSeconds: DURATION, connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS },
    budgets: BUDGETS,
    pages: results.map(({ lighthouse: lh, ...r }) => ({ ...r, lighthouse: lh && { ...lh, scripts: undefined } })),
    suggestions,
    homeJs,
    checks,
  };
  fs.writeFileSync(path.join(out, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(root, path.join(out, "latest.json"))}`);
  return flag("check") && (missed.length || unknown.length) ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`\nbench failed: ${err instanceof Error ? err.message : err}`);
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
process.exit(code);
