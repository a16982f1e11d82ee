// Lighthouse (mobile preset: the default configuration), in Debian's chromium, and the home
// page's client JavaScript read from its network requests.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/setup/chromium.mjs";
import { LIGHTHOUSE_RUNS } from "./options.mjs";
import { beforeCleanup, log, withTimeout } from "./processes.mjs";

const CHROME_PATH = CHROMIUM_PATH;
const CHROME_FLAGS = CHROMIUM_FLAGS;

let chrome;
beforeCleanup(async () => {
  if (!chrome) return;
  try {
    await withTimeout(Promise.resolve(chrome.kill()), 5_000, "stopping chromium");
  } catch {
    // best effort
  }
});

async function launchChrome() {
  // chrome-launcher comes with lighthouse; resolve it from there so hoisting does not matter.
  const fromLighthouse = createRequire(createRequire(import.meta.url).resolve("lighthouse"));
  const chromeLauncher = await import(pathToFileURL(fromLighthouse.resolve("chrome-launcher")).href);
  return chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
}

/** One Lighthouse run (mobile) of `url` in a fresh Chromium: scores ×100, LCP, TBT, CLS, failing audits, scripts. */
export async function audit(url) {
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
      lighthouseVersion: lhr.lighthouseVersion ?? null,
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
      },
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      // What the server took to answer the document, as Lighthouse saw it: part of its simulated
      // FCP and LCP, so a render slowed by this machine's own Chromium shows here (bench/README.md).
      serverResponseMs: numeric("server-response-time"),
      // Lighthouse's own reading of the machine's speed at the time of the run (higher is faster).
      // Simulated throttling multiplies what the page cost on this machine: the total blocking
      // time, and so the score, follow it (bench/README.md).
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
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

/** The home page's script files, fetched uncompressed and gzipped here (level 6, as nginx compresses them in deploy/). */
export async function clientJs(scripts, origin) {
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

/** The median of some numbers (the lower middle one for an even count), null for none. */
export function median(values) {
  const sorted = values.filter((v) => v != null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
}

/**
 * Audits each page LIGHTHOUSE_RUNS times and keeps, on `result.lighthouse`, the run with the
 * median performance score, as Lighthouse's authors advise (its other scores and failed audits),
 * every run's performance, TBT, LCP, CLS and benchmark index (the machine's speed as Lighthouse
 * read it), and `medians`: the median of each of them, what the timing budgets read. Run on a
 * settled server, before any load test (queued requests and garbage collection after a load test
 * slow the page Lighthouse times).
 */
export async function auditPages(results, port) {
  for (const result of results) {
    const url = `http://localhost:${port}${result.path}`;
    const runs = [];
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
      log(`${result.label}: lighthouse (mobile) ${url}, run ${run} of ${LIGHTHOUSE_RUNS}`);
      // Asked for just before each run, so the run reads the page from the page cache as most of
      // its visitors do, not a render slowed by the Chromium starting beside the server.
      await fetch(url, { signal: AbortSignal.timeout(15_000) }).catch(() => {});
      try {
        runs.push(await audit(url));
      } catch (err) {
        runs.push({ runtimeError: err.message });
      }
    }
    const scored = runs.filter((r) => !r.runtimeError).sort((a, b) => a.scores.performance - b.scores.performance);
    result.lighthouse = scored.length ? scored[Math.floor((scored.length - 1) / 2)] : runs[0];
    // In the order the runs were made, so a reader can line each figure up with its machine index.
    const made = runs.filter((r) => !r.runtimeError);
    const runsOf = (read) => made.map(read);
    const figures = {
      performance: runsOf((r) => r.scores.performance),
      tbtMs: runsOf((r) => r.tbtMs),
      lcpMs: runsOf((r) => r.lcpMs),
      serverResponseMs: runsOf((r) => r.serverResponseMs),
      cls: runsOf((r) => r.cls),
      benchmarkIndex: runsOf((r) => r.benchmarkIndex),
    };
    result.lighthouse.runs = figures;
    result.lighthouse.medians = Object.fromEntries(Object.entries(figures).map(([key, values]) => [key, median(values)]));
    result.lighthouse.clsMedian = result.lighthouse.medians.cls;
    if (result.lighthouse.runtimeError) log(`${result.label}: lighthouse: ${result.lighthouse.runtimeError}`);
  }
}
