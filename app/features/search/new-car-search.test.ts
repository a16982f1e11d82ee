import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { brands, models, versions } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { invalidate } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { newCarSearchPage, searchNewCars } from "./new-car-search.server";
import { parseSearchParams, SEARCH_PAGE_SIZE, type SearchState } from "./schemas";

useTestDatabase({ seed: true });

// The oracle: every version on sale with its model and brand, filtered in plain JavaScript.
type Row = {
  versionId: number;
  price: number;
  fuel: string;
  transmission: string;
  drive: string;
  seats: number;
  power: number;
  consumption: number | null;
  modelId: number;
  modelName: string;
  body: string;
  launch: string;
  popularity: number;
  brandSlug: string;
  brandName: string;
};
let rows: Row[] = [];

beforeAll(async () => {
  rows = await db()
    .select({
      versionId: versions.id,
      price: versions.priceZar,
      fuel: versions.fuel,
      transmission: versions.transmission,
      drive: versions.drive,
      seats: versions.seats,
      power: versions.powerKw,
      consumption: versions.consumptionL100km,
      modelId: models.id,
      modelName: models.name,
      body: models.bodyType,
      launch: models.launchDate,
      popularity: models.popularity,
      brandSlug: brands.slug,
      brandName: brands.name,
    })
    .from(versions)
    .innerJoin(models, eq(models.id, versions.modelId))
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(eq(versions.onSale, true));
});

const state = (query: string): SearchState => parseSearchParams(new URLSearchParams(query)).state;

function matches(r: Row, s: SearchState, except?: string): boolean {
  return (
    (except === "brand" || !s.brand.length || s.brand.includes(r.brandSlug)) &&
    (except === "body" || !s.body.length || (s.body as string[]).includes(r.body)) &&
    (except === "fuel" || !s.fuel.length || (s.fuel as string[]).includes(r.fuel)) &&
    (except === "transmission" || !s.transmission.length || (s.transmission as string[]).includes(r.transmission)) &&
    (except === "drive" || !s.drive.length || (s.drive as string[]).includes(r.drive)) &&
    (except === "seats" || s.seats === undefined || r.seats >= s.seats) &&
    (except === "power" || s.powerMin === undefined || r.power >= s.powerMin) &&
    (s.priceMin === undefined || r.price >= s.priceMin) &&
    (s.priceMax === undefined || r.price <= s.priceMax)
  );
}

const modelsOf = (list: Row[]) => new Set(list.map((r) => r.modelId));

