import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTypesAsText, runsKeptInOneExchange, sqlLiteral, withKeptStatements, withoutClientParsers } from "./kept-statements.server";

describe("values as SQL literals", () => {
  it("quotes every value PostgreSQL can type from the statement, doubling quotes", () => {
    expect(sqlLiteral(29)).toBe("'29'");
    expect(sqlLiteral(-1.5)).toBe("'-1.5'");
    expect(sqlLiteral(true)).toBe("'true'");
    expect(sqlLiteral(12n)).toBe("'12'");
    expect(sqlLiteral("O'Reilly's \\ Bakkie")).toBe("'O''Reilly''s \\ Bakkie'");
    expect(sqlLiteral(new Date("2026-11-28T10:00:00Z"))).toBe("'2026-11-28T10:00:00.000Z'");
    expect(sqlLiteral(null)).toBeNull();
    expect(sqlLiteral(undefined)).toBeNull();
  });

  it("refuses what is not a plain value", () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, ["a"], { a: 1 }, new Uint8Array([1]), new Date("nope"), "a\0b"]) expect(sqlLiteral(value)).toBeUndefined();
  });
});

describe("statements kept by the embedded database", () => {
  let raw: PGlite;
  let client: PGlite;
  const prepared = async () => (await raw.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements order by name")).rows;

  beforeAll(async () => {
    raw = new PGlite();
    await raw.exec(`create table ads (id int primary key, title text not null, price int not null, published timestamptz);
      insert into ads values (1, 'Toyota Hilux', 450000, '2026-11-01T08:00:00Z'), (2, 'VW Polo', 250000, null), (3, 'Suzuki Swift', 200000, '2026-11-02T08:00:00Z');`);
    client = withKeptStatements(raw, 3);
  });
  afterAll(() => raw.close());

  it("prepares a read from its second run and answers exactly as the query itself", async () => {
    const text = "select id, title, price, published from ads where price <= $1 order by price";
    const direct = await raw.query(text, [300000], { rowMode: "array" });
    const first = await client.query(text, [300000], { rowMode: "array" });
    expect(await prepared()).toEqual([]);
    const second = await client.query(text, [300000], { rowMode: "array" });
    const third = await client.query(text, [500000], { rowMode: "array" });
    expect(first.rows).toEqual(direct.rows);
    expect(second.rows).toEqual(direct.rows);
    expect(second.fields).toEqual(direct.fields);
    expect(third.rows).toHaveLength(3);
    expect((await prepared()).map((s) => s.statement)).toEqual([`PREPARE kept_1 AS ${text}`]);
  });

  it("keeps a quoted value a value", async () => {
    const text = "select id from ads where title = $1";
    const attempt = "x'; drop table ads; --";
    for (let run = 0; run < 3; run++) expect((await client.query(text, [attempt])).rows).toEqual([]);
    expect((await client.query(text, ["Toyota Hilux"])).rows).toEqual([{ id: 1 }]);
    expect((await raw.query("select count(*)::int as n from ads")).rows).toEqual([{ n: 3 }]);
  });

  it("runs as sent what cannot be kept: a value that is not plain, a statement PostgreSQL cannot prepare, a write", async () => {
    const arrays = "select id from ads where id = any($1) order by id";
    for (let run = 0; run < 3; run++) expect((await client.query(arrays, [[1, 3]])).rows).toEqual([{ id: 1 }, { id: 3 }]);
    const untyped = "select $1 as echo";
    for (let run = 0; run < 3; run++) expect((await client.query(untyped, ["hello"])).rows).toEqual([{ echo: "hello" }]);
    for (let run = 0; run < 3; run++) await client.query("update ads set price = price where id = $1", [2]);
    expect((await prepared()).some((s) => s.statement.includes("update"))).toBe(false);
  });

  it("keeps at most its limit, the least recently used let go", async () => {
    for (let i = 0; i < 5; i++) for (let run = 0; run < 2; run++) await client.query(`select id from ads where id = $1 and ${i} = ${i}`, [1]);
    // Letting go is not awaited by the query: wait for the DEALLOCATEs queued behind it.
    await raw.query("select 1");
    expect((await prepared()).length).toBeLessThanOrEqual(3);
  });

  it("runs a kept read in one exchange, after another caller's open transaction, and stays usable after its error", async () => {
    expect(runsKeptInOneExchange(raw)).toBe(true);
    const text = "select title from ads where id = $1";
    for (let run = 0; run < 2; run++) await client.query(text, [2]);
    // A transaction holds its writes while it waits: the kept read must not run inside it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = raw.transaction(async (tx) => {
      await tx.query("update ads set title = 'Uncommitted' where id = 2");
      await held;
      await tx.rollback();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const read = client.query<{ title: string }>(text, [2]);
    release();
    await transaction;
    expect((await read).rows).toEqual([{ title: "VW Polo" }]);
    const failing = "select 100 / $1 as share from ads where id = 1";
    await client.query(failing, [4]);
    expect((await client.query(failing, [5])).rows).toEqual([{ share: 20 }]);
    await expect(client.query(failing, [0])).rejects.toThrow(/division by zero/);
    expect((await client.query(text, [2])).rows).toEqual([{ title: "VW Polo" }]);
  });

  it("leaves transactions to the client", async () => {
    const count = await client.transaction(async (tx) => (await tx.query<{ n: number }>("select count(*)::int as n from ads")).rows[0]!.n);
    expect(count).toBe(3);
  });
});

describe("Drizzle's text types, read by the client itself", () => {
  // What drizzle-orm/pglite passes with every query.
  const asGiven = (text: string) => text;
  const drizzleParsers = Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((type) => [type, asGiven]));
  const text = "select published, array[published, published] as both, interval '1 day' as day, date '2026-11-28' as day_of, price from ads where id = $1";
  let raw: PGlite;

  beforeAll(async () => {
    raw = new PGlite();
    await raw.exec(`create table ads (id int primary key, price int not null, published timestamptz);
      insert into ads values (1, 450000, '2026-11-01T08:00:00Z');`);
  });
  afterAll(() => raw.close());

  it("answers exactly as the query's own parsers, which are then left out", async () => {
    const direct = await raw.query(text, [1], { rowMode: "array", parsers: drizzleParsers });
    expect(direct.rows[0]).toEqual(["2026-11-01 08:00:00+00", "{\"2026-11-01 08:00:00+00\",\"2026-11-01 08:00:00+00\"}", "1 day", "2026-11-28", 450000]);
    // Not set yet: the client would turn a timestamp into a Date, so the query keeps its parsers.
    expect(withoutClientParsers(raw, { rowMode: "array", parsers: drizzleParsers })?.parsers).toBe(drizzleParsers);
    readTypesAsText(raw);
    expect(withoutClientParsers(raw, { rowMode: "array", parsers: drizzleParsers })).toEqual({ rowMode: "array", parsers: undefined });
    const client = withKeptStatements(raw);
    for (let run = 0; run < 3; run++) expect((await client.query(text, [1], { rowMode: "array", parsers: drizzleParsers })).rows).toEqual(direct.rows);
  });

  it("keeps a parser that reads the text otherwise, or a type the client does not read as text", () => {
    readTypesAsText(raw);
    const toDate = { 1184: (value: string) => new Date(value) };
    expect(withoutClientParsers(raw, { parsers: toDate })?.parsers).toBe(toDate);
    const numeric = { 1700: asGiven };
    expect(withoutClientParsers(raw, { parsers: numeric })?.parsers).toBe(numeric);
    expect(withoutClientParsers(raw, undefined)).toBeUndefined();
  });
});
