// A Vitest reporter that writes each test file's whole cost to the JSON file named by
// VITEST_FILE_TIMES: importing it, its hooks (a database or a server started in beforeAll) and its
// tests. Vitest's JSON report times the tests alone, which hides what a file costs before them.
// scripts/test.mjs and CI name the slowest files from it (report-counts.mjs: slowest "files").
import fs from "node:fs";
import path from "node:path";

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const out = process.env.VITEST_FILE_TIMES;
    if (!out) return;
    const rows = testModules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { file: path.relative(process.cwd(), module.moduleId), seconds: ms / 1000 };
    });
    fs.writeFileSync(out, JSON.stringify(rows));
  }
}