describe("searchNewCars", () => {
  it("without filters lists every model on sale, 24 a page, most popular first", async () => {
    const out = await searchNewCars(state(""));
    expect(out.total).toBe(modelsOf(rows).size);
    expect(out.totalVersions).toBe(rows.length);
    expect(out.results).toHaveLength(SEARCH_PAGE_SIZE);
    const popularity = out.results.map((r) => rows.find((x) => x.modelId === r.id)!.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  });

  it("combines filters: a model matches when one of its versions meets all of them", async () => {
    const s = state("fuel=diesel&transmission=automatic&body=suv&body=double-cab&price_max=800000&seats=5");
    const out = await searchNewCars(s);
    const expected = rows.filter((r) => matches(r, s));
    expect(expected.length).toBeGreaterThan(0);
    expect(out.total).toBe(modelsOf(expected).size);
    expect(out.totalVersions).toBe(expected.length);
    for (const result of out.results) {
      const own = expected.filter((r) => r.modelId === result.id);
      expect(result.matching).toBe(own.length);
      expect(result.minPrice).toBe(Math.min(...own.map((r) => r.price)));
      // The compare action points at the cheapest matching version.
      expect(own.find((r) => r.versionId === result.compareVersionId)?.price).toBe(result.minPrice);
    }
  });

  it("counts each facet's values with every other filter applied, never its own", async () => {
    const s = state("brand=toyota&brand=volkswagen&fuel=petrol&power_min=75&seats=5");
    const { counts } = await searchNewCars(s);
    const countBy = (except: string, key: (r: Row) => string) => {
      const out: Record<string, Set<number>> = {};
      for (const r of rows.filter((x) => matches(x, s, except))) (out[key(r)] ??= new Set()).add(r.modelId);
      return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.size]));
    };
    expect(counts.fuel).toEqual(countBy("fuel", (r) => r.fuel));
    expect(counts.brand).toEqual(countBy("brand", (r) => r.brandSlug));
    expect(counts.body).toEqual(countBy("body", (r) => r.body));
    expect(counts.transmission).toEqual(countBy("transmission", (r) => r.transmission));
    expect(counts.drive).toEqual(countBy("drive", (r) => r.drive));
    // The ticked fuel's siblings keep their counts: diesel is counted although only petrol is ticked.
    expect(counts.fuel.diesel ?? 0).toBeGreaterThan(0);
    const seatsOk = rows.filter((r) => matches(r, s, "seats"));
    expect(counts.seats[7]).toBe(modelsOf(seatsOk.filter((r) => r.seats >= 7)).size);
    const powerOk = rows.filter((r) => matches(r, s, "power"));
    expect(counts.power[100]).toBe(modelsOf(powerOk.filter((r) => r.power >= 100)).size);
  });

  it("sorts by price both ways, power, consumption and launch date", async () => {
    const asc = (await searchNewCars(state("sort=price-asc"))).results.map((r) => r.minPrice);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBe(Math.min(...rows.map((r) => r.price)));
    const desc = (await searchNewCars(state("sort=price-desc"))).results.map((r) => r.maxPrice);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBe(Math.max(...rows.map((r) => r.price)));
    const power = (await searchNewCars(state("sort=power-desc"))).results.map((r) => r.maxPowerKw);
    expect(power).toEqual([...power].sort((a, b) => b - a));
    const consumption = (await searchNewCars(state("sort=consumption-asc"))).results.map((r) => r.minConsumption);
    expect(consumption.every((c) => c !== null)).toBe(true);
    expect(consumption).toEqual([...consumption].sort((a, b) => a! - b!));
    const newest = (await searchNewCars(state("sort=newest"))).results.map((r) => r.launchDate);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it("pages through the results without repeats", async () => {
    const s = state("sort=price-asc");
    const total = modelsOf(rows).size;
    const pages = Math.ceil(total / SEARCH_PAGE_SIZE);
    const seen = new Set<number>();
    for (let page = 1; page <= pages; page++) {
      const out = await searchNewCars({ ...s, page });
      expect(out.results.length).toBe(page < pages ? SEARCH_PAGE_SIZE : total - (pages - 1) * SEARCH_PAGE_SIZE);
      for (const r of out.results) seen.add(r.id);
    }
    expect(seen.size).toBe(total);
    expect((await searchNewCars({ ...s, page: pages + 1 })).results).toEqual([]);
  });

  it("finds brand and model names ignoring case and accents", async () => {
    const citroen = rows.filter((r) => r.brandName === "Citroën");
    expect(citroen.length).toBeGreaterThan(0);
    for (const q of ["citroen", "CITROËN", "Citroen"]) {
      const out = await searchNewCars(state(`q=${encodeURIComponent(q)}`));
      expect(out.total).toBe(modelsOf(citroen).size);
      expect(out.results.every((r) => r.brandName === "Citroën")).toBe(true);
    }
    const volkswagenPolo = await searchNewCars(state("q=volkswagen+polo"));
    expect(volkswagenPolo.results.map((r) => r.name)).toContain("Polo");
    expect(volkswagenPolo.results.every((r) => r.brandName === "Volkswagen")).toBe(true);
    // LIKE wildcards typed by the visitor are plain text, not patterns.
    expect((await searchNewCars(state("q=zq%25x"))).total).toBe(0);
  });
});

