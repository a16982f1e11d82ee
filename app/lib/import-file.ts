// What the catalogue, dealer and banner importers share: reading a CSV or JSON file into raw
// records (cells as written) and checking its columns. All or nothing starts here: any file-level
// problem comes back as issues and no record.
import { parse as parseCsv } from "csv-parse/sync";

export type FileFormat = "csv" | "json";

/** One problem, tied to a data row (1 = the first row after the CSV header, or the first JSON object) and a column when known. */
export interface ImportIssue {
  row?: number;
  column?: string;
  message: string;
}

export type RawRecord = Record<string, unknown>;

/** "row 7: province: unknown province 'gautng'". */
export function formatIssue(issue: ImportIssue): string {
  return [issue.row === undefined ? undefined : `row ${issue.row}`, issue.column, issue.message].filter(Boolean).join(": ");
}

export function formatFromPath(path: string): FileFormat | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".json")) return "json";
  return undefined;
}

export interface ImportColumns {
  known: readonly string[];
  required: readonly string[];
  /** Where the columns are listed, for the unknown-column message ("docs/dealers-import.md"). */
  docs: string;
  /** What one JSON object is ("dealer"), for the not-an-array message. */
  rowNoun: string;
}

/** Unknown and repeated columns; missing required ones when every column must be there (a CSV header). */
function checkColumns(columns: readonly string[], spec: ImportColumns, requireAll: boolean): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const seen = new Set<string>();
  for (const column of columns) {
    if (!spec.known.includes(column)) issues.push({ message: `unknown column "${column}" (the columns are listed in ${spec.docs})` });
    else if (seen.has(column)) issues.push({ message: `column "${column}" appears twice` });
    seen.add(column);
  }
  if (requireAll) for (const column of spec.required) if (!seen.has(column)) issues.push({ message: `missing column "${column}"` });
  return issues;
}

/** The file's text as raw records; file-level problems come back without a row. */
export function readRecords(text: string, format: FileFormat, spec: ImportColumns): { records: RawRecord[]; issues: ImportIssue[]; lines?: number[] } {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { records: [], issues: [{ message: "the file is empty" }] };
  let records: RawRecord[];
  if (format === "csv") {
    // One kind of line end, so lines are counted alike for files from every system.
    const csvText = body.replace(/\r\n?/g, "\n");
    try {
      const header = (parseCsv(csvText, { to_line: 1 })[0] as string[] | undefined) ?? [];
      const issues = checkColumns(
        header.map((h) => h.trim().toLowerCase()),
        spec,
        true,
      );
      if (issues.length) return { records: [], issues };
      // With each record's first line in the file (a quoted cell may span lines), for messages by line.
      const parsed = parseCsv(csvText, { columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), skip_empty_lines: true, info: true }) as {
        record: RawRecord;
        info: { lines: number };
      }[];
      records = parsed.map((r) => r.record);
      // csv-parse gives the line a record ends on: a cell's line breaks lead back to its first.
      const lines = parsed.map((r) => r.info.lines - Object.values(r.record).reduce<number>((n, cell) => n + (String(cell).match(/\n/g)?.length ?? 0), 0));
      if (records.length === 0) return { records, issues: [{ message: "the file has no rows" }] };
      return { records, issues: [], lines };
    } catch (err) {
      return { records: [], issues: [{ message: `not a valid CSV file: ${err instanceof Error ? err.message : String(err)}` }] };
    }
  } else {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch (err) {
      return { records: [], issues: [{ message: `not a valid JSON file: ${err instanceof Error ? err.message : String(err)}` }] };
    }
    if (!Array.isArray(data)) return { records: [], issues: [{ message: `a JSON file must hold an array of ${spec.rowNoun} objects` }] };
    const issues: ImportIssue[] = [];
    const keys = new Set<string>();
    data.forEach((item, index) => {
      if (item === null || typeof item !== "object" || Array.isArray(item)) issues.push({ row: index + 1, message: "must be an object of column: value" });
      else for (const key of Object.keys(item)) keys.add(key);
    });
    issues.push(...checkColumns([...keys], spec, false));
    if (issues.length) return { records: [], issues };
    records = data as RawRecord[];
  }
  if (records.length === 0) return { records, issues: [{ message: "the file has no rows" }] };
  return { records, issues: [] };
}
