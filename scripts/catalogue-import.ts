// Catalogue import: `npm run catalogue:import -- FILE [--dry-run]` (see docs/catalogue-import.md).
// Opens the database exactly like the server (DATABASE_URL, else PGlite in DATA_DIR). On PGlite
// only one process may open the data folder: stop the server, import, start it again.
import fs from "node:fs";
import path from "node:path";
import { SingleBar } from "cli-progress";
import { formatIssue, formatFromPath, parseCatalogue } from "../app/features/catalogue/import";
import { type ImportResult, importCatalogue } from "../app/features/catalogue/import.server";
import { DataDirLockedError, migrateDatabase, openDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { formatPrice } from "../app/lib/format";

const USAGE = "Usage: npm run catalogue:import -- FILE [--dry-run]   (FILE ends in .csv or .json)";
/** At most this many problems are listed; the count says how many there were. */
const MAX_LISTED = 200;
/** Below this many rows the import is quick enough to need no progress bar. */
const PROGRESS_FROM_ROWS = 500;

const say = (message: string) => process.stdout.write(`${message}\n`);
const fail = (message: string) => process.stderr.write(`${message}\n`);

function counts(label: string, c: ImportResult["brands"], dryRun: boolean): string {
  const [created, updated] = dryRun ? ["to create", "to update"] : ["created", "updated"];
  return `${label.padEnd(9)} ${c.created} ${created}, ${c.updated} ${updated}, ${c.unchanged} unchanged`;
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
  const { rows, issues } = parseCatalogue(text, format);
  const name = path.basename(file);
  if (issues.length) {
    for (const issue of issues.slice(0, MAX_LISTED)) fail(formatIssue(issue));
    if (issues.length > MAX_LISTED) fail(`… and ${issues.length - MAX_LISTED} more.`);
    fail(`Nothing was imported: ${issues.length} problem${issues.length === 1 ? "" : "s"} in ${name}.`);
    return 1;
  }
  say(`catalogue: ${rows.length} row${rows.length === 1 ? "" : "s"} of ${name} are valid (${Math.round(performance.now() - started)} ms)`);

  const e = env();
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
    if (err instanceof DataDirLockedError) fail("The embedded database allows one process at a time: stop the server, import, then start it again.");
    return 1;
  }
  const showBar = Boolean(process.stderr.isTTY) && rows.length >= PROGRESS_FROM_ROWS && !dryRun;
  const bar = showBar ? new SingleBar({ stream: process.stderr, format: "importing [{bar}] {percentage}% | {value}/{total} brands, models and versions written", hideCursor: true }) : undefined;
  let barStarted = false;
  try {
    await migrateDatabase(handle);
    const result = await importCatalogue(handle.db, rows, {
      dryRun,
      onProgress: (done, total) => {
        if (!bar) return;
        if (!barStarted) {
          bar.start(total, 0);
          barStarted = true;
        }
        bar.update(done);
      },
    });
    bar?.stop();
    if (result.issues.length) {
      for (const issue of result.issues.slice(0, MAX_LISTED)) fail(formatIssue(issue));
      if (result.issues.length > MAX_LISTED) fail(`… and ${result.issues.length - MAX_LISTED} more.`);
      fail(`Nothing was imported: ${result.issues.length} problem${result.issues.length === 1 ? "" : "s"} against the catalogue.`);
      return 1;
    }
    say(counts("brands:", result.brands, dryRun));
    say(counts("models:", result.models, dryRun));
    say(counts("versions:", result.versions, dryRun));
    say(`price changes: ${result.priceChanges.length}`);
    for (const change of result.priceChanges.slice(0, 50)) say(`  ${change.code}: ${formatPrice(change.from, { withCurrency: true })} → ${formatPrice(change.to, { withCurrency: true })}`);
    if (result.priceChanges.length > 50) say(`  … and ${result.priceChanges.length - 50} more`);
    const elapsed = Math.round(performance.now() - started);
    if (dryRun) say(`catalogue: dry run, nothing written (${elapsed} ms)`);
    else if (!result.written) say(`catalogue: already up to date, nothing written (${elapsed} ms)`);
    else say(`catalogue: imported in ${elapsed} ms (catalogue revision ${result.revision})`);
    return 0;
  } catch (err) {
    bar?.stop();
    fail(`Nothing was imported: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
