import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/database";
import { costFigures } from "../../../db/schema";
import { parseCostFigures } from "./cost-figures";
import { importCostFigures, loadCostFigures } from "./cost-figures.server";

const database = useTestDatabase();
const rows = (csv: string) => {
  const parsed = parseCostFigures(`kind,key,value,unit,as_of,source,source_url,estimate\n${csv}`, "csv");
  expect(parsed.issues).toEqual([]);
  return parsed.rows;
};

describe("importing cost figures", () => {
  it("adds new figures, updates changed ones, keeps the others, and the pages read the new ones at once", async () => {
    const first = rows("fuel,inland:95,22.47,R/l,2026-10,October adjustment,https://example.org/oct,no\nfinance-rate,prime,10.75,%,2026-07,SARB,https://example.org/sarb,no");
    const dry = await importCostFigures(database().db, first, { dryRun: true });
    expect(dry).toMatchObject({ created: ["fuel inland:95", "finance-rate prime"], written: false });
    expect(await database().db.select().from(costFigures)).toEqual([]);

    expect(await importCostFigures(database().db, first)).toMatchObject({ created: ["fuel inland:95", "finance-rate prime"], updated: [], written: true });
    expect((await loadCostFigures()).value("fuel", "inland:95")).toBe(22.47);

    const november = rows("fuel,inland:95,21.90,R/l,2026-11,November adjustment,https://example.org/nov,no");
    expect(await importCostFigures(database().db, november)).toMatchObject({ created: [], updated: ["fuel inland:95"], unchanged: [], written: true });
    const figures = await loadCostFigures();
    expect(figures.get("fuel", "inland:95")).toMatchObject({ value: 21.9, asOf: "2026-11", source: "November adjustment" });
    // A figure the file does not name stays as it was.
    expect(figures.value("finance-rate", "prime")).toBe(10.75);

    expect(await importCostFigures(database().db, november)).toMatchObject({ updated: [], unchanged: ["fuel inland:95"], written: false });
  });
});
