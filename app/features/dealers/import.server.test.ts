import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "~/lib/db.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { brands, dealerBrands, dealers } from "../../../db/schema";
import { formatIssue, parseDealers, type RawRecord, validateDealerRow } from "./import";
import { importDealers } from "./import.server";

const database = useTestDatabase({ seed: true });
const example = fs.readFileSync(path.resolve(import.meta.dirname, "../../../docs/examples/dealers.csv"), "utf8");

function rowsOf(...records: RawRecord[]) {
  return records.map((record, i) => {
    const { row, issues } = validateDealerRow(record, i + 1);
    if (!row) throw new Error(JSON.stringify(issues));
    return row;
  });
}

async function state() {
  const [counts] = resultRows<{ dealers: number; links: number; revision: number }>(
    await database().db.execute(sql`select
      (select count(*)::int from dealers) as dealers, (select count(*)::int from dealer_brands) as links,
      (select coalesce(max(revision), 0)::int from data_revisions where scope = 'dealers') as revision`),
  );
  return counts!;
}

async function brandSlugsOf(slug: string) {
  const rows = await database()
    .db.select({ brand: brands.slug })
    .from(dealerBrands)
    .innerJoin(dealers, eq(dealers.id, dealerBrands.dealerId))
    .innerJoin(brands, eq(brands.id, dealerBrands.brandId))
    .where(eq(dealers.slug, slug))
    .orderBy(brands.slug);
  return rows.map((r) => r.brand);
}

describe("importDealers", () => {
  it("a dry run reports what it would create and writes nothing", async () => {
    const before = await state();
    const { rows } = parseDealers(example, "csv");
    const result = await importDealers(database().db, rows, { dryRun: true });
    expect(result).toMatchObject({ issues: [], created: rows.map((r) => r.slug), updated: [], unchanged: [], written: false });
    expect(await state()).toEqual(before);
  });

  it("creates the dealers with their brands, then finds them unchanged", async () => {
    const before = await state();
    const { rows } = parseDealers(example, "csv");
    const result = await importDealers(database().db, rows);
    expect(result).toMatchObject({ issues: [], created: rows.map((r) => r.slug), written: true });
    expect(await state()).toEqual({ dealers: before.dealers + 3, links: before.links + 3, revision: before.revision + 1 });
    expect(await brandSlugsOf("example-toyota-menlyn-pretoria")).toEqual(["lexus", "toyota"]);
    const [toyota] = await database().db.select().from(dealers).where(eq(dealers.slug, "example-toyota-menlyn-pretoria"));
    expect(toyota).toMatchObject({ kind: "franchise", groupName: "Example Motor Group", city: "pretoria", isDemo: false, phone: "+27 12 555 0142" });
    expect(toyota!.openingHours?.sat).toEqual([{ opens: "08:00", closes: "13:00" }]);

    const again = await importDealers(database().db, rows);
    expect(again).toMatchObject({ created: [], updated: [], unchanged: rows.map((r) => r.slug), written: false });
  });

  it("upserts by slug: given columns change, columns left out keep their stored value", async () => {
    const result = await importDealers(
      database().db,
      rowsOf({ slug: "example-toyota-menlyn-pretoria", name: "Example Toyota Menlyn", city: "Pretoria", province: "Gauteng", brands: "toyota", phone: "012 555 0150" }),
    );
    expect(result).toMatchObject({ issues: [], created: [], updated: ["example-toyota-menlyn-pretoria"], written: true });
    const [toyota] = await database().db.select().from(dealers).where(eq(dealers.slug, "example-toyota-menlyn-pretoria"));
    expect(toyota).toMatchObject({ phone: "+27 12 555 0150", email: "sales@toyota-menlyn.example.com", groupName: "Example Motor Group", sellsNew: true });
    expect(await brandSlugsOf("example-toyota-menlyn-pretoria")).toEqual(["toyota"]);
  });

  it("is all or nothing: one bad row among good ones writes none of them", async () => {
    const before = await state();
    const rows = rowsOf(
      { name: "Fresh Motors", city: "Durban", province: "kwazulu-natal" },
      { slug: "example-hyundai-umhlanga", name: "Example Hyundai Umhlanga", city: "Umhlanga", province: "kwazulu-natal", email: "new@hyundai.example.com" },
      { name: "Toyta Polokwane", city: "Polokwane", province: "limpopo", kind: "franchise", sells_new: "1", brands: "Toyta|Kia" },
      { name: "Nothing Sold", city: "Polokwane", province: "limpopo", sells_used: "0" },
    );
    const result = await importDealers(database().db, rows);
    expect(result.written).toBe(false);
    expect(result.issues.map(formatIssue)).toEqual([
      "row 3: brands: unknown brand 'Toyta' (did you mean Toyota?)",
      "row 4: sells_new: a dealer sells new or used cars: set sells_new or sells_used to 1",
    ]);
    expect(await state()).toEqual(before);
    const [hyundai] = await database().db.select({ email: dealers.email }).from(dealers).where(eq(dealers.slug, "example-hyundai-umhlanga"));
    expect(hyundai?.email).toBe("info@hyundai-umhlanga.example.com");
  });

  it("checks a row against the stored dealer: a franchise keeps needing brands", async () => {
    const result = await importDealers(
      database().db,
      rowsOf({ slug: "example-cape-auto-traders-bellville", name: "Example Cape Auto Traders", city: "Bellville", province: "western-cape", kind: "franchise" }),
    );
    expect(result.issues.map(formatIssue)).toEqual(["row 1: brands: a franchise dealer needs the brands it holds"]);
    // With its brand it may become one.
    const fixed = await importDealers(
      database().db,
      rowsOf({ slug: "example-cape-auto-traders-bellville", name: "Example Cape Auto Traders", city: "Bellville", province: "western-cape", kind: "franchise", brands: "Kia" }),
    );
    expect(fixed).toMatchObject({ issues: [], updated: ["example-cape-auto-traders-bellville"], written: true });
  });
});
