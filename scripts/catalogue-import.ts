// Catalogue import: `npm run catalogue:import -- FILE [--dry-run]` (see docs/catalogue-import.md).
// Opens the database exactly like the server (DATABASE_URL, else PGlite in DATA_DIR). On PGlite
// only one process may open the data folder: stop the server, import, start it again.
import { SingleBar } from "cli-progress";
import { formatIssue, formatFromPath, parseCatalogue } from "../app/features/catalogue/import";
import { type ImportResult, importCatalogue } from "../app/features/catalogue/import.server";
import { formatPrice } from "../app/lib/format";
import { failWithIssues, fail, openImportDatabase, plural, readImportFile, say } from "./import-command";

const USAGE = "Usage: npm run catalogue:import -- FILE [--dry-run]   (FILE ends in .csv or .json)";
/** Below this many rows the import is quick enough to need no progress bar. */
const PROGRESS_FROM_ROWS = 500;

function counts(label: string, c: ImportResult["brands"], dryRun: boolean): string {
  const [created, updated] = dryRun ? ["to create", "to update"] : ["created", "updated"];
  return `${label.padEnd(9)} ${c.created} ${created}, ${c.updated} ${updated}, ${c.unchanged} unchanged`;
}

async function main(argv: string[]): Promise<number> {
  const input = readImportFile(argv, USAGE, formatFromPath);
  if (typeof input === "number") return input;
  const { dryRun, name } = input;
  const started = performance.now();
  const { rows, issues } = parseCatalogue(input.text, input.format);
  if (issues.length) return failWithIssues(issues, formatIssue, `in ${name}`);
  say(`catalogue: ${plural(rows.length, "row")} of ${name} are valid (${Math.round(performance.now() - started)} ms)`);

  const handle = await openImportDatabase();
  if (!handle) return 1;
  const showBar = Boolean(process.stderr.isTTY) && rows.length >= PROGRESS_FROM_ROWS && !dryRun;
  const bar = showBar ? new SingleBar({ stream: process.stderr, format: "importing [{bar}] {percentage}% | {value}/{total} brands, models and versions written", hideCursor: true }) : undefined;
  let barStarted = false;
  try {
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
    if (result.issues.length) return failWithIssues(result.issues, formatIssue, "against the catalogue");
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
