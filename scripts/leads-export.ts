// Lead export: `npm run leads:export -- --since YYYY-MM-DD [--out FILE]` (see docs/leads.md).
// CSV on stdout, or in FILE. Opens the database exactly like the server (DATABASE_URL, else PGlite
// in DATA_DIR; on PGlite only one process may open the data folder: stop the server first).
import fs from "node:fs";
import { LEAD_EXPORT_HEADER, leadExportRows, southAfricanDayStart } from "../app/features/leads/lead-export.server";
import { toCsv } from "../app/lib/csv";
import { DataDirLockedError, migrateDatabase, openDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";

const USAGE = "Usage: npm run leads:export -- --since YYYY-MM-DD [--out FILE]";
const fail = (message: string) => process.stderr.write(`${message}\n`);

function readArgs(argv: string[]): { since: string; out?: string } | string {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.split("=", 2) as [string, string | undefined];
    if (flag !== "--since" && flag !== "--out") return `Unknown argument ${arg}.`;
    const value = inline ?? argv[++i];
    if (!value) return `${flag} needs a value.`;
    values[flag.slice(2)] = value;
  }
  if (!values.since) return "Which day? Give --since YYYY-MM-DD.";
  return { since: values.since, out: values.out };
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const args = readArgs(argv);
  if (typeof args === "string") {
    fail(args);
    fail(USAGE);
    return 2;
  }
  const since = southAfricanDayStart(args.since);
  if (!since) {
    fail(`${args.since} is not a date: give it as YYYY-MM-DD, for example 2025-03-01.`);
    return 2;
  }
  const e = env();
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
    if (err instanceof DataDirLockedError) fail("The embedded database allows one process at a time: stop the server, export, then start it again.");
    return 1;
  }
  try {
    await migrateDatabase(handle);
    const rows = await leadExportRows(since, handle.db);
    const csv = toCsv([[...LEAD_EXPORT_HEADER], ...rows]);
    if (args.out) {
      fs.writeFileSync(args.out, csv);
      fail(`leads: ${rows.length} since ${args.since} written to ${args.out}`);
    } else process.stdout.write(csv);
    return 0;
  } catch (err) {
    fail(`The export failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
