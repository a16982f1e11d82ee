import { describe, expect, it } from "vitest";
import {
  canonicalRedirect,
  clipText,
  filterOptions,
  filterVersions,
  parseBrandSort,
  parseIdSlug,
  parseVersionFilters,
  rankSimilar,
  readVersionFilters,
  sortModelCards,
} from "./page-rules";
import { formatLongDate } from "~/lib/south-african-time";
import { priceChartGeometry, priceHistorySummary } from "./price-history";
import type { ModelCard } from "./types";

function thrown(fn: () => unknown): { status: number; data: unknown } {
  try {
    fn();
  } catch (error) {
    // data() throws a DataWithResponseInit: { data, init: { status } }.
    const e = error as { data?: unknown; init?: { status?: number } };
    if (e.init?.status) return { status: e.init.status, data: e.data };
    throw error;
  }
  throw new Error("nothing was thrown");
}

const q = (search: string) => new URLSearchParams(search);

describe("parseIdSlug", () => {
  const path = "/guide-auto/voitures-neuves/marque/toyota/modele/x";
  it("reads the id and the slug of '{id}-{slug}'", () => {
    expect(parseIdSlug("12-corolla-cross", path)).toEqual({ id: 12, slug: "corolla-cross" });
    expect(parseIdSlug("12", path)).toEqual({ id: 12, slug: "" });
    expect(parseIdSlug("12-", path)).toEqual({ id: 12, slug: "" });
  });
  it("answers the spec's invalid-parameter 404 for a non-numeric id", () => {
    for (const segment of ["abc-foo", "12x-foo", "-12-foo", "0-foo", "1234567890-foo", "", undefined]) {
      expect(thrown(() => parseIdSlug(segment, path))).toEqual({ status: 404, data: `Page Not Found: ${path}` });
    }
  });
});

describe("canonicalRedirect", () => {
  const canonical = "/guide-auto/voitures-neuves/marque/toyota/modele/12-corolla-cross";
  it("is null on the canonical URL, with or without a query string", () => {
    expect(canonicalRedirect(new URL(`http://x${canonical}`), canonical)).toBeNull();
    expect(canonicalRedirect(new URL(`http://x${canonical}?fuel=petrol`), canonical)).toBeNull();
  });
  it("sends a stale slug to the canonical path and keeps the query string", () => {
    const url = new URL("http://x/guide-auto/voitures-neuves/marque/toyota/modele/12-corola?fuel=hybrid&transmission=cvt");
    expect(canonicalRedirect(url, canonical)).toBe(`${canonical}?fuel=hybrid&transmission=cvt`);
    expect(canonicalRedirect(new URL("http://x/guide-auto/voitures-neuves/marque/lexus/modele/12-corolla-cross"), canonical)).toBe(canonical);
  });
  it("ignores the router's data-request suffix and parameter", () => {
    expect(canonicalRedirect(new URL(`http://x${canonical}.data?_routes=routes%2Fmodel`), canonical)).toBeNull();
    expect(canonicalRedirect(new URL("http://x/guide-auto/voitures-neuves/marque/toyota/modele/12-old.data?_routes=a&fuel=cvt"), canonical)).toBe(
      `${canonical}?fuel=cvt`,
    );
  });
});

describe("brand sort", () => {
  it("defaults to popularity and accepts the four orders", () => {
    expect(parseBrandSort(q(""))).toBe("popularity");
    expect(parseBrandSort(q("sort="))).toBe("popularity");
    expect(parseBrandSort(q("sort=price-asc"))).toBe("price-asc");
    expect(parseBrandSort(q("sort=name"))).toBe("name");
  });
  it("rejects an unknown or repeated sort with a 400 and a clear message", () => {
    expect(thrown(() => parseBrandSort(q("sort=cheapest")))).toEqual({
      status: 400,
      data: 'Unknown sort order "cheapest". Use one of: popularity, price-asc, price-desc, name.',
    });
    expect(thrown(() => parseBrandSort(q("sort=name&sort=price-asc"))).status).toBe(400);
  });

  const card = (name: string, minPrice: number): ModelCard =>
    ({ id: minPrice, name, minPrice, maxPrice: minPrice, brandId: 1 }) as unknown as ModelCard;
  const cards = [card("Starlet", 300), card("Corolla Cross", 400), card("bZ4X", 900), card("Agya", 200)];
  it("sorts by price either way and by name, popularity keeps the given order", () => {
    expect(sortModelCards(cards, "popularity").map((c) => c.name)).toEqual(["Starlet", "Corolla Cross", "bZ4X", "Agya"]);
    expect(sortModelCards(cards, "price-asc").map((c) => c.name)).toEqual(["Agya", "Starlet", "Corolla Cross", "bZ4X"]);
    expect(sortModelCards(cards, "price-desc").map((c) => c.name)).toEqual(["bZ4X", "Corolla Cross", "Starlet", "Agya"]);
    expect(sortModelCards(cards, "name").map((c) => c.name)).toEqual(["Agya", "bZ4X", "Corolla Cross", "Starlet"]);
    expect(cards[0]?.name).toBe("Starlet"); // not sorted in place
  });
});

