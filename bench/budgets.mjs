// The budgets (from the brief and the issues) and the checks the report prints and --check reads.
import { SUGGESTION_RATE } from "./load.mjs";

/**
 * Lighthouse scores ×100 are minimums, on every page; `homeJsGzipKb` is the home page's client
 * JS. Per-page throughput budgets are `minRequestsPerSecond` in pages.mjs.
 */
export const BUDGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
  homeJsGzipKb: 150,
};

/** The Lighthouse categories with a minimum score. */
export const SCORE_BUDGETS = ["performance", "accessibility", "best-practices", "seo"];

export const SUGGESTION_BUDGET_P99_MS = 20;

/**
 * Every budget as { page, budget, value, ok }: ok is null when the figure could not be measured.
 */
export function budgetChecks({ results, suggestions, homeJs }) {
  const checks = [];
  for (const r of results) {
    if (!r.lighthouse) continue;
    for (const category of SCORE_BUDGETS) {
      const min = BUDGETS[category];
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
  return checks;
}
