// The budgets (from the brief and the issues) and the checks the report prints and --check reads.
import { LIGHTHOUSE_RUNS } from "./options.mjs";
import { SUGGESTION_RATE } from "./load.mjs";
import { PHOTO_BUDGET_MS, PHOTO_RSS_BUDGET_MB } from "./photo-upload.mjs";
import { USED_SEARCH_P95_BUDGET_MS } from "./used-search.mjs";

/**
 * Lighthouse scores ×100 are minimums, on every page; performance is read from the median of the
 * runs, the other scores from the run with the median performance. `tbtMs`, `lcpMs` and `cls` are
 * maximums, on every page, each read from the median of the runs (issue 45: a phone's budgets).
 * Byte budgets (JavaScript before interaction, HTML) do not depend on the machine and are checked
 * by the end-to-end run (tests/e2e/page-bytes.spec.ts). A page's throughput budget as served is its
 * `minRequestsPerSecond` in pages.mjs.
 */
export const BUDGETS = {
  performance: 97,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
  tbtMs: 150,
  lcpMs: 1200,
  cls: 0.02,
};

/** The Lighthouse categories with a minimum score. */
export const SCORE_BUDGETS = ["performance", "accessibility", "best-practices", "seo"];

export const SUGGESTION_BUDGET_P99_MS = 20;

/** Whether a page's median CLS is within its budget (null when not measured). */
export const clsOk = (cls) => (cls == null ? null : cls <= BUDGETS.cls);

/**
 * The Lighthouse figures with a budget, each read from the median of the runs (lighthouse.mjs
 * `medians`): its label, whether a value meets it, and how the value is printed.
 */
export const LIGHTHOUSE_TIMING_BUDGETS = [
  { key: "performance", label: () => `performance ≥ ${BUDGETS.performance} (median of ${LIGHTHOUSE_RUNS})`, ok: (v) => v >= BUDGETS.performance, value: (v) => v },
  { key: "tbtMs", label: () => `TBT ≤ ${BUDGETS.tbtMs} ms (median of ${LIGHTHOUSE_RUNS})`, ok: (v) => v <= BUDGETS.tbtMs, value: (v) => Math.round(v) },
  { key: "lcpMs", label: () => `LCP ≤ ${BUDGETS.lcpMs / 1000} s (median of ${LIGHTHOUSE_RUNS})`, ok: (v) => v <= BUDGETS.lcpMs, value: (v) => Math.round(v) },
  { key: "cls", label: () => `CLS ≤ ${BUDGETS.cls} (median of ${LIGHTHOUSE_RUNS})`, ok: (v) => v <= BUDGETS.cls, value: (v) => Number(v.toFixed(4)) },
];

/**
 * Every budget as { page, budget, value, ok }: ok is null when the figure could not be measured.
 * `skipped`: labels of pages whose path could not be found; with Lighthouse on, their CLS budget
 * is reported as not measured rather than left out (every page type has it).
 */
export function budgetChecks({ results, skipped = [], lighthouseRan, suggestions, usedSearch, usedSearchAsked = false, photos = null }) {
  const checks = [];
  for (const r of results) {
    if (!r.lighthouse) continue;
    for (const category of SCORE_BUDGETS) {
      if (category === "performance") continue; // a timing budget, below
      if (category === "seo" && r.noindex) continue; // kept out of search engines on purpose (pages.mjs)
      const min = BUDGETS[category];
      const value = r.lighthouse.scores?.[category] ?? null;
      checks.push({ page: r.label, budget: `${category} ≥ ${min}`, value, ok: value === null ? null : value >= min });
    }
    for (const budget of LIGHTHOUSE_TIMING_BUDGETS) {
      const median = r.lighthouse.medians?.[budget.key] ?? null;
      checks.push({ page: r.label, budget: budget.label(), value: median === null ? null : budget.value(median), ok: median === null ? null : budget.ok(median) });
    }
  }
  if (lighthouseRan) {
    // Every page type has the timing budgets: one whose path was not found counts as not measured.
    for (const label of skipped) for (const budget of LIGHTHOUSE_TIMING_BUDGETS) checks.push({ page: label, budget: budget.label(), value: null, ok: null });
  }
  for (const r of results) {
    if (!r.minRequestsPerSecond || !r.app) continue;
    const value = r.app.requestsPerSecond;
    checks.push({ page: r.label, budget: `≥ ${r.minRequestsPerSecond} requests/s`, value, ok: value >= r.minRequestsPerSecond });
  }
  if (suggestions) {
    const value = suggestions.p99Ms;
    checks.push({ page: "search_suggestion", budget: `p99 ≤ ${SUGGESTION_BUDGET_P99_MS} ms at ${SUGGESTION_RATE}/s`, value, ok: value <= SUGGESTION_BUDGET_P99_MS && !suggestions.non2xx && !suggestions.errors });
  }
  if (usedSearchAsked) {
    const value = usedSearch ? Number(usedSearch.p95Ms.toFixed(1)) : null;
    const ads = usedSearch ? `${usedSearch.total.toLocaleString("en")} ads` : "generated ads";
    checks.push({ page: "used-car search", budget: `p95 ≤ ${USED_SEARCH_P95_BUDGET_MS} ms with facets, PostgreSQL, ${ads}`, value, ok: value === null ? null : value <= USED_SEARCH_P95_BUDGET_MS });
  }
  if (photos) {
    checks.push({ page: "photo upload", budget: `every 4 MB photo ≤ ${PHOTO_BUDGET_MS} ms (max of ${photos.photos})`, value: photos.maxMs, ok: photos.maxMs <= PHOTO_BUDGET_MS });
    const rss = photos.peakRssMb;
    checks.push({ page: "photo upload", budget: `server peak RSS ≤ ${PHOTO_RSS_BUDGET_MB} MB`, value: rss, ok: rss === null ? null : rss <= PHOTO_RSS_BUDGET_MB });
  }
  return checks;
}