describe("version filters", () => {
  const versions = [
    { id: 1, fuel: "petrol" as const, transmission: "manual" as const },
    { id: 2, fuel: "petrol" as const, transmission: "automatic" as const },
    { id: 3, fuel: "diesel" as const, transmission: "automatic" as const },
  ];
  it("parses fuel and transmission, empty meaning all", () => {
    expect(parseVersionFilters(q(""))).toEqual({ fuel: undefined, transmission: undefined });
    expect(parseVersionFilters(q("fuel=diesel&transmission="))).toEqual({ fuel: "diesel", transmission: undefined });
  });
  it("rejects unknown values with a 400 on the server, ignores them in the browser", () => {
    expect(thrown(() => parseVersionFilters(q("fuel=steam")))).toEqual({
      status: 400,
      data: 'Unknown fuel "steam". Use one of: petrol, diesel, hybrid, plug-in-hybrid, electric.',
    });
    expect(thrown(() => parseVersionFilters(q("transmission=sequential"))).status).toBe(400);
    expect(readVersionFilters(q("fuel=steam&transmission=manual"))).toEqual({ fuel: undefined, transmission: "manual" });
  });
  it("filters on both and lists only the values that exist, in schema order", () => {
    expect(filterVersions(versions, { fuel: "petrol" }).map((v) => v.id)).toEqual([1, 2]);
    expect(filterVersions(versions, { fuel: "petrol", transmission: "automatic" }).map((v) => v.id)).toEqual([2]);
    expect(filterVersions(versions, { fuel: "electric" })).toEqual([]);
    expect(filterOptions(versions)).toEqual({ fuels: ["petrol", "diesel"], transmissions: ["manual", "automatic"] });
  });
});

describe("rankSimilar", () => {
  const card = (id: number, brandId: number, minPrice: number) => ({ id, brandId, minPrice, name: `m${id}` }) as unknown as ModelCard;
  it("puts other brands first, then the nearest price, within the price band, without the model itself", () => {
    const candidates = [card(1, 1, 400_000), card(2, 2, 800_000), card(3, 1, 410_000), card(4, 3, 450_000), card(5, 4, 360_000), card(6, 5, 2_000_000)];
    const ranked = rankSimilar({ id: 1, brandId: 1, minPrice: 400_000 }, candidates, 4).map((c) => c.id);
    // 5 (-10 %) and 4 (+12.5 %) from other brands first; 2 is out of the band (×2), so is 6; then 3 of the same brand.
    expect(ranked).toEqual([5, 4, 3]);
  });
  it("falls back to the candidates' order (popularity) without a price", () => {
    expect(rankSimilar({ id: 9, brandId: 1, minPrice: null }, [card(1, 1, 1), card(2, 2, 2), card(9, 1, 3)], 2).map((c) => c.id)).toEqual([1, 2]);
  });
});

describe("clipText", () => {
  it("keeps short text and cuts long text at a word with an ellipsis", () => {
    expect(clipText("  short  text ", 50)).toBe("short text");
    expect(clipText("The quick brown fox jumps over the lazy dog", 20)).toBe("The quick brown fox…");
  });
});

describe("price history", () => {
  const points = [
    { priceZar: 366_900, effectiveOn: "2024-04-01" },
    { priceZar: 386_900, effectiveOn: "2025-04-01" },
    { priceZar: 409_900, effectiveOn: "2026-04-01" },
  ];
  it("words dates the same everywhere", () => {
    expect(formatLongDate("2024-04-01")).toBe("1 April 2024");
  });
  it("summarises a history as one sentence", () => {
    expect(priceHistorySummary(points)).toBe(
      "The price rose from 366.900 ZAR on 1 April 2024 to 409.900 ZAR on 1 April 2026 (+11.7 %, 2 changes).",
    );
    expect(priceHistorySummary(points.slice(0, 1))).toBe("The price has not changed since 1 April 2024.");
    expect(priceHistorySummary([])).toBe("No price changes recorded.");
  });
  it("draws a step line that holds each price until the next change and the last until today", () => {
    const chart = priceChartGeometry(points, "2026-11-22")!;
    expect(chart.dots).toHaveLength(3);
    // Steps: horizontal then vertical, never diagonal.
    expect(chart.line).toMatch(/^M[\d.]+ [\d.]+(H[\d.]+V[\d.]+){2}H[\d.]+$/);
    const xs = chart.dots.map((d) => d.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    // Higher prices sit higher (smaller y).
    expect(chart.dots[2]!.y).toBeLessThan(chart.dots[0]!.y);
    expect(chart.ticks.map((t) => t.label)).toEqual(["409.900", "366.900"]);
    expect(chart.dates.at(-1)?.label).toBe("Today");
  });
  it("is no chart with fewer than two points", () => {
    expect(priceChartGeometry(points.slice(0, 1), "2026-11-22")).toBeNull();
  });
});
