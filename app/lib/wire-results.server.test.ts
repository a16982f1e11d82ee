import { parse, PGlite, protocol } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerError, parsedByPglite, readResultMessages } from "./wire-results.server";

// The answers' bytes come from a real embedded database; what they decode to is compared with
// what PGlite's own parser makes of the very same bytes.

describe("an answer read in place", () => {
  let db: PGlite;
  const answerTo = async (text: string) => Buffer.from(await db.execProtocolRaw(protocol.serialize.query(text)));

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`create table ads (id int primary key, title text, price numeric(10, 2), sold boolean, equipment text[], extra jsonb, published timestamptz);
      insert into ads values
        (1, 'Toyota Hilux 2.8 GD-6 – déjà vu 🚗', 450000.50, false, '{"Tow bar","Canopy, white"}', '{"service": "full"}', '2026-11-01T08:00:00Z'),
        (2, null, null, true, '{}', null, null),
        (3, '', 0, null, null, '[]', '2026-11-02T08:00:00+02:00');`);
  });
  afterAll(() => db.close());

  it("decodes every type to the rows PGlite's parser gives, by name and as arrays", async () => {
    const answer = await answerTo("select id, title, price, sold, equipment, extra, published, id * 2 as double from ads order by id");
    const read = readResultMessages(answer);
    expect(read).not.toBeNull();
    for (const options of [undefined, { rowMode: "array" as const }]) {
      const ours = parse.parseResults(read as never, db.parsers, options)[0]!;
      const theirs = parse.parseResults(parsedByPglite(answer) as never, db.parsers, options)[0]!;
      expect(ours).toEqual(theirs);
      expect(ours.rows).toHaveLength(3);
    }
    const [first] = parse.parseResults(read as never, db.parsers)[0]!.rows as { title: string; equipment: string[]; extra: unknown }[];
    expect(first!.title).toBe("Toyota Hilux 2.8 GD-6 – déjà vu 🚗");
    expect(first!.equipment).toEqual(["Tow bar", "Canopy, white"]);
    expect(first!.extra).toEqual({ service: "full" });
  });

  it("reads an answer with no rows, and a write's count", async () => {
    const none = await answerTo("select id, title from ads where id < 0");
    expect(parse.parseResults(readResultMessages(none) as never, db.parsers)[0]).toEqual(parse.parseResults(parsedByPglite(none) as never, db.parsers)[0]);
    const update = await answerTo("update ads set sold = sold where id > 1");
    const result = parse.parseResults(readResultMessages(update) as never, db.parsers)[0]!;
    expect(result.affectedRows).toBe(2);
  });

  it("leaves an error to PGlite's parser, which gives the error PGlite throws", async () => {
    const answer = await answerTo("select 1 / 0");
    expect(readResultMessages(answer)).toBeNull();
    expect(answerError(parsedByPglite(answer))?.message).toMatch(/division by zero/);
    expect(answerError(parsedByPglite(await answerTo("select 1")))).toBeNull();
  });

  it("refuses bytes that end inside a message", async () => {
    const answer = await answerTo("select id, title from ads order by id");
    for (const cut of [1, 4, 7, answer.length - 12]) expect(readResultMessages(answer.subarray(0, cut)), `cut at ${cut}`).toBeNull();
  });
});
