import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "~/lib/db.server";
import { localStorage } from "~/lib/storage.server";
import { useTestDatabase } from "../../../../tests/setup/database";
import { makeZip } from "../../../../tests/setup/zip-writer";
import { dealers, usedAdPhotos, usedAdPrices, usedAds } from "../../../../db/schema";
import { importStockFeed, type FeedImportOptions } from "./feed-import.server";
import { limitMessage } from "./feed-plan";

// The stock feed against a real database, real photos and a real ZIP: what is written, and above
// all what is not (errors, a failure mid-feed).
const database = useTestDatabase();
const root = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-stock-feed-"));
const storage = localStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const example = fs.readFileSync(path.resolve(import.meta.dirname, "../../../../docs/examples/dealer-feed.csv"), "utf8");
const [header, ...rows] = example.trim().split("\n");
const feed = (...lines: string[]) => [header, ...lines].join("\n");

let shade = 0;
async function jpeg(): Promise<Buffer> {
  shade += 1;
  return sharp({ create: { width: 480, height: 360, channels: 3, background: { r: (shade * 37) % 256, g: (shade * 91) % 256, b: (shade * 53) % 256 } } })
    .jpeg({ quality: 60 })
    .toBuffer();
}

let photos: Buffer;
let dealerId: number;
beforeAll(async () => {
  const names = ["ex-1001-front.jpg", "ex-1001-side.jpg", "ex-1002-front.jpg", "ex-1003-front.jpg", "spare.jpg"];
  photos = makeZip(await Promise.all(names.map(async (name) => ({ name: `stock/${name}`, bytes: await jpeg() }))));
});

async function newDealer(adLimit = 500): Promise<number> {
  const [row] = await database()
    .db.insert(dealers)
    .values({ slug: `feed-dealer-${Math.random().toString(36).slice(2)}`, name: "Example Motors (demo data)", city: "pretoria", province: "gauteng", phone: "012 555 0100", adLimit })
    .returning({ id: dealers.id });
  return row!.id;
}

const run = (text: string, options: Partial<FeedImportOptions> = {}) =>
  importStockFeed({ dealerId, text, format: "csv", zip: photos, db: database().db, storage, now: new Date("2026-03-01T08:00:00Z"), ...options });

async function adsOf(id = dealerId) {
  return database()
    .db.select({ id: usedAds.id, stockNumber: usedAds.stockNumber, status: usedAds.status, priceZar: usedAds.priceZar, previousPriceZar: usedAds.previousPriceZar, photoCount: usedAds.photoCount, updatedAt: usedAds.updatedAt })
    .from(usedAds)
    .where(eq(usedAds.dealerId, id))
    .orderBy(asc(usedAds.stockNumber));
}

async function counts() {
  const [row] = resultRows<{ ads: number; photos: number; prices: number }>(
    await database().db.execute(sql`select (select count(*)::int from used_ads) as ads, (select count(*)::int from used_ad_photos) as photos, (select count(*)::int from used_ad_prices) as prices`),
  );
  return row!;
}

