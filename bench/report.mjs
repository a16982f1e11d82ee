// The report: tables on the terminal and bench/out/latest.json.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUDGETS, SUGGESTION_BUDGET_P99_MS, clsOk } from "./budgets.mjs";
import { SUGGESTION_QUERIES } from "./load.mjs";
import { printPhotoUploads } from "./photo-upload.mjs";
import { CONNECTIONS, DURATION, LIGHTHOUSE_RUNS, WARMUP_SECONDS } from "./options.mjs";
import { root } from "./processes.mjs";

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

/** Load, latency, Lighthouse and client JS tables, then the budgets met and missed. */
export function printReport({ results, suggestions, homeJs, checks, lighthouseRan, photos = null, machine = null }) {
  // Without load tests (--no-load) only Lighthouse ran.
  if (results.some((r) => r.app)) {
    const load_rows = [["page", "path", "status", "html (gzip)", "app req/s", "app p99", "render req/s", "render p50 / p99", "render CPU (main / all)", "faults / render", "nginx req/s", "nginx p99", "app/nginx"]];
    for (const r of results) {
      load_rows.push([
        r.label,
        r.path,
        r.status,
        `${kb(r.htmlBytes)} (${kb(r.gzipBytes)})`,
        r.app.requestsPerSecond + (r.app.non2xx || r.app.errors ? ` (${r.app.non2xx} non-2xx, ${r.app.errors} errors)` : ""),
        `${r.app.p99Ms} ms`,
        r.render ? r.render.requestsPerSecond + (r.render.non2xx || r.render.errors ? ` (${r.render.non2xx} non-2xx, ${r.render.errors} errors)` : "") : "-",
        r.render ? `${r.render.p50Ms ?? "-"} / ${r.render.p99Ms} ms` : "-",
        r.render?.mainCpuMs != null ? `${r.render.mainCpuMs} / ${r.render.processCpuMs} ms` : "-",
        r.render?.pageFaults != null ? r.render.pageFaults : "-",
        r.nginx ? r.nginx.requestsPerSecond : "-",
        r.nginx ? `${r.nginx.p99Ms} ms` : "-",
        r.appToNginx ?? "-",
      ]);
    }
    console.log(`\nLoad: ${DURATION} s at ${CONNECTIONS} connections, gzip, after a ${WARMUP_SECONDS} s warm-up (${os.cpus().length} cores)\n`);
    console.log(table(load_rows));
    console.log("app: as served (rendered-page cache on); render: every request rendered (cache skipped)");
    console.log("render CPU: the server's CPU time per rendered page, its main thread (one core: 1000 / it = pages a second at best; React itself is on a render thread once they run, decision 021) / all its threads");
    console.log("faults / render: the server's minor page faults per rendered page (memory touched for the first time: a render should take almost none)");
  }
  if (machine) {
    const ms = (v) => (v == null ? "not measured" : `${v} ms`);
    const after = machine.after == null ? "" : `, ${ms(machine.after)} after`;
    console.log(`machine reference: ${ms(machine.before)} before the load tests${after} (bench/machine.mjs: a fixed render, lower is faster; compare runs by it)`);
  }
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

  if (lighthouseRan) {
    const s = (r, id) => {
      const v = r.lighthouse?.scores?.[id];
      return v == null ? "-" : `${v} ${mark(v >= BUDGETS[id])}`;
    };
    // The median of the runs, marked against its budget when it has one.
    const median = (r, key, show, ok) => {
      const v = r.lighthouse?.medians?.[key];
      return v == null ? "-" : ok ? `${show(v)} ${mark(ok(v))}` : show(v);
    };
    const runs = (r, key, show) => (r.lighthouse?.runs?.[key] ?? []).map((v) => (v == null ? "-" : show(v))).join(" / ") || "-";
    const ms = (v) => String(Math.round(v));
    const seconds = (v) => (v / 1000).toFixed(2);
    const lh_rows = [
      ["page", `perf ≥${BUDGETS.performance}`, `TBT ≤${BUDGETS.tbtMs} ms`, `LCP ≤${BUDGETS.lcpMs / 1000} s`, `CLS ≤${BUDGETS.cls}`, "machine index", "server ms", `a11y ${BUDGETS.accessibility}`, `best ≥${BUDGETS["best-practices"]}`, `seo ${BUDGETS.seo}`, "perf runs", "TBT runs", "LCP runs", "CLS runs", "index runs", "below 0.9"],
    ];
    for (const r of results) {
      const lh = r.lighthouse ?? {};
      lh_rows.push([
        r.label,
        median(r, "performance", String, (v) => v >= BUDGETS.performance),
        median(r, "tbtMs", ms, (v) => v <= BUDGETS.tbtMs),
        median(r, "lcpMs", seconds, (v) => v <= BUDGETS.lcpMs),
        median(r, "cls", (v) => v.toFixed(3), (v) => clsOk(v)),
        median(r, "benchmarkIndex", ms),
        median(r, "serverResponseMs", ms),
        s(r, "accessibility"),
        s(r, "best-practices"),
        // A noindex page has no SEO budget (pages.mjs): its score is shown unmarked.
        r.noindex ? `${r.lighthouse?.scores?.seo ?? "-"} (noindex)` : s(r, "seo"),
        runs(r, "performance", String),
        runs(r, "tbtMs", ms),
        runs(r, "lcpMs", seconds),
        runs(r, "cls", (v) => v.toFixed(3)),
        runs(r, "benchmarkIndex", ms),
        lh.runtimeError ? `error: ${lh.runtimeError.slice(0, 60)}` : (lh.failedAudits ?? []).join(" ") || "-",
      ]);
    }
    const version = results.find((r) => r.lighthouse?.lighthouseVersion)?.lighthouse.lighthouseVersion ?? "";
    console.log(`\nLighthouse ${version}, mobile preset (simulated throttling), median of ${LIGHTHOUSE_RUNS} runs on the settled server\n`);
    console.log(table(lh_rows));
    console.log("perf, TBT, LCP, CLS: the median of the runs (what the budgets read), then each run in the order made; a11y, best practices, SEO and the audits below 0.9: the run with the median performance");
    console.log("machine index: Lighthouse's benchmark index (higher is faster; TBT grows and the score falls as it falls): compare figures only at similar indexes");
    console.log("server ms: the time the server took to answer the document as Lighthouse saw it (median), part of FCP and LCP; each run first asks for the page once, so it is usually read from the page cache");
  }
  if (homeJs) {
    console.log(
      `\nHome page client JS as Chromium fetched it: ${homeJs.files.length} files, ${kb(homeJs.bytes)} raw, ${kb(homeJs.gzipBytes)} gzip; ` +
        `${kb(homeJs.transferSize)} as transferred (brotli or gzip, with headers). Every page type's byte budgets: tests/e2e/page-bytes.spec.ts`,
    );
  }
  if (photos) printPhotoUploads(photos, mark);
  const missed = checks.filter((c) => c.ok === false);
  const unknown = checks.filter((c) => c.ok === null);
  console.log(
    `\nBudgets: ${checks.length - missed.length - unknown.length} of ${checks.length} met` +
      (missed.length ? `; missed: ${missed.map((c) => `${c.page} ${c.budget} (${c.value})`).join(", ")}` : "") +
      (unknown.length ? `; not measured: ${unknown.map((c) => `${c.page} ${c.budget}`).join(", ")}` : ""),
  );
  return { missed, unknown };
}

/** Writes bench/out/latest.json (not committed). */
export function writeReport({ results, suggestions, homeJs, checks, photos = null, machine = null }) {
  const out = path.join(root, "bench", "out");
  fs.mkdirSync(out, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    machineReferenceMs: machine,
    settings: { durationSeconds: DURATION, connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS },
    budgets: BUDGETS,
    pages: results.map(({ lighthouse: lh, ...r }) => ({ ...r, lighthouse: lh && { ...lh, scripts: undefined } })),
    suggestions,
    homeJs,
    photos,
    checks,
  };
  fs.writeFileSync(path.join(out, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(root, path.join(out, "latest.json"))}`);
}
