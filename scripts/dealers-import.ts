// Dealer import: `npm run dealers:import -- FILE [--dry-run]` (see docs/dealers-import.md).
// Opens the database exactly like the server (DATABASE_URL, else PGlite in DATA_DIR). On PGlite
// only one process may open the data folder: stop the server, import, start it again.
import fs from "node:fs";
import path from "node:path";
import { formatFromPath, formatIssue, parseDealers } from "../app/features/dealers/import";
import { importDealers } from "../app/features/dealers/import.server";
import { DataDirLockedError, migrateDatabase, openDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";

const USAGE = "Usage: npm run dealers:import -- FILE [--dry-run]   (FILE ends in .csv or .json)";
/** At most this many problems (and slugs per list) are printed; the count says how many there were. */
const MAX_LISTED = 200;

const say = (message: string) => process.stdout.write(`${message}\n`);
const fail = (message: string) => process.stderr.write(`${message}\n`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function listSlugs(label: string, slugs: string[]): void {
  say(`${label} ${slugs.length}`);
  for (const slug of slugs.slice(0, MAX_LISTED)) say(`  ${slug}`);
  if (slugs.length > MAX_LISTED) say(`  … and ${slugs.length - MAX_LISTED} more`);
}

async function main(argv: string[]): Promise<number> {
  const flags = argv.filter((a) => a.startsWith("-"));
  const files = argv.filter((a) => !a.startsWith("-"));
  if (flags.includes("--help") || flags.includes("-h")) {
    say(USAGE);
    return 0;
  }
  const unknown = flags.filter((f) => f !== "--dry-run");
  if (unknown.length || files.length !== 1) {
    fail(unknown.length ? `Unknown option ${unknown[0]}.` : files.length ? "Give one file only." : "Which file? Give the path of a CSV or JSON file.");
    fail(USAGE);
    return 2;
  }
  const dryRun = flags.includes("--dry-run");
  const file = files[0]!;
  const format = formatFromPath(file);
  if (!format) {
    fail(`${file}: the file name must end in .csv or .json (the extension says how to read it).`);
    return 1;
  }
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    fail(code === "ENOENT" ? `${file}: no such file.` : code === "EISDIR" ? `${file}: is a folder, not a file.` : `${file}: cannot be read (${String(err)}).`);
    return 1;
  }

  const started = performance.now();
  const name = path.basename(file);
  const { rows, issues } = parseDealers(text, format);
  if (issues.length) {
    for (const issue of issues.slice(0, MAX_LISTED)) fail(formatIssue(issue));
    if (issues.length > MAX_LISTED) fail(`… and ${issues.length - MAX_LISTED} more.`);
    fail(`Nothing was imported: ${plural(issues.length, "problem")} in ${name}.`);
    return 1;
  }
  say(`dealers: ${plural(rows.length, "row")} of ${name} are valid`);

  const e = env();
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
    if (err instanceof DataDirLockedError) fail("The embedded database allows one process at a time: stop the server, import, then start it again.");
    return 1;
  }
  try {
    await migrateDatabase(handle);
    const result = await importDealers(handle.db, rows, { dryRun });
    if (result.issues.length) {
      for (const issue of result.issues.slice(0, MAX_LISTED)) fail(formatIssue(issue));
      if (result.issues.length > MAX_LISTED) fail(`… and ${result.issues.length - MAX_LISTED} more.`);
      fail(`Nothing was imported: ${plural(result.issues.length, "problem")} against the stored data.`);
      return 1;
    }
    listSlugs(dryRun ? "to create:" : "created:", result.created);
    listSlugs(dryRun ? "to update:" : "updated:", result.updated);
    say(`unchanged: ${result.unchanged.length}`);
    const elapsed = Math.round(performance.now() - started);
    if (dryRun) say(`dealers: dry run, nothing written (${elapsed} ms)`);
    else if (!result.written) say(`dealers: already up to date, nothing written (${elapsed} ms)`);
    else say(`dealers: imported in ${elapsed} ms`);
    return 0;
  } catch (err) {
    fail(`Nothing was imported: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
