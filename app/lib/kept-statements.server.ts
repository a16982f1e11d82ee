import { parse, type PGlite, protocol, type QueryOptions, type Results, types } from "@electric-sql/pglite";
import { answerError, parsedByPglite, readResultMessages } from "./wire-results.server";

// The embedded database parses and plans every query again: Drizzle's PGlite driver sends each
// one unnamed. Planning weighs every index of every table a query reads, and on a data folder each
// index's size is a file-system call: the ad page's read of an ad (five tables, twenty indexes on
// used_ads) took 1.5 ms, 0.5 ms of it executing. On PostgreSQL proper the same planning happens
// (Drizzle has postgres.js prepare only named queries), but on the database server, off the app's
// thread. Here it is the app's thread: a read seen twice is PREPAREd under a name, then run by
// that name with its values, and PostgreSQL's plan cache keeps its plan (decision 012).

/** Statements kept at most; the least recently used is DEALLOCATEd past it. */
const KEPT_STATEMENTS_MAX = 400;
/** A read is kept from its second run: one-off texts (start-up, migrations) are never prepared. */
const RUNS_BEFORE_KEEPING = 2;

type Literal = string | null;

/** A value as the text PostgreSQL types from the statement's parameter; undefined when it cannot be one. */
function parameterText(value: unknown): Literal | undefined {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "number") {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === "bigint" || typeof value === "boolean") text = String(value);
  else if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    text = value.toISOString();
  } else return undefined;
  // A NUL cannot be in a PostgreSQL string; the query as sent would refuse it too.
  if (text.includes("\0")) return undefined;
  return text;
}

/** A value as an SQL literal PostgreSQL types from the statement's parameter; undefined when it cannot be one. */
export function sqlLiteral(value: unknown): Literal | undefined {
  const text = parameterText(value);
  if (typeof text !== "string") return text;
  // standard_conforming_strings is on (PostgreSQL's default since 9.1): only quotes are doubled.
  return `'${text.replaceAll("'", "''")}'`;
}

/** Only plain reads are kept: a write's values are often arrays or JSON, and it runs once. */
function isRead(text: string): boolean {
  return /^\s*(select|with)\s/i.test(text) && !text.includes(";");
}

// Drizzle hands every query the same parsers: dates, timestamps, intervals and their arrays kept
// as PostgreSQL's text. PGlite merges a query's parsers into its own type table on every query
// (a copy of some hundred entries, then slower look-ups for each field): 0.1 ms a query, a fifth of
// reading an ad. The embedded client is set to read these types as text itself
// (readTypesAsText), and a query's parsers are dropped when the client's own do the same.

/** The type ids Drizzle reads as text (drizzle-orm/pglite's session). */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (text: string) => text;

/** Sets the client to read Drizzle's text types as text, after it is ready (it sets its array types' parsers then). */
export function readTypesAsText(client: PGlite): void {
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
}

const PROBE = "2026-11-28 10:00:00+00";

/** The options as PGlite needs them: left out, parsers that do what the client's own do (hand back the text). */
export function withoutClientParsers(client: PGlite, options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const type in parsers) {
    if (client.parsers[type] !== asText || parsers[type]!(PROBE) !== PROBE) return options;
  }
  return { ...options, parsers: undefined };
}

/** PGlite's own locks (the version is pinned; a test fails if they go): one query at a time, none inside another's transaction. */
interface ClientLocks {
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  query<T>(fn: () => Promise<T>): Promise<T>;
}

function clientLocks(client: PGlite): ClientLocks | undefined {
  const internal = client as unknown as { _runExclusiveTransaction?: ClientLocks["transaction"]; _runExclusiveQuery?: ClientLocks["query"] };
  if (typeof internal._runExclusiveTransaction !== "function" || typeof internal._runExclusiveQuery !== "function") return undefined;
  const transaction = internal._runExclusiveTransaction;
  const query = internal._runExclusiveQuery;
  return {
    transaction: <T>(fn: () => Promise<T>) => transaction.call(client, fn) as Promise<T>,
    query: <T>(fn: () => Promise<T>) => query.call(client, fn) as Promise<T>,
  };
}