describe("newCarSearchPage", () => {
  it("drops unknown brands with a notice and flags a page past the end", async () => {
    const page = await newCarSearchPage(new URLSearchParams("brand=toyota&brand=no-such-brand&page=999"));
    expect(page.state.brand).toEqual(["toyota"]);
    expect(page.notices).toEqual(["There is no brand “no-such-brand” in the catalogue; it was ignored."]);
    expect(page.pastEnd).toBe(true);
    expect(page.results).toEqual([]);
    expect(page.total).toBe(modelsOf(rows.filter((r) => r.brandSlug === "toyota")).size);
    expect(page.canonicalUrl).toBe("/voitures-neuves/recherche?brand=toyota&page=999");
  });
});

describe("a monthly budget", () => {
  // 1 % a month for 72 months, no balloon: R 5 000 a month repays 5 000 × (1 − 1.01^−72) / 0.01 =
  // R 255 751.96; with R 30 000 down, up to R 285 751.
  const terms = { balloonPercent: 0, termMonths: 72, annualRatePercent: 12 };

  it("is a maximum price: only models with a version at or under it, the canonical address kept", async () => {
    const page = await newCarSearchPage(new URLSearchParams("budget=5000&deposit=30000"), terms);
    expect(page.budget).toEqual({ monthly: 5_000, deposit: 30_000, maxPrice: 285_751 });
    const expected = rows.filter((r) => r.price <= 285_751);
    expect(expected.length).toBeGreaterThan(0);
    expect(page.total).toBe(modelsOf(expected).size);
    expect(page.totalVersions).toBe(expected.length);
    for (const result of page.results) expect(result.minPrice).toBeLessThanOrEqual(285_751);
    expect(page.canonicalUrl).toBe("/voitures-neuves/recherche?budget=5000&deposit=30000");
  });

  it("combines with a maximum price (the lower holds), and bad values are notices", async () => {
    const lower = await newCarSearchPage(new URLSearchParams("price_max=200000&budget=5000&deposit=30000"), terms);
    expect(lower.totalVersions).toBe(rows.filter((r) => r.price <= 200_000).length);
    const higher = await newCarSearchPage(new URLSearchParams("price_max=900000&budget=5000&deposit=30000"), terms);
    expect(higher.totalVersions).toBe(rows.filter((r) => r.price <= 285_751).length);
    expect((await newCarSearchPage(new URLSearchParams("budget=abc"), terms)).notices).toEqual(["Monthly budget “abc” is not a number and was ignored."]);
    expect((await newCarSearchPage(new URLSearchParams("deposit=1000"), terms)).notices).toEqual(["Deposit counts only with a monthly budget and was ignored."]);
    const noTerms = await newCarSearchPage(new URLSearchParams("budget=5000"));
    expect(noTerms.notices).toEqual(["A monthly budget cannot be turned into a price right now; it was ignored."]);
    expect(noTerms.budget).toBeNull();
  });
});

describe("kept answers", () => {
  it("are read again once the catalogue changes", async () => {
    const s = state("brand=toyota");
    const before = await searchNewCars(s);
    const toyota = rows.filter((r) => r.brandSlug === "toyota");
    const model = toyota[0]!.modelId;
    // Every version of one Toyota model leaves the market.
    await db().update(versions).set({ onSale: false }).where(eq(versions.modelId, model));
    try {
      expect((await searchNewCars(s)).total).toBe(before.total); // the catalogue's writers say when it changed
      invalidate("catalogue");
      const after = await searchNewCars(s);
      expect(after.total).toBe(before.total - 1);
      expect(after.counts.brand.toyota).toBe(before.counts.brand.toyota! - 1);
      expect(after.results.map((r) => r.id)).not.toContain(model);
    } finally {
      await db().update(versions).set({ onSale: true }).where(eq(versions.modelId, model));
      invalidate("catalogue");
    }
  });
});
