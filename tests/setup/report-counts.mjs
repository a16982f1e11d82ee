// Turns Vitest's and Playwright's JSON reports into passed/failed/skipped counts, so the
// summary lines printed by scripts/test.mjs and .ci/run say what really happened.
// CLI: node tests/setup/report-counts.mjs vitest|playwright <report.json> <exit code>
//      prints `N passed, N failed, N skipped`;
//      node tests/setup/report-counts.mjs names vitest|playwright <report.json>
//      prints the failed (and flaky) tests, a line each;
//      node tests/setup/report-counts.mjs slowest files|playwright <report.json> [count]
//      prints the slowest files (Vitest's file times) or tests (Playwright), a line each, slowest first.
import fs from "node:fs";
import path from "node:path";
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

/** A file that failed to load or whose beforeAll threw: it failed with no failed test of its own. */
function isBrokenFile(file) {
  return file.status === "failed" && !(file.assertionResults ?? []).some((a) => a.status === "failed");
}

export function vitestCounts(file, exitCode) {
  const r = readJson(file);
  if (!r) return atLeastOneFailure({ passed: 0, failed: 0, skipped: 0 }, exitCode);
  const brokenFiles = (r.testResults ?? []).filter(isBrokenFile).length;
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

/**
 * The names of the tests that failed (and, for Playwright, passed only on their retry), one line
 * each, so a red run's log says which test to look at even when only its tail is kept.
 */
export function failedTestNames(kind, file) {
  const r = readJson(file);
  if (!r) return [];
  const names = [];
  if (kind === "vitest") {
    for (const f of r.testResults ?? []) {
      const where = path.relative(process.cwd(), f.name ?? "");
      for (const a of f.assertionResults ?? []) if (a.status === "failed") names.push(`failed: ${where} › ${a.fullName ?? a.title}`);
      if (isBrokenFile(f)) names.push(`failed: ${where} (${firstLine(f.message)})`);
    }
    return names;
  }
  const walk = (suite, trail) => {
    const here = suite.title && !suite.title.endsWith(".ts") ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const label = test.status === "flaky" ? "flaky (passed on retry)" : "failed";
        const error = (test.results ?? []).map((res) => res.error?.message).find(Boolean);
        names.push(`${label}: ${spec.file}:${spec.line} › ${[...here, spec.title].join(" › ")}${error ? ` (${firstLine(error)})` : ""}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of r.suites ?? []) walk(suite, []);
  return names;
}

function firstLine(text) {
  // Playwright's messages carry terminal colours; the log wants the words.
  return String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").find((line) => line.trim())?.trim().slice(0, 200) ?? "";
}

/**
 * The slowest entries of a report, slowest first, as { seconds, label }: test files from the file
 * times Vitest's reporter tests/setup/vitest-file-times.mjs writes (kind "files": import, hooks and
 * tests, the file's whole cost), or Playwright's tests from its JSON report (every attempt added
 * up, so a retried test shows what it cost the run).
 */
export function slowest(kind, file, count = 10) {
  const r = readJson(file);
  if (!r) return [];
  const rows = [];
  if (kind === "files") {
    for (const f of Array.isArray(r) ? r : []) if (f.seconds > 0) rows.push({ seconds: f.seconds, label: f.file });
  } else {
    const walk = (suite, trail) => {
      const here = suite.title && !suite.title.endsWith(".ts") ? [...trail, suite.title] : trail;
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const ms = (test.results ?? []).reduce((sum, res) => sum + (res.duration ?? 0), 0);
          const retried = (test.results ?? []).length > 1 ? ` (${test.results.length} attempts)` : "";
          if (ms > 0) rows.push({ seconds: ms / 1000, label: `${spec.file}:${spec.line} › ${[...here, spec.title].join(" › ")}${retried}` });
        }
      }
      for (const child of suite.suites ?? []) walk(child, here);
    };
    for (const suite of r.suites ?? []) walk(suite, []);
  }
  return rows.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/** A table line: the seconds right-aligned, then the label. */
export function formatSeconds(seconds, label) {
  return `${seconds.toFixed(1).padStart(7)} s  ${label}`;
}

export function formatCounts({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  if (process.argv[2] === "slowest") {
    const [slowestOf, report, count] = process.argv.slice(3);
    for (const row of slowest(slowestOf, report, Number(count ?? 10))) console.log(formatSeconds(row.seconds, row.label));
    process.exit(0);
  }
  if (process.argv[2] === "names") {
    const [namesOf, report] = process.argv.slice(3);
    for (const line of failedTestNames(namesOf, report)) console.log(line);
    process.exit(0);
  }
  const [kind, file, code] = process.argv.slice(2);
  const count = kind === "vitest" ? vitestCounts : kind === "playwright" ? playwrightCounts : undefined;
  if (!count || !file) {
    console.error("usage: node tests/setup/report-counts.mjs vitest|playwright <report.json> <exit code>");
    process.exit(2);
  }
  console.log(formatCounts(count(file, Number(code ?? 0))));
}