describe("importStockFeed", () => {
  beforeAll(async () => {
    dealerId = await newDealer();
  });

  it("a dry run says what would change and writes nothing", async () => {
    const before = await counts();
    const report = await run(example, { dryRun: true });
    expect(report).toMatchObject({ errors: [], fileIssues: [], created: ["EX-1001", "EX-1002", "EX-1003"], written: false, dryRun: true });
    expect(await counts()).toEqual(before);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it("creates the ads with their photos and first prices, then a second run changes nothing", async () => {
    const report = await run(example);
    expect(report).toMatchObject({ errors: [], created: ["EX-1001", "EX-1002", "EX-1003"], written: true, photos: { stored: 4, reused: 0 } });
    const ads = await adsOf();
    expect(ads.map((a) => [a.stockNumber, a.status, a.photoCount])).toEqual([
      ["EX-1001", "published", 2],
      ["EX-1002", "published", 1],
      ["EX-1003", "published", 1],
    ]);
    const [polo] = await database().db.select().from(usedAds).where(eq(usedAds.stockNumber, "EX-1002"));
    expect(polo).toMatchObject({ sellerKind: "dealer", title: "2020 Volkswagen Polo 1.0 TSI Comfortline", city: "cape-town", phone: "+27125550100", showPhone: true, mileageKm: 72_000 });
    expect(await database().db.select().from(usedAdPrices).where(eq(usedAdPrices.adId, polo!.id))).toHaveLength(1);
    expect(fs.existsSync(path.join(root, (await database().db.select().from(usedAdPhotos).where(eq(usedAdPhotos.adId, polo!.id)))[0]!.storageKey + "-1280.webp"))).toBe(true);

    const before = await counts();
    const again = await run(example, { now: new Date("2026-03-02T08:00:00Z") });
    expect(again).toMatchObject({ created: [], updated: [], unchanged: 3, photos: { stored: 0, reused: 4 } });
    expect(await counts()).toEqual(before);
    expect((await adsOf()).map((a) => a.updatedAt)).toEqual(ads.map((a) => a.updatedAt));
  });

  it("a lower price goes into the price history and shows 'Price reduced'; a rise clears it", async () => {
    const cheaper = example.replace("R 214 900", "R 199 900");
    const report = await run(cheaper);
    expect(report).toMatchObject({ updated: ["EX-1002"], priceChanged: ["EX-1002"], unchanged: 2 });
    const polo = (await adsOf()).find((a) => a.stockNumber === "EX-1002")!;
    expect(polo).toMatchObject({ priceZar: 199_900, previousPriceZar: 214_900 });
    const history = await database().db.select({ price: usedAdPrices.priceZar }).from(usedAdPrices).where(eq(usedAdPrices.adId, polo.id)).orderBy(asc(usedAdPrices.id));
    expect(history.map((h) => h.price)).toEqual([214_900, 199_900]);
    await run(example);
    expect((await adsOf()).find((a) => a.stockNumber === "EX-1002")).toMatchObject({ priceZar: 214_900, previousPriceZar: null });
  });

  it("marks the live ads missing from the feed sold only when asked", async () => {
    expect(await run(feed(rows[0]!, rows[1]!))).toMatchObject({ markedSold: [], unchanged: 2 });
    expect((await adsOf()).find((a) => a.stockNumber === "EX-1003")!.status).toBe("published");
    expect(await run(feed(rows[0]!, rows[1]!), { markMissingSold: true })).toMatchObject({ markedSold: ["EX-1003"] });
    expect((await adsOf()).find((a) => a.stockNumber === "EX-1003")!.status).toBe("sold");
    // Back in the feed: on sale again.
    expect(await run(example)).toMatchObject({ updated: ["EX-1003"] });
    expect((await adsOf()).find((a) => a.stockNumber === "EX-1003")!.status).toBe("published");
  });

  it("a feed with errors changes nothing, unless the good rows are asked for", async () => {
    const id = await newDealer();
    const bad = feed(rows[0]!, rows[1]!.replace("R 214 900", "R 12"), rows[2]!.replace("ex-1003-front.jpg", "missing.jpg"));
    const before = await counts();
    const report = await run(bad, { dealerId: id });
    expect(report.errors).toEqual([
      { line: 3, column: "price_zar", message: "The price must be between R 5 000 and R 20 000 000" },
      { line: 4, column: "photos", message: "'missing.jpg' is not in the photos' ZIP" },
    ]);
    expect(report.written).toBe(false);
    expect(await counts()).toEqual(before);
    const good = await run(bad, { dealerId: id, importGoodRows: true });
    expect(good).toMatchObject({ created: ["EX-1001"], written: true });
    expect((await adsOf(id)).map((a) => a.stockNumber)).toEqual(["EX-1001"]);
  });

  it("is one transaction: a failure after the writes leaves nothing", async () => {
    const id = await newDealer();
    const before = await counts();
    await expect(
      run(example, {
        dealerId: id,
        beforeCommit: async () => {
          throw new Error("the disk is full");
        },
      }),
    ).rejects.toThrow("the disk is full");
    expect(await counts()).toEqual(before);
    expect(await adsOf(id)).toEqual([]);
  });

  it("never passes the dealer's limit of live ads, and names the rows left out", async () => {
    const id = await newDealer(2);
    const report = await run(example, { dealerId: id });
    expect(report).toMatchObject({ created: ["EX-1001", "EX-1002"], skipped: [{ line: 4, stockNumber: "EX-1003", message: limitMessage(2) }] });
    expect(await adsOf(id)).toHaveLength(2);
  });

  it("refuses a ZIP whose entries inflate past their declared size, and a file that is not a photo", async () => {
    const id = await newDealer();
    const liar = makeZip([{ name: "ex-1001-front.jpg", bytes: await jpeg(), declaredSize: 100 }]);
    const lied = await run(feed(rows[0]!), { dealerId: id, zip: liar });
    expect(lied).toMatchObject({ written: false, fileIssues: [{ message: expect.stringMatching(/^The photos' ZIP cannot be read: .*size/) }] });
    const text = makeZip([
      { name: "ex-1001-front.jpg", bytes: await jpeg() },
      { name: "ex-1001-side.jpg", bytes: Buffer.from("not a photo at all, only text") },
    ]);
    const report = await run(feed(rows[0]!), { dealerId: id, zip: text });
    expect(report.written).toBe(false);
    expect(report.errors).toEqual([{ line: 2, column: "photos", message: expect.stringMatching(/^ex-1001-side.jpg: This file is not a photo/) }]);
    expect((await run(feed(rows[0]!), { dealerId: id, zip: Buffer.from("PK not a zip") })).fileIssues[0]!.message).toMatch(/^The photos' ZIP cannot be read/);
  });
});
