// Turns Vitest's and Playwright's JSON reports into passed/failed/skipped counts, so the
// summary lines printed by scripts/test.mjs and .ci/run say what really happened.
// CLI: node tests/setup/report-counts.mjs vitest|playwright <report.json> <exit code>
//      prints `N passed, N failed, N skipped`.
import fs from "node:fs";
import { fileURLToPath } from "node:url";

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** A run that failed without a failed test (broken file, hook, unhandled error, no report) counts as one failure. */
function atLeastOneFailure(counts, exitCode) {
  if (exitCode !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

export function vitestCounts(file, exitCode) {
  const r = readJson(file);
  if (!r) return atLeastOneFailure({ passed: 0, failed: 0, skipped: 0 }, exitCode);
  // A file that fails to load or whose beforeAll throws has no failed test of its own: count the file.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"),
  ).length;
  return atLeastOneFailure(
    {
      passed: r.numPassedTests ?? 0,
      failed: (r.numFailedTests ?? 0) + brokenFiles,
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    },
    exitCode,
  );
}

export function playwrightCounts(file, exitCode) {
  const stats = readJson(file)?.stats;
  if (!stats) return atLeastOneFailure({ passed: 0, failed: 0, skipped: 0 }, exitCode);
  // A flaky test failed once then passed on its retry: counted as passed (the list output shows it).
  return atLeastOneFailure(
    { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 },
    exitCode,
  );
}

export function formatCounts({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  const [kind, file, code] = process.argv.slice(2);
  const count = kind === "vitest" ? vitestCounts : kind === "playwright" ? playwrightCounts : undefined;
  if (!count || !file) {
    console.error("usage: node tests/setup/report-counts.mjs vitest|playwright <report.json> <exit code>");
    process.exit(2);
  }
  console.log(formatCounts(count(file, Number(code ?? 0))));
}