/** Whether the client's locks are found (kept statements then run in one exchange). */
export function runsKeptInOneExchange(client: PGlite): boolean {
  return clientLocks(client) !== undefined;
}

interface Kept {
  name: string;
  /** Settles true once prepared, false when PostgreSQL refused to prepare it (run as sent then). */
  ready: Promise<boolean>;
}

/**
 * The PGlite client Drizzle is given: the same client, whose `query` keeps repeated reads
 * prepared and leaves out parsers the client applies itself (readTypesAsText). Transactions and
 * everything else go to the client untouched.
 */
export function withKeptStatements(client: PGlite, max = KEPT_STATEMENTS_MAX): PGlite {
  const seen = new Map<string, number>();
  // Insertion order is use order: a statement used is moved to the end.
  const kept = new Map<string, Kept>();
  let counter = 0;

  const keep = (text: string): Kept => {
    const statement: Kept = {
      name: `kept_${++counter}`,
      ready: client.query(`PREPARE kept_${counter} AS ${text}`).then(
        () => true,
        () => false,
      ),
    };
    kept.set(text, statement);
    for (const [oldText, old] of kept) {
      if (kept.size <= max) break;
      kept.delete(oldText);
      void old.ready.then((prepared) => (prepared ? client.query(`DEALLOCATE ${old.name}`).catch(() => undefined) : undefined));
    }
    return statement;
  };

  // A kept statement runs in one exchange with the database: bind its values, describe and execute
  // the portal, sync. PGlite's query() would parse and describe an EXECUTE first (five exchanges,
  // each a turn of PostgreSQL's loop and a parse of its answer: half a millisecond an ad page's
  // read). It waits for the client's locks as query() does, so it never runs inside another
  // caller's transaction.
  const locks = clientLocks(client);
  async function runKept<T>(held: ClientLocks, name: string, values: Literal[], options: QueryOptions | undefined): Promise<Results<T>> {
    return held.transaction(() =>
      held.query(async () => {
        // One buffer, sent in one call (PGlite reads it through subarray: a pooled Buffer's offset is kept).
        const message = Buffer.concat([
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]);
        // Flushed to the data folder after, as query() does (a text starting with WITH may write).
        // The answer's bytes are read here (wire-results.server.ts), not by PGlite's parser.
        const chunks: Buffer[] = [];
        await client.execProtocolRawStream(message, { onRawData: (chunk) => void chunks.push(Buffer.from(chunk)) });
        const answer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        const results = readResultMessages(answer);
        if (results) return parse.parseResults(results as never, client.parsers, options)[0] as Results<T>;
        // Anything else (an error, a notice): PGlite's own parser, once.
        const parsed = parsedByPglite(answer);
        const error = answerError(parsed);
        if (error) throw error;
        return parse.parseResults(parsed as never, client.parsers, options)[0] as Results<T>;
      }),
    );
  }

  async function query<T>(text: string, params: unknown[] = [], given?: QueryOptions): Promise<Results<T>> {
    const options = withoutClientParsers(client, given);
    let statement = kept.get(text);
    if (statement) {
      kept.delete(text);
      kept.set(text, statement);
    } else if (isRead(text)) {
      const runs = (seen.get(text) ?? 0) + 1;
      if (runs >= RUNS_BEFORE_KEEPING) {
        seen.delete(text);
        statement = keep(text);
      } else {
        seen.set(text, runs);
        // Texts built with their values inside never repeat: forget the oldest first.
        if (seen.size > max * 4) seen.delete(seen.keys().next().value!);
      }
    }
    if (statement) {
      const values = params.map(parameterText);
      if (!values.includes(undefined) && (await statement.ready)) {
        if (locks) return runKept<T>(locks, statement.name, values as Literal[], options);
        const args = values.length ? `(${values.map((v) => sqlLiteral(v) ?? "NULL").join(", ")})` : "";
        return client.query<T>(`EXECUTE ${statement.name}${args}`, [], options);
      }
    }
    return client.query<T>(text, params, options);
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
