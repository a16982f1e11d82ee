// The counts and names CI prints from the runners' JSON reports: a red run must say which test.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { failedTestNames, formatSeconds, playwrightCounts, slowest, vitestCounts } from "../tests/setup/report-counts.mjs";

function report(content: unknown) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voitura-report-")), "report.json");
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

describe("test reports", () => {
  it("names Playwright's failed and flaky tests with their place, describe and first error line", () => {
    const file = report({
      stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: "selling.spec.ts",
          file: "selling.spec.ts",
          specs: [
            { title: "passes", file: "selling.spec.ts", line: 4, tests: [{ status: "expected", results: [] }] },
          ],
          suites: [
            {
              title: "posting an ad",
              file: "selling.spec.ts",
              specs: [
                {
                  title: "publishes with photos",
                  file: "selling.spec.ts",
                  line: 12,
                  tests: [
                    {
                      status: "unexpected",
                      results: [
                        { error: { message: "\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: …" } },
                        { error: { message: "second try" } },
                      ],
                    },
                  ],
                },
                { title: "came back", file: "selling.spec.ts", line: 40, tests: [{ status: "flaky", results: [{ error: { message: "Timeout" } }, {}] }] },
              ],
            },
          ],
        },
      ],
    });
    expect(failedTestNames("playwright", file)).toEqual([
      "failed: selling.spec.ts:12 › posting an ad › publishes with photos (Error: expect(locator).toBeVisible() failed)",
      "flaky (passed on retry): selling.spec.ts:40 › posting an ad › came back (Timeout)",
    ]);
    expect(playwrightCounts(file, 1)).toEqual({ passed: 4, failed: 1, skipped: 0 });
  });

  it("names Vitest's failed tests and the files that broke before any test ran", () => {
    const file = report({
      numPassedTests: 2,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: path.join(process.cwd(), "app/lib/cache.server.test.ts"),
          status: "failed",
          message: "",
          assertionResults: [
            { status: "passed", fullName: "cache keeps" },
            { status: "failed", fullName: "cache drops a stale entry" },
          ],
        },
        { name: path.join(process.cwd(), "server/readiness.test.ts"), status: "failed", message: "Error: connect ECONNREFUSED\n    at …", assertionResults: [] },
      ],
    });
    expect(failedTestNames("vitest", file)).toEqual([
      "failed: app/lib/cache.server.test.ts › cache drops a stale entry",
      "failed: server/readiness.test.ts (Error: connect ECONNREFUSED)",
    ]);
    expect(vitestCounts(file, 1)).toEqual({ passed: 2, failed: 2, skipped: 0 });
  });

  it("names nothing when the report is missing", () => {
    expect(failedTestNames("playwright", path.join(os.tmpdir(), "no-such-report.json"))).toEqual([]);
  });

  it("names the slowest Vitest files (from their file times) and Playwright tests, slowest first, a retried test with all its attempts", () => {
    const files = report([
      { file: "app/a.test.ts", seconds: 2.5 },
      { file: "app/b.test.ts", seconds: 8 },
      { file: "app/c.test.ts", seconds: 0.4 },
    ]);
    expect(slowest("files", files, 2)).toEqual([
      { seconds: 8, label: "app/b.test.ts" },
      { seconds: 2.5, label: "app/a.test.ts" },
    ]);
    const playwright = report({
      suites: [
        {
          title: "selling.spec.ts",
          file: "selling.spec.ts",
          specs: [{ title: "quick", file: "selling.spec.ts", line: 3, tests: [{ results: [{ duration: 1_200 }] }] }],
          suites: [
            {
              title: "posting",
              specs: [{ title: "retried", file: "selling.spec.ts", line: 9, tests: [{ results: [{ duration: 30_000 }, { duration: 20_000 }] }] }],
            },
          ],
        },
      ],
    });
    expect(slowest("playwright", playwright).map((row) => formatSeconds(row.seconds, row.label))).toEqual([
      "   50.0 s  selling.spec.ts:9 › posting › retried (2 attempts)",
      "    1.2 s  selling.spec.ts:3 › quick",
    ]);
  });
});
