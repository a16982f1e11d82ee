import { type SQL, sql } from "drizzle-orm";

// Bulk writes that stay one statement whatever the row count: the rows travel as one JSON
// parameter and jsonb_to_recordset turns them back into typed columns. Postgres caps a statement
// at 65 535 parameters; this sends one, and PGlite pays per statement, not per row.

/** [column name, PostgreSQL type] of a JSON record. Names and types are code, never user input. */
export type JsonColumn = readonly [name: string, type: string];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const TYPE = /^[a-z ]+(\[\])?$/;

function columnList(columns: readonly JsonColumn[]): { names: SQL; definitions: SQL } {
  for (const [name, type] of columns) {
    if (!IDENTIFIER.test(name) || !TYPE.test(type)) throw new Error(`Bad JSON column: ${name} ${type}`);
  }
  return {
    names: sql.raw(columns.map(([name]) => `"${name}"`).join(", ")),
    definitions: sql.raw(columns.map(([name, type]) => `"${name}" ${type}`).join(", ")),
  };
}

/** `jsonb_to_recordset($rows) as x(columns…)`, for an insert … select or an update … from. */
export function jsonRecordset(rows: readonly object[], columns: readonly JsonColumn[], alias = "x"): SQL {
  if (!IDENTIFIER.test(alias)) throw new Error(`Bad alias: ${alias}`);
  const { definitions } = columnList(columns);
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.raw(alias)}(${definitions})`;
}

/** insert into `table` (columns) select columns from the JSON rows. */
export function insertJsonRows(table: string, columns: readonly JsonColumn[], rows: readonly object[]): SQL {
  if (!IDENTIFIER.test(table)) throw new Error(`Bad table: ${table}`);
  const { names } = columnList(columns);
  return sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${names} from ${jsonRecordset(rows, columns)}`;
}
