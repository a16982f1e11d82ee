import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../../tests/setup/database";
import { clearAds, insertAds } from "../../../../tests/setup/ad-fixtures";
import { usedAdPrices, usedAds } from "../../../../db/schema";
import { markSearchIndexStale, resetSearchIndex } from "./search-index.server";
import { parseUsedSearch } from "./search-parse";
import { usedSearchPage, vehicleCounts } from "./used-search.server";
import { eq } from "drizzle-orm";
import { childSitemapEntries } from "~/features/seo/sitemap.server";
import { usedCarSuggestions } from "./used-suggestions.server";

const page = (query: string) => usedSearchPage(parseUsedSearch(new URLSearchParams(query)));
const ids = async (query: string) => (await page(query)).cards.map((c) => c.id);
const count = (options: { value: string; count: number }[], value: string) => options.find((o) => o.value === value)?.count;

// The used-car search on the database (PGlite here; PostgreSQL in CI): filters, facet counts with
// the other filters applied, sorts, paging and the index refresh.
describe("used-car search", () => {
  const database = useTestDatabase();
  let ad: Record<string, number> = {};

  beforeAll(async () => {
    const { db } = database();
    await clearAds(db);
    resetSearchIndex();
    const [vivo, polo, hilux, ranger, corolla, bmw, sold, draft] = await insertAds(db, [
      { makeName: "Volkswagen", modelName: "Polo Vivo", year: 2019, mileageKm: 86_000, priceZar: 159_000, description: "One owner, new Bridgestone tyres", publishedAt: new Date("2026-01-05") },
      { makeName: "Volkswagen", modelName: "Polo", year: 2021, mileageKm: 40_000, priceZar: 259_000, transmission: "automatic", colour: "blue", city: "cape-town", province: "western-cape", sellerKind: "dealer", priceRating: 2, publishedAt: new Date("2026-01-07") },
      { makeName: "Toyota", modelName: "Hilux", year: 2017, mileageKm: 160_000, priceZar: 329_000, fuel: "diesel", bodyType: "bakkie", drive: "4x4", colour: "silver", city: "durban", province: "kwazulu-natal", photoCount: 0, priceRating: 1, publishedAt: new Date("2026-01-03") },
      { makeName: "Ford", modelName: "Ranger", year: 2020, mileageKm: 95_000, priceZar: 399_000, fuel: "diesel", bodyType: "bakkie", drive: "4x4", transmission: "automatic", sellerKind: "dealer", priceRating: 4, publishedAt: new Date("2026-01-06") },
      { makeName: "Toyota", modelName: "Corolla", year: 2022, mileageKm: 30_000, priceZar: 349_000, bodyType: "sedan", transmission: "cvt", city: "johannesburg", publishedAt: new Date("2026-01-04") },
      { makeName: "BMW", modelName: "3 Series", year: 2015, mileageKm: 140_000, priceZar: 199_000, fuel: "diesel", bodyType: "sedan", transmission: "automatic", colour: "black", drive: "2wd", publishedAt: new Date("2026-01-02") },
      { makeName: "Toyota", modelName: "Hilux", status: "sold" },
      { makeName: "Toyota", modelName: "Hilux", status: "draft" },
    ]);
    ad = { vivo: vivo!, polo: polo!, hilux: hilux!, ranger: ranger!, corolla: corolla!, bmw: bmw!, sold: sold!, draft: draft! };
  });

  beforeEach(() => markSearchIndexStale());

  it("lists the live ads, newest first, never sold or draft ones", async () => {
    const result = await page("");
    expect(result.total).toBe(6);
    expect(result.cards.map((c) => c.id)).toEqual([ad.polo, ad.ranger, ad.vivo, ad.corolla, ad.hilux, ad.bmw]);
    expect(result.notices).toEqual([]);
  });

  it("filters by make, model and up to three pairs", async () => {
    expect(await ids("make1=toyota")).toEqual([ad.corolla, ad.hilux]);
    expect(await ids("make1=volkswagen&model1=polo-vivo")).toEqual([ad.vivo]);
    expect(await ids("make1=volkswagen&model1=polo-vivo&make2=toyota&model2=hilux&make3=bmw")).toEqual([ad.vivo, ad.hilux, ad.bmw]);
  });

  it("turns a monthly budget and a deposit into a maximum price, the lower of it and any price filter", async () => {
    // 1 % a month for 72 months, no balloon: R 5 000 a month repays 5 000 × (1 − 1.01^−72) / 0.01 =
    // R 255 751.96; with R 30 000 down, up to R 285 751.
    const terms = { balloonPercent: 0, termMonths: 72, annualRatePercent: 12 };
    const budgeted = (query: string) => usedSearchPage(parseUsedSearch(new URLSearchParams(query)), terms);
    const withDeposit = await budgeted("budget=5000&deposit=30000");
    expect(withDeposit.budget).toEqual({ monthly: 5_000, deposit: 30_000, maxPrice: 285_751 });
    expect(withDeposit.cards.map((c) => c.id)).toEqual([ad.polo, ad.vivo, ad.bmw]);
    expect(withDeposit.canonicalUrl).toBe("/marche-doccasion/rechercher?budget=5000&deposit=30000");
    expect(withDeposit.chips.map((c) => c.label)).toEqual(["R 5 000 a month, R 30 000 down"]);
    // Without a deposit, R 255 751: the R 259 000 Polo no longer fits.
    expect((await budgeted("budget=5000")).cards.map((c) => c.id)).toEqual([ad.vivo, ad.bmw]);
    // A lower maximum price holds; a higher one leaves the budget's.
    expect((await budgeted("budget=5000&deposit=30000&price_max=200000")).cards.map((c) => c.id)).toEqual([ad.vivo, ad.bmw]);
    expect((await budgeted("budget=5000&deposit=30000&price_max=900000")).cards.map((c) => c.id)).toEqual([ad.polo, ad.vivo, ad.bmw]);
  });

  it("answers a bad budget or deposit with a notice, never an error", async () => {
    const terms = { balloonPercent: 0, termMonths: 72, annualRatePercent: 12 };
    const budgeted = (query: string) => usedSearchPage(parseUsedSearch(new URLSearchParams(query)), terms);
    const junk = await budgeted("budget=lots");
    expect(junk.notices).toEqual(["Monthly budget “lots” is not a number and was ignored."]);
    expect(junk.budget).toBeNull();
    expect(junk.total).toBe(6);
    expect((await budgeted("budget=10")).notices).toEqual(["Monthly budget “10” is out of range; 500 was used instead."]);
    expect((await budgeted("deposit=30000")).notices).toEqual(["Deposit counts only with a monthly budget and was ignored."]);
    // Without the finance figures a budget cannot be read: said, and the search runs without it.
    const noTerms = await page("budget=5000");
    expect(noTerms.notices).toEqual(["A monthly budget cannot be turned into a price right now; it was ignored."]);
    expect(noTerms.total).toBe(6);
  });

  it("filters by every other field", async () => {
    expect(await ids("price_min=200000&price_max=350000")).toEqual([ad.polo, ad.corolla, ad.hilux]);
    expect(await ids("year_min=2020")).toEqual([ad.polo, ad.ranger, ad.corolla]);
    expect(await ids("year_max=2017")).toEqual([ad.hilux, ad.bmw]);
    expect(await ids("km_max=90000")).toEqual([ad.polo, ad.vivo, ad.corolla]);
    expect(await ids("fuel=diesel")).toEqual([ad.ranger, ad.hilux, ad.bmw]);
    expect(await ids("transmission=cvt")).toEqual([ad.corolla]);
    expect(await ids("body=bakkie")).toEqual([ad.ranger, ad.hilux]);
    expect(await ids("drive=4x4")).toEqual([ad.ranger, ad.hilux]);
    expect(await ids("colour=black&colour=blue")).toEqual([ad.polo, ad.bmw]);
    expect(await ids("province=western-cape")).toEqual([ad.polo]);
    expect(await ids("city=durban")).toEqual([ad.hilux]);
    expect(await ids("seller=dealer")).toEqual([ad.polo, ad.ranger]);
    expect(await ids("photos=1")).not.toContain(ad.hilux);
    expect(await ids("q=bridgestone")).toEqual([ad.vivo]);
    expect(await ids("q=bridge tyre")).toEqual([ad.vivo]);
    expect(await ids("q=polo")).toEqual([ad.polo, ad.vivo]);
  });

  it("counts each facet with the other filters applied", async () => {
    const { facets, total } = await page("fuel=diesel&body=bakkie");
    expect(total).toBe(2);
    // Fuel counts see the bakkie filter only; body counts see the diesel filter only.
    expect(count(facets.fuel, "diesel")).toBe(2);
    expect(count(facets.fuel, "petrol")).toBe(0);
    expect(count(facets.body, "bakkie")).toBe(2);
    expect(count(facets.body, "sedan")).toBe(1);
    expect(count(facets.makes, "toyota")).toBe(1);
    expect(count(facets.makes, "ford")).toBe(1);
    expect(count(facets.province, "kwazulu-natal")).toBe(1);
    expect(count(facets.priceMax, "400000")).toBe(2);
    expect(count(facets.priceMax, "300000")).toBe(0);
    const models = (await page("make1=toyota&model1=hilux")).facets.models.toyota!;
    expect(models.map((m) => [m.value, m.count])).toEqual([
      ["corolla", 1],
      ["hilux", 1],
    ]);
  });

  it("sorts every way", async () => {
    expect(await ids("sort=price-asc")).toEqual([ad.vivo, ad.bmw, ad.polo, ad.hilux, ad.corolla, ad.ranger]);
    expect(await ids("sort=price-desc")).toEqual([ad.ranger, ad.corolla, ad.hilux, ad.polo, ad.bmw, ad.vivo]);
    expect(await ids("sort=km-asc")).toEqual([ad.corolla, ad.polo, ad.vivo, ad.ranger, ad.bmw, ad.hilux]);
    expect(await ids("sort=year-desc")).toEqual([ad.corolla, ad.polo, ad.ranger, ad.vivo, ad.hilux, ad.bmw]);
    // Great (Hilux), good (Polo), high (Ranger), then the unrated newest first.
    expect(await ids("sort=rating")).toEqual([ad.hilux, ad.polo, ad.ranger, ad.vivo, ad.corolla, ad.bmw]);
  });

  it("sorts by the latest price drop: dropped ads by their drop, then the others newest first", async () => {
    const { db } = database();
    const prices = (adId: number, rows: [number, string][]) => rows.map(([priceZar, day]) => ({ adId, priceZar, changedAt: new Date(day) }));
    await db.insert(usedAdPrices).values([
      ...prices(ad.vivo!, [[169_000, "2026-01-05"], [159_000, "2026-01-20"]]),
      ...prices(ad.bmw!, [[209_000, "2026-01-02"], [199_000, "2026-01-25"]]),
      // Raised, and down then up: no current drop.
      ...prices(ad.ranger!, [[389_000, "2026-01-06"], [399_000, "2026-01-22"]]),
      ...prices(ad.hilux!, [[339_000, "2026-01-03"], [319_000, "2026-01-10"], [329_000, "2026-01-15"]]),
    ]);
    // A price edit moves updated_at: the index's refresh reads the ads again.
    await db.execute(sql`update used_ads set updated_at = now() where id in (${ad.vivo}, ${ad.bmw}, ${ad.ranger}, ${ad.hilux})`);
    markSearchIndexStale();
    const sorted = await page("sort=price-drop");
    // The sort hides nothing.
    expect(sorted.total).toBe(6);
    expect(sorted.cards.map((c) => c.id)).toEqual([ad.bmw, ad.vivo, ad.polo, ad.ranger, ad.corolla, ad.hilux]);
  });

  it("turns unknown makes and models into notices", async () => {
    const result = await page("make1=lada&make2=toyota&model2=supra");
    expect(result.notices).toHaveLength(2);
    expect(result.search.vehicles).toEqual([{ make: "toyota" }]);
    expect(result.total).toBe(2);
  });

  it("offers to widen an empty search", async () => {
    const result = await page("make1=bmw&province=kwazulu-natal");
    expect(result.total).toBe(0);
    expect(result.widen.map((w) => [w.label, w.count])).toEqual([
      ["Remove “BMW”", 1],
      ["Remove “KwaZulu-Natal”", 1],
    ]);
    const near = await page("make1=volkswagen&model1=polo&province=northern-cape");
    expect(near.widen.some((w) => w.label === "Search in Western Cape" && w.count === 1)).toBe(true);
  });

  it("pages by 24, the last page short and past the end flagged", async () => {
    const { db } = database();
    const extra = await insertAds(db, Array.from({ length: 44 }, (_, i) => ({ makeName: "Suzuki", modelName: "Swift", publishedAt: new Date(Date.UTC(2025, 0, 1, 0, i)) })));
    markSearchIndexStale();
    const first = await page("make1=suzuki");
    expect(first.total).toBe(44);
    expect(first.pageCount).toBe(2);
    expect(first.cards).toHaveLength(24);
    expect(first.nextUrl).toBe("/marche-doccasion/rechercher?make1=suzuki&page=2");
    const second = await page("make1=suzuki&page=2");
    expect(second.cards).toHaveLength(20);
    expect(second.cards.at(-1)!.id).toBe(extra[0]);
    expect(second.prevUrl).toBe("/marche-doccasion/rechercher?make1=suzuki");
    expect(second.nextUrl).toBeUndefined();
    const past = await page("make1=suzuki&page=3");
    expect(past.pastEnd).toBe(true);
    expect(past.cards).toEqual([]);
    await db.delete(usedAds).where(eq(usedAds.makeName, "Suzuki"));
  });

  it("picks up a new ad and drops a sold one on refresh", async () => {
    const { db } = database();
    expect((await page("make1=kia")).notices).toHaveLength(1);
    const [kia] = await insertAds(db, [{ makeName: "Kia", modelName: "Picanto", publishedAt: new Date("2026-02-01") }]);
    markSearchIndexStale();
    expect(await ids("make1=kia")).toEqual([kia]);
    expect((await vehicleCounts()).models.find((m) => m.model === "picanto")?.count).toBe(1);
    // The touch trigger moves updated_at, so the refresh sees the sale.
    await db.execute(sql`update used_ads set status = 'sold', sold_at = now() where id = ${kia}`);
    markSearchIndexStale();
    expect((await page("make1=kia")).notices).toHaveLength(1);
    expect((await page("")).total).toBe(6);
  });

  it("finds an ad by keyword again once it is back on sale, though it was searched for while paused", async () => {
    const { db } = database();
    await db.execute(sql`update used_ads set status = 'paused' where id = ${ad.vivo}`);
    markSearchIndexStale();
    // Read while paused: the keyword matches hold no paused ad.
    expect(await ids("q=one owner")).toEqual([]);
    await db.execute(sql`update used_ads set status = 'published' where id = ${ad.vivo}`);
    markSearchIndexStale();
    expect(await ids("q=one owner")).toEqual([ad.vivo]);
  });

  it("shows a card's new price once the index has read the change, not before (cards are kept in memory)", async () => {
    const { db } = database();
    const card = async () => (await page("make1=bmw")).cards[0]!;
    const kept = await card();
    expect(kept.priceZar).toBe(199_000);
    // Written behind the app's back: the kept card stays until the index reads the row again.
    await db.execute(sql`update used_ads set price_zar = 189000 where id = ${ad.bmw}`);
    expect(await card()).toBe(kept);
    markSearchIndexStale();
    const fresh = await card();
    expect(fresh.priceZar).toBe(189_000);
    expect(fresh).not.toBe(kept);
    await db.execute(sql`update used_ads set price_zar = 199000 where id = ${ad.bmw}`);
    markSearchIndexStale();
    expect((await card()).priceZar).toBe(199_000);
  });

  it("lists the published ads in the sitemaps", async () => {
    const entries = (await childSitemapEntries("used-cars-1.xml"))!;
    const paths = entries.map((e) => e.path);
    expect(paths).toContain(`/marche-doccasion/annonce/${ad.vivo}-2019-volkswagen-polo-vivo`);
    expect(paths.some((p) => p.startsWith(`/marche-doccasion/annonce/${ad.sold}-`))).toBe(false);
    expect(entries.every((e) => e.lastmod instanceof Date)).toBe(true);
  });

  it("offers used-car searches among the suggestions", async () => {
    const items = await usedCarSuggestions("polo viv");
    expect(items[0]).toMatchObject({ type: "used", label: "Volkswagen Polo Vivo", count: 1, url: "/marche-doccasion/rechercher?make1=volkswagen&model1=polo-vivo" });
    expect((await usedCarSuggestions("toyota")).map((i) => i.label)).toEqual(["Toyota", "Toyota Corolla", "Toyota Hilux"]);
    expect(await usedCarSuggestions("x")).toEqual([]);
  });
});
