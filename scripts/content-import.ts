// Content import: `npm run content:import [-- --dry-run]` (see docs/content.md). Loads every
// Markdown file of content/ into the database like the seed does. Opens the database exactly like
// the server (DATABASE_URL, else PGlite in DATA_DIR); on PGlite stop the server first.
import { formatContentIssue } from "../app/features/editorial/content-import";
import { type ContentCounts, importContentFromDisk } from "../app/features/editorial/content-import.server";
import { DataDirLockedError, migrateDatabase, openDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";

const USAGE = "Usage: npm run content:import [-- --dry-run]   (reads content/news and content/guides)";
const MAX_LISTED = 200;

const say = (message: string) => process.stdout.write(`${message}\n`);
const fail = (message: string) => process.stderr.write(`${message}\n`);

function counts(label: string, c: ContentCounts, dryRun: boolean): string {
  const [created, updated, deleted] = dryRun ? ["to create", "to update", "to delete"] : ["created", "updated", "deleted"];
  return `${label.padEnd(9)} ${c.created} ${created}, ${c.updated} ${updated}, ${c.deleted} ${deleted}, ${c.unchanged} unchanged`;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    say(USAGE);
    return 0;
  }
  const unknown = argv.filter((a) => a !== "--dry-run");
  if (unknown.length) {
    fail(`Unknown argument ${unknown[0]}.`);
    fail(USAGE);
    return 2;
  }
  const dryRun = argv.includes("--dry-run");
  const started = performance.now();
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
    const result = await importContentFromDisk(handle.db, { dryRun });
    if (result.issues.length) {
      for (const issue of result.issues.slice(0, MAX_LISTED)) fail(formatContentIssue(issue));
      if (result.issues.length > MAX_LISTED) fail(`… and ${result.issues.length - MAX_LISTED} more.`);
      fail(`Nothing was imported: ${result.issues.length} problem${result.issues.length === 1 ? "" : "s"}.`);
      return 1;
    }
    say(counts("articles:", result.articles, dryRun));
    say(counts("guides:", result.guides, dryRun));
    const elapsed = Math.round(performance.now() - started);
    if (dryRun) say(`content: dry run, nothing written (${elapsed} ms)`);
    else if (!result.written) say(`content: already up to date, nothing written (${elapsed} ms)`);
    else say(`content: imported in ${elapsed} ms (editorial revision ${result.revision})`);
    return 0;
  } catch (err) {
    fail(`Nothing was imported: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
