// A dealer's stock feed by hand: `npm run dealers:stock -- DEALER FILE [--photos ZIP] [--dry-run]
// [--mark-missing-sold] [--import-good-rows]` (docs/dealer-feed.md). DEALER is the dealer's id or
// slug. Opens the database exactly like the server (on PGlite only one process may open the data
// folder: stop the server, import, start it again). Exit code 0 when the feed was imported (or the
// dry run found no error), 1 otherwise, 2 for a wrong command.
import fs from "node:fs";
import path from "node:path";
import { SingleBar } from "cli-progress";
import { eq } from "drizzle-orm";
import { formatFromPath } from "../app/lib/import-file";
import { setDatabase } from "../app/lib/db.server";
import { importStockFeed, type FeedProgress, type FeedReport } from "../app/features/dealers/stock-feed/feed-import.server";
import { formatFeedIssue } from "../app/features/dealers/stock-feed/feed-rows";
import { createStockImport, finishStockImport, recordProgress } from "../app/features/dealers/stock-feed/stock-imports.server";
import { dealers } from "../db/schema";
import { fail, openImportDatabase, plural, say } from "./import-command";

const USAGE = "Usage: npm run dealers:stock -- DEALER FILE [--photos ZIP] [--dry-run] [--mark-missing-sold] [--import-good-rows]\n  DEALER: the dealer's id or slug; FILE ends in .csv or .json";
const FLAGS = ["--dry-run", "--mark-missing-sold", "--import-good-rows", "--help", "-h"];
const MAX_LISTED = 200;

function parseArgs(argv: string[]): { dealer: string; file: string; zip?: string; flags: Set<string> } | number {
  const flags = new Set<string>();
  const rest: string[] = [];
  let zip: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--photos") {
      zip = argv[++i];
      if (!zip) {
        fail("--photos needs the path of a ZIP file.");
        return 2;
      }
    } else if (arg.startsWith("-")) {
      if (!FLAGS.includes(arg)) {
        fail(`Unknown option ${arg}.\n${USAGE}`);
        return 2;
      }
      flags.add(arg);
    } else rest.push(arg);
  }
  if (flags.has("--help") || flags.has("-h")) {
    say(USAGE);
    return 0;
  }
  if (rest.length !== 2) {
    fail(`Give the dealer and one feed file.\n${USAGE}`);
    return 2;
  }
  return { dealer: rest[0]!, file: rest[1]!, zip, flags };
}

function printReport(report: FeedReport, started: number): number {
  for (const issue of report.fileIssues) fail(issue.message);
  if (report.fileIssues.length) {
    fail("Nothing was imported: the file cannot be read.");
    return 1;
  }
  for (const issue of report.errors.slice(0, MAX_LISTED)) fail(formatFeedIssue(issue, report.format));
  if (report.errors.length > MAX_LISTED) fail(`… and ${report.errors.length - MAX_LISTED} more.`);
  for (const skip of report.skipped.slice(0, MAX_LISTED)) fail(`${formatFeedIssue({ line: skip.line, message: skip.message }, report.format)} (skipped)`);
  const verb = report.dryRun ? "would be" : "";
  const line = (label: string, items: readonly string[] | number) => {
    const n = typeof items === "number" ? items : items.length;
    say(`${label} ${verb ? `${verb} ` : ""}${n}${typeof items !== "number" && items.length && items.length <= 20 ? `: ${items.join(", ")}` : ""}`.replace(/\s+/g, " "));
  };
  line("created:", report.created);
  line("updated:", report.updated);
  line("price changed:", report.priceChanged);
  say(`unchanged: ${report.unchanged}`);
  line("marked sold:", report.markedSold);
  say(`skipped: ${report.skipped.length}`);
  if (!report.dryRun) say(`photos: ${report.photos.stored} stored, ${report.photos.reused} already stored`);
  const elapsed = ((performance.now() - started) / 1000).toFixed(1);
  if (report.dryRun) {
    say(`dry run of ${plural(report.rowsTotal, "row")}: nothing written (${elapsed} s); ${plural(report.errors.length, "row error")}`);
    return report.errors.length ? 1 : 0;
  }
  if (!report.written && report.errors.length) {
    fail(`Nothing was imported: ${plural(report.errors.length, "problem")}. Correct them, or add --import-good-rows to import the other rows.`);
    return 1;
  }
  say(`imported ${plural(report.rowsTotal - report.errors.length, "row")} in ${elapsed} s`);
  return 0;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === "number") return args;
  const format = formatFromPath(args.file);
  if (!format) {
    fail(`${args.file}: the file name must end in .csv or .json (the extension says how to read it).`);
    return 1;
  }
  let text: string;
  try {
    text = fs.readFileSync(args.file, "utf8");
    if (args.zip && !fs.statSync(args.zip).isFile()) throw Object.assign(new Error("not a file"), { code: "EISDIR" });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    fail(code === "ENOENT" ? `${(err as NodeJS.ErrnoException).path ?? args.file}: no such file.` : `A file cannot be read (${String(err)}).`);
    return 1;
  }
  const handle = await openImportDatabase();
  if (!handle) return 1;
  setDatabase(handle);
  const bar = new SingleBar({ format: "{phase} [{bar}] {value}/{total}", hideCursor: true, clearOnComplete: true, stream: process.stderr });
  let importId: number | undefined;
  try {
    const byId = /^\d{1,9}$/.test(args.dealer) ? eq(dealers.id, Number(args.dealer)) : eq(dealers.slug, args.dealer);
    const [dealer] = await handle.db.select({ id: dealers.id, name: dealers.name }).from(dealers).where(byId).limit(1);
    if (!dealer) {
      fail(`No dealer has the id or slug "${args.dealer}".`);
      return 1;
    }
    const dryRun = args.flags.has("--dry-run");
    say(`${dealer.name} (${dealer.id}): ${dryRun ? "checking" : "importing"} ${path.basename(args.file)}${args.zip ? ` with ${path.basename(args.zip)}` : ""}`);
    const started = performance.now();
    if (!dryRun) importId = await createStockImport({ dealerId: dealer.id, userId: null, fileName: path.basename(args.file), dryRun }, handle.db);
    let phase = "";
    let lastRecorded = 0;
    const onProgress = async (p: FeedProgress) => {
      if (process.stderr.isTTY) {
        if (p.phase !== phase) {
          if (phase) bar.stop();
          phase = p.phase;
          bar.start(Math.max(p.total, 1), p.done, { phase: p.phase.padEnd(8) });
        } else bar.update(p.done);
      }
      // The dashboard shows a command-line import's progress too, a few times a second at most.
      if (importId !== undefined && performance.now() - lastRecorded > 500) {
        lastRecorded = performance.now();
        await recordProgress(importId, p, handle.db);
      }
    };
    const report = await importStockFeed({
      dealerId: dealer.id,
      text,
      format,
      zip: args.zip,
      dryRun,
      markMissingSold: args.flags.has("--mark-missing-sold"),
      importGoodRows: args.flags.has("--import-good-rows"),
      db: handle.db,
      onProgress,
    });
    bar.stop();
    if (importId !== undefined) await finishStockImport(importId, { report }, handle.db);
    return printReport(report, started);
  } catch (err) {
    bar.stop();
    if (importId !== undefined) await finishStockImport(importId, { failure: "the import stopped on an error" }, handle.db).catch(() => {});
    fail(`Nothing was imported: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

process.exitCode = await main();
