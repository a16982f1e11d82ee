import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatFeedIssue, readFeed, validateFeed } from "./feed-rows";

const examples = path.resolve(import.meta.dirname, "../../../../docs/examples");
const csvExample = fs.readFileSync(path.join(examples, "dealer-feed.csv"), "utf8");
const jsonExample = fs.readFileSync(path.join(examples, "dealer-feed.json"), "utf8");
const noCatalogue = new Map();

const header = csvExample.split("\n")[0]!;
const firstRow = csvExample.split("\n")[1]!;
/** The example's header and first row with one cell changed. */
function withCell(column: string, value: string): string {
  const columns = header.split(",");
  const cells = firstRow.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, "")).slice(0, columns.length);
  cells[columns.indexOf(column)] = value;
  return `${header}\n${cells.join(",")}\n`;
}

describe("readFeed and validateFeed", () => {
  it("reads the documented examples, CSV and JSON, into the wizard's values", () => {
    const csv = validateFeed(readFeed(csvExample, "csv"), noCatalogue);
    expect(csv.issues).toEqual([]);
    expect(csv.cars.map((c) => [c.line, c.stockNumber])).toEqual([
      [2, "EX-1001"],
      [3, "EX-1002"],
      [4, "EX-1003"],
    ]);
    const polo = csv.cars[1]!;
    expect(polo.values.price).toEqual({ priceZar: 214_900, negotiable: true });
    expect(polo.values.condition).toMatchObject({ mileageKm: 72_000, colour: "silver", serviceHistory: "partial", equipment: [] });
    expect(polo.values.place).toEqual({ province: "western-cape", city: "cape-town" });
    expect(polo.values.contact).toEqual({ showPhone: false, phone: null, stockNumber: null });
    expect(csv.cars[0]!.values.contact).toEqual({ showPhone: true, phone: "+27125550142", stockNumber: null });
    expect(csv.cars[0]!.photos).toEqual(["ex-1001-front.jpg", "ex-1001-side.jpg"]);
    expect(csv.cars[2]!.photos).toEqual(["ex-1003-front.jpg"]);

    const json = validateFeed(readFeed(jsonExample, "json"), noCatalogue);
    expect(json.issues).toEqual([]);
    expect(json.cars.map((c) => [c.line, c.stockNumber])).toEqual([
      [1, "EX-1001"],
      [2, "EX-1002"],
    ]);
    expect(json.cars[0]!.values).toEqual(csv.cars[0]!.values);
  });

  it("gives each error its line and column, with the wizard's message", () => {
    const feed = `${header}\n${firstRow}\n${withCell("price_zar", "12").split("\n")[1]}\n${withCell("body_type", "limousine").split("\n")[1]}\n`;
    const { cars, issues } = validateFeed(readFeed(feed.replace(/EX-1001/g, (m, offset) => (offset > 500 ? `${m}-${offset}` : m)), "csv"), noCatalogue);
    expect(cars).toHaveLength(1);
    expect(issues).toEqual([
      { line: 3, column: "price_zar", message: "The price must be between R 5 000 and R 20 000 000" },
      { line: 4, column: "body_type", message: expect.stringContaining("Please choose the body type ('limousine' is not one of hatchback, sedan") },
    ]);
    expect(formatFeedIssue(issues[0]!, "csv")).toBe("line 3, price_zar: The price must be between R 5 000 and R 20 000 000");
    expect(formatFeedIssue(issues[0]!, "json")).toMatch(/^car 3, price_zar: /);
  });

  it("counts lines of the file when a quoted cell spans lines", () => {
    const multiline = firstRow.replace("Demo data. One owner,", "Demo data.\nOne owner,");
    const feed = `${header}\n${multiline}\n${withCell("year", "1890").split("\n")[1]!.replace("EX-1001", "EX-2")}\n`;
    const { issues } = validateFeed(readFeed(feed, "csv"), noCatalogue);
    expect(issues).toEqual([{ line: 4, column: "year", message: expect.stringMatching(/^The year must be between 1950/) }]);
  });

  it("refuses a stock number twice, contact details in a description, and an unknown town", () => {
    const feed = [
      header,
      firstRow,
      firstRow,
      withCell("description", '"Demo data. Call 082 123 4567 for a test drive this week please."').split("\n")[1]!.replace("EX-1001", "EX-3"),
      withCell("city", "Atlantis").split("\n")[1]!.replace("EX-1001", "EX-4"),
    ].join("\n");
    const { issues, stockNumbers } = validateFeed(readFeed(feed, "csv"), noCatalogue);
    expect(issues.map((i) => [i.line, i.column])).toEqual([
      [3, "stock_number"],
      [4, "description"],
      [5, "city"],
    ]);
    expect(issues[0]!.message).toBe("Stock number EX-1001 is also on line 2: each car appears once");
    expect(issues[1]!.message).toMatch(/take the phone number out of the description/);
    expect([...stockNumbers]).toEqual(["EX-1001", "EX-3", "EX-4"]);
  });

  it("answers file-level problems without rows", () => {
    expect(readFeed("", "csv").issues).toEqual([{ message: "the file is empty" }]);
    expect(readFeed("stock_number,make,colour_code\n", "csv").issues[0]!.message).toMatch(/unknown column "colour_code"/);
    expect(readFeed('{"stock_number":"A"}', "json").issues).toEqual([{ message: "a JSON file must hold an array of car objects" }]);
  });

  it("fills a blank body type, fuel, gearbox and drive from the catalogue, as the wizard does", () => {
    const feed = withCell("body_type", "").replace(",petrol,cvt,2wd,", ",,,,");
    const catalogue = new Map([
      [
        "toyota\u0000corolla cross",
        {
          make: "Toyota",
          model: "Corolla Cross",
          bodyType: "suv" as const,
          launchYear: 2021,
          versions: [{ name: "1.8 XS", fuel: "hybrid" as const, transmission: "cvt" as const, drive: "2wd" as const, engineCc: 1798, doors: 5, seats: 5 }],
        },
      ],
    ]);
    const { cars, issues } = validateFeed(readFeed(feed, "csv"), catalogue);
    expect(issues).toEqual([]);
    expect(cars[0]!.values.car).toMatchObject({ bodyType: "suv", fuel: "hybrid", transmission: "cvt", drive: "2wd" });
    expect(validateFeed(readFeed(feed, "csv"), noCatalogue).issues.map((i) => i.column)).toEqual(["body_type", "fuel", "transmission", "drive"]);
  });
});
