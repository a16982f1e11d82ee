// Banner import: `npm run banners:import -- FILE [--dry-run]` (see docs/banners-import.md).
// Opens the database exactly like the server (DATABASE_URL, else PGlite in DATA_DIR). On PGlite
// only one process may open the data folder: stop the server, import, start it again. A running
// server on PostgreSQL shows the new banners within a minute (its banner list is cached that long).
import fs from "node:fs";
import path from "node:path";
import { formatFromPath, formatIssue, parseBanners } from "../app/features/banners/import";
import { importBanners } from "../app/features/banners/import.server";
import { DataDirLockedError, migrateDatabase, openDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";

const USAGE = "Usage: npm run banners:import -- FILE [--dry-run]   (FILE ends in .csv or .json)";
const MAX_LISTED = 200;
const PUBLIC_DIR = path.resolve(import.meta.dirname, "../public");

const say = (message: string) => process.stdout.write(`${message}\n`);
const fail = (message: string) => process.stderr.write(`${message}\n`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** An image path of the site (/banners/x.webp) is a file of the public folder. */
function publicFileExists(sitePath: string): boolean {
  const file = path.resolve(PUBLIC_DIR, `.${decodeURIComponent(sitePath)}`);
  return file.startsWith(`${PUBLIC_DIR}${path.sep}`) && fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

function list(label: string, names: string[]): void {
  say(`${label} ${names.length}`);
  for (const name of names.slice(0, MAX_LISTED)) say(`  ${name}`);
  if (names.length > MAX_LISTED) say(`  … and ${names.length - MAX_LISTED} more`);
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
  const { rows, issues } = parseBanners(text, format, publicFileExists);
  if (issues.length) {
    for (const issue of issues.slice(0, MAX_LISTED)) fail(formatIssue(issue));
    if (issues.length > MAX_LISTED) fail(`… and ${issues.length - MAX_LISTED} more.`);
    fail(`Nothing was imported: ${plural(issues.length, "problem")} in ${name}.`);
    return 1;
  }
  say(`banners: ${plural(rows.length, "row")} of ${name} are valid`);

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
    const result = await importBanners(handle.db, rows, { dryRun });
    if (result.issues.length) {
      for (const issue of result.issues.slice(0, MAX_LISTED)) fail(formatIssue(issue));
      if (result.issues.length > MAX_LISTED) fail(`… and ${result.issues.length - MAX_LISTED} more.`);
      fail(`Nothing was imported: ${plural(result.issues.length, "problem")} against the stored data.`);
      return 1;
    }
    list(dryRun ? "to create:" : "created:", result.created);
    list(dryRun ? "to update:" : "updated:", result.updated);
    say(`unchanged: ${result.unchanged.length}`);
    const elapsed = Math.round(performance.now() - started);
    if (dryRun) say(`banners: dry run, nothing written (${elapsed} ms)`);
    else if (!result.written) say(`banners: already up to date, nothing written (${elapsed} ms)`);
    else say(`banners: imported in ${elapsed} ms`);
    return 0;
  } catch (err) {
    fail(`Nothing was imported: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
