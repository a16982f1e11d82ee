// What every `npm run *:import -- FILE [--dry-run]` command shares: reading its arguments and file,
// printing problems, and opening the database exactly like the server (DATABASE_URL, else PGlite in
// DATA_DIR; on PGlite only one process may open the data folder: stop the server, import, start it).
import fs from "node:fs";
import path from "node:path";
import { DataDirLockedError, type DatabaseHandle, migrateDatabase, openDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";

/** At most this many problems (and names per list) are printed; the count says how many there were. */
const MAX_LISTED = 200;

export const say = (message: string) => process.stdout.write(`${message}\n`);
export const fail = (message: string) => process.stderr.write(`${message}\n`);
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

type FileFormat = "csv" | "json";

interface ImportFile {
  /** The file's name without its folder, for messages. */
  name: string;
  format: FileFormat;
  text: string;
  dryRun: boolean;
}

/** Reads `FILE [--dry-run]`: the file, or the exit code after printing why not (0 for --help). */
export function readImportFile(argv: string[], usage: string, formatFromPath: (file: string) => FileFormat | undefined): ImportFile | number {
  const flags = argv.filter((a) => a.startsWith("-"));
  const files = argv.filter((a) => !a.startsWith("-"));
  if (flags.includes("--help") || flags.includes("-h")) {
    say(usage);
    return 0;
  }
  const unknown = flags.filter((f) => f !== "--dry-run");
  if (unknown.length || files.length !== 1) {
    fail(unknown.length ? `Unknown option ${unknown[0]}.` : files.length ? "Give one file only." : "Which file? Give the path of a CSV or JSON file.");
    fail(usage);
    return 2;
  }
  const file = files[0]!;
  const format = formatFromPath(file);
  if (!format) {
    fail(`${file}: the file name must end in .csv or .json (the extension says how to read it).`);
    return 1;
  }
  try {
    return { name: path.basename(file), format, text: fs.readFileSync(file, "utf8"), dryRun: flags.includes("--dry-run") };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    fail(code === "ENOENT" ? `${file}: no such file.` : code === "EISDIR" ? `${file}: is a folder, not a file.` : `${file}: cannot be read (${String(err)}).`);
    return 1;
  }
}

/** Prints the problems (at most MAX_LISTED) and "Nothing was imported: N problems {where}." */
export function failWithIssues<I>(issues: readonly I[], formatIssue: (issue: I) => string, where: string): number {
  for (const issue of issues.slice(0, MAX_LISTED)) fail(formatIssue(issue));
  if (issues.length > MAX_LISTED) fail(`… and ${issues.length - MAX_LISTED} more.`);
  fail(`Nothing was imported: ${plural(issues.length, "problem")} ${where}.`);
  return 1;
}

function listNames(label: string, names: readonly string[]): void {
  say(`${label} ${names.length}`);
  for (const name of names.slice(0, MAX_LISTED)) say(`  ${name}`);
  if (names.length > MAX_LISTED) say(`  … and ${names.length - MAX_LISTED} more`);
}

/** The migrated database, or null after saying why it cannot be opened. */
export async function openImportDatabase(): Promise<DatabaseHandle | null> {
  const e = env();
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
    if (err instanceof DataDirLockedError) fail("The embedded database allows one process at a time: stop the server, import, then start it again.");
    return null;
  }
  try {
    await migrateDatabase(handle);
    return handle;
  } catch (err) {
    fail(`Nothing was imported: ${err instanceof Error ? err.message : String(err)}`);
    await handle.close();
    return null;
  }
}

interface RowImportResult<I> {
  issues: I[];
  created: string[];
  updated: string[];
  unchanged: string[];
  written: boolean;
}

/**
 * A whole import of rows keyed by name (dealers, banners): read and check the file, then write
 * the rows in one transaction (or only say what would change, with --dry-run).
 */
export async function runRowImport<Row, I>(
  argv: string[],
  command: {
    what: string;
    usage: string;
    formatFromPath: (file: string) => FileFormat | undefined;
    parse: (text: string, format: FileFormat) => { rows: Row[]; issues: I[] };
    formatIssue: (issue: I) => string;
    write: (db: DatabaseHandle["db"], rows: Row[], options: { dryRun: boolean }) => Promise<RowImportResult<I>>;
  },
): Promise<number> {
  const input = readImportFile(argv, command.usage, command.formatFromPath);
  if (typeof input === "number") return input;
  const started = performance.now();
  const { rows, issues } = command.parse(input.text, input.format);
  if (issues.length) return failWithIssues(issues, command.formatIssue, `in ${input.name}`);
  say(`${command.what}: ${plural(rows.length, "row")} of ${input.name} are valid`);

  const handle = await openImportDatabase();
  if (!handle) return 1;
  try {
    const result = await command.write(handle.db, rows, { dryRun: input.dryRun });
    if (result.issues.length) return failWithIssues(result.issues, command.formatIssue, "against the stored data");
    listNames(input.dryRun ? "to create:" : "created:", result.created);
    listNames(input.dryRun ? "to update:" : "updated:", result.updated);
    say(`unchanged: ${result.unchanged.length}`);
    const elapsed = Math.round(performance.now() - started);
    if (input.dryRun) say(`${command.what}: dry run, nothing written (${elapsed} ms)`);
    else if (!result.written) say(`${command.what}: already up to date, nothing written (${elapsed} ms)`);
    else say(`${command.what}: imported in ${elapsed} ms`);
    return 0;
  } catch (err) {
    fail(`Nothing was imported: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}
