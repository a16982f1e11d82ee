import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invalidate } from "~/lib/cache.server";
import { brands, models, versions } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { brandPage, loadBrandPage, loadModelPage, loadVersionPage, modelPage, versionPage } from "./pages.server";
import { resolveSpecGroups } from "./spec-groups";
import { brandUrl, modelUrl, versionUrl } from "./urls";

const handle = useTestDatabase({ seed: true });
const db = () => handle().db;

const ORIGIN = "http://localhost";
const get = (path: string) => new Request(`${ORIGIN}${path}`);

/** What a loader threw: a redirect Response, or data() with a status. */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location?: string | null; message?: unknown }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    const e = error as { data?: unknown; init?: { status?: number } };
    if (e.init?.status) return { status: e.init.status, message: e.data };
    throw error;
  }
  return { status: 200 };
}

async function brandBySlug(slug: string) {
  const [row] = await db().select().from(brands).where(eq(brands.slug, slug));
  return row!;
}
async function modelBySlug(brandId: number, slug: string) {
  const [row] = await db()
    .select()
    .from(models)
    .where(and(eq(models.brandId, brandId), eq(models.slug, slug)));
  return row!;
}
async function versionsOf(modelId: number) {
  return db().select().from(versions).where(eq(versions.modelId, modelId));
}

describe("brand page", () => {
  it("lists the brand's models on sale as cards, most popular first, with its lowest price", async () => {
    const toyota = await brandBySlug("toyota");
    const page = (await brandPage(toyota.id))!;
    expect(page.brand).toMatchObject({ id: toyota.id, slug: "toyota", name: "Toyota", country: toyota.country, logoPath: null });
    const modelRows = await db().select().from(models).where(eq(models.brandId, toyota.id));
    expect(page.models).toHaveLength(modelRows.length);
    const popularity = new Map(modelRows.map((m) => [m.id, m.popularity]));
    const order = page.models.map((m) => popularity.get(m.id)!);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(page.minPrice).toBe(Math.min(...page.models.map((m) => m.minPrice)));
    for (const card of page.models) {
      expect(card.brandSlug).toBe("toyota");
      expect(card.maxPrice).toBeGreaterThanOrEqual(card.minPrice);
      expect(card.versionCount).toBeGreaterThan(0);
      expect(card.fuels.length).toBeGreaterThan(0);
    }
  });

  it("sorts by price both ways and by name through the sort parameter", async () => {
    const toyota = await brandBySlug("toyota");
    const path = brandUrl(toyota);
    const asc = await loadBrandPage(get(`${path}?sort=price-asc`), { brandSlug: "toyota", brandId: String(toyota.id) });
    expect(asc.sort).toBe("price-asc");
    const prices = asc.models.map((m) => m.minPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await loadBrandPage(get(`${path}?sort=price-desc`), { brandSlug: "toyota", brandId: String(toyota.id) });
    expect(desc.models.map((m) => m.minPrice)).toEqual([...prices].sort((a, b) => b - a));
    const byName = await loadBrandPage(get(`${path}?sort=name`), { brandSlug: "toyota", brandId: String(toyota.id) });
    const names = byName.models.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })));
    expect(await outcome(() => loadBrandPage(get(`${path}?sort=cheap`), { brandSlug: "toyota", brandId: String(toyota.id) }))).toMatchObject({
      status: 400,
    });
  });

  it("has no models (the empty state) once none of the brand's versions is on sale", async () => {
    const brand = await brandBySlug("alfa-romeo");
    const modelIds = (await db().select({ id: models.id }).from(models).where(eq(models.brandId, brand.id))).map((m) => m.id);
    await db().update(versions).set({ onSale: false }).where(inArray(versions.modelId, modelIds));
    invalidate("catalogue");
    try {
      const page = (await brandPage(brand.id))!;
      expect(page.brand.name).toBe("Alfa Romeo");
      expect(page.models).toEqual([]);
      expect(page.minPrice).toBeNull();
    } finally {
      await db().update(versions).set({ onSale: true }).where(inArray(versions.modelId, modelIds));
      invalidate("catalogue");
    }
  });

  it("redirects a stale slug (301, query kept) and answers 404 for unknown or non-numeric ids", async () => {
    const toyota = await brandBySlug("toyota");
    expect(await outcome(() => loadBrandPage(get(`/guide-auto/voitures-neuves/marque/toyot/${toyota.id}?sort=name`), { brandSlug: "toyot", brandId: String(toyota.id) }))).toEqual({
      status: 301,
      location: `${brandUrl(toyota)}?sort=name`,
    });
    const unknown = "/guide-auto/voitures-neuves/marque/toyota/999999";
    expect(await outcome(() => loadBrandPage(get(unknown), { brandSlug: "toyota", brandId: "999999" }))).toEqual({
      status: 404,
      message: `Page not found: ${unknown}`,
    });
    const bad = "/guide-auto/voitures-neuves/marque/toyota/abc";
    expect(await outcome(() => loadBrandPage(get(bad), { brandSlug: "toyota", brandId: "abc" }))).toEqual({
      status: 404,
      message: `Page Not Found: ${bad}`,
    });
  });
});

describe("model page", () => {
  it("lists every version on sale, cheapest first, with only the columns the table shows", async () => {
    const toyota = await brandBySlug("toyota");
    const hilux = await modelBySlug(toyota.id, "hilux-single-cab");
    const page = (await modelPage(hilux.id))!;
    expect(page.model).toMatchObject({ id: hilux.id, name: "Hilux Single Cab", brandSlug: "toyota", brandName: "Toyota" });
    const all = await versionsOf(hilux.id);
    expect(page.versions).toHaveLength(all.length);
    const prices = page.versions.map((v) => v.priceZar);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(Object.keys(page.versions[0]!).sort()).toEqual(
      [
        "accel0To100S",
        "bootL",
        "consumptionL100km",
        "drive",
        "electricConsumptionKwh100km",
        "fuel",
        "gears",
        "id",
        "name",
        "powerKw",
        "priceZar",
        "rangeKm",
        "slug",
        "transmission",
      ].sort(),
    );
  });

  it("keeps versions no longer on sale out of the list", async () => {
    const toyota = await brandBySlug("toyota");
    const hilux = await modelBySlug(toyota.id, "hilux-single-cab");
    const [first] = await versionsOf(hilux.id);
    await db().update(versions).set({ onSale: false }).where(eq(versions.id, first!.id));
    invalidate("catalogue");
    try {
      const page = (await modelPage(hilux.id))!;
      expect(page.versions.map((v) => v.id)).not.toContain(first!.id);
      // Its own page still answers, marked as not on sale and without siblings listing it.
      const own = (await versionPage(first!.id))!;
      expect(own.version.onSale).toBe(false);
      const sibling = page.versions[0]!;
      const siblingPage = (await versionPage(sibling.id))!;
      expect(siblingPage.siblings.map((s) => s.id)).not.toContain(first!.id);
    } finally {
      await db().update(versions).set({ onSale: true }).where(eq(versions.id, first!.id));
      invalidate("catalogue");
    }
  });

  it("reads the fuel and transmission filters and rejects unknown values with a 400", async () => {
    const toyota = await brandBySlug("toyota");
    const hilux = await modelBySlug(toyota.id, "hilux-single-cab");
    const path = modelUrl("toyota", hilux);
    const params = { brandSlug: "toyota", modelIdSlug: `${hilux.id}-${hilux.slug}` };
    const page = await loadModelPage(get(`${path}?fuel=diesel&transmission=automatic`), params);
    expect(page.filters).toEqual({ fuel: "diesel", transmission: "automatic" });
    expect(await outcome(() => loadModelPage(get(`${path}?fuel=steam`), params))).toMatchObject({ status: 400 });
    expect(await outcome(() => loadModelPage(get(`${path}?transmission=sequential`), params))).toMatchObject({ status: 400 });
  });

  it("finds similar models: same body type, not itself, other brands first, near the price", async () => {
    const toyota = await brandBySlug("toyota");
    const cross = await modelBySlug(toyota.id, "corolla-cross");
    const page = (await modelPage(cross.id))!;
    expect(page.similar.length).toBeGreaterThan(0);
    expect(page.similar.length).toBeLessThanOrEqual(4);
    const entry = page.versions[0]!.priceZar;
    for (const card of page.similar) {
      expect(card.id).not.toBe(cross.id);
      expect(card.bodyType).toBe(cross.bodyType);
      expect(card.minPrice / entry).toBeGreaterThan(1 / 1.61);
      expect(card.minPrice / entry).toBeLessThan(1.61);
    }
    // Other brands before the model's own.
    const own = page.similar.map((c) => c.brandId === toyota.id);
    expect(own).toEqual([...own].sort((a, b) => Number(a) - Number(b)));
  });

  it("redirects stale brand or model slugs to the canonical URL with the query, 404s unknown and non-numeric ids", async () => {
    const toyota = await brandBySlug("toyota");
    const cross = await modelBySlug(toyota.id, "corolla-cross");
    const canonical = modelUrl("toyota", cross);
    const stale = `/guide-auto/voitures-neuves/marque/toyota/modele/${cross.id}-corola`;
    expect(await outcome(() => loadModelPage(get(`${stale}?fuel=hybrid`), { brandSlug: "toyota", modelIdSlug: `${cross.id}-corola` }))).toEqual({
      status: 301,
      location: `${canonical}?fuel=hybrid`,
    });
    const wrongBrand = `/guide-auto/voitures-neuves/marque/lexus/modele/${cross.id}-corolla-cross`;
    expect(await outcome(() => loadModelPage(get(wrongBrand), { brandSlug: "lexus", modelIdSlug: `${cross.id}-corolla-cross` }))).toEqual({
      status: 301,
      location: canonical,
    });
    const bare = `/guide-auto/voitures-neuves/marque/toyota/modele/${cross.id}`;
    expect(await outcome(() => loadModelPage(get(bare), { brandSlug: "toyota", modelIdSlug: String(cross.id) }))).toEqual({ status: 301, location: canonical });
    expect(await outcome(() => loadModelPage(get(canonical), { brandSlug: "toyota", modelIdSlug: `${cross.id}-corolla-cross` }))).toEqual({ status: 200 });

    for (const segment of ["abc-foo", "12x-foo"]) {
      const path = `/guide-auto/voitures-neuves/marque/toyota/modele/${segment}`;
      expect(await outcome(() => loadModelPage(get(path), { brandSlug: "toyota", modelIdSlug: segment }))).toEqual({
        status: 404,
        message: `Page Not Found: ${path}`,
      });
    }
    const unknown = "/guide-auto/voitures-neuves/marque/toyota/modele/999999-foo";
    expect(await outcome(() => loadModelPage(get(unknown), { brandSlug: "toyota", modelIdSlug: "999999-foo" }))).toEqual({
      status: 404,
      message: `Page not found: ${unknown}`,
    });
  });
});

describe("version page", () => {
  it("reads the full specification, its price history oldest first and the other versions on sale", async () => {
    const toyota = await brandBySlug("toyota");
    const hilux = await modelBySlug(toyota.id, "hilux-single-cab");
    const all = (await versionsOf(hilux.id)).sort((a, b) => a.priceZar - b.priceZar);
    const target = all[2]!;
    const page = (await versionPage(target.id))!;
    expect(page.version).toMatchObject({ id: target.id, name: target.name, priceZar: target.priceZar, onSale: true, fuel: target.fuel });
    expect(page.model).toMatchObject({ id: hilux.id, slug: "hilux-single-cab", brandSlug: "toyota", brandName: "Toyota" });
    const days = page.priceHistory.map((p) => p.effectiveOn);
    expect(days).toEqual([...days].sort());
    expect(page.priceHistory.at(-1)?.priceZar).toBe(target.priceZar);
    expect(page.siblings.map((s) => s.id)).toEqual(all.filter((v) => v.id !== target.id).map((v) => v.id));
  });

  it("groups the specification; an electric version has no fuel-only rows", async () => {
    const toyota = await brandBySlug("toyota");
    const bz4x = await modelBySlug(toyota.id, "bz4x");
    const [ev] = await versionsOf(bz4x.id);
    const page = (await versionPage(ev!.id))!;
    const groups = resolveSpecGroups([page.version]);
    expect(groups.map((g) => g.title)).toEqual([
      "Price and warranty",
      "Engine and transmission",
      "Performance",
      "Consumption and emissions",
      "Dimensions and capacities",
      "Safety",
      "Driver assistance",
      "Comfort",
      "Multimedia",
      "Exterior",
      "Interior",
    ]);
    const keys = groups.flatMap((g) => g.rows.map((r) => r.key));
    expect(keys).toContain("battery");
    expect(keys).toContain("range");
    expect(keys).not.toContain("consumption");
    expect(keys).not.toContain("engine-cc");
    expect(keys).not.toContain("tank");
  });

  it("redirects a stale version, model or brand slug and a version asked for under another model; 404s unknown ids", async () => {
    const toyota = await brandBySlug("toyota");
    const hilux = await modelBySlug(toyota.id, "hilux-single-cab");
    const [version] = await versionsOf(hilux.id);
    const canonical = versionUrl("toyota", "hilux-single-cab", version!);
    const cases: [string, { brandSlug: string; modelSlug: string; versionIdSlug: string }][] = [
      ["toyota", "hilux-single-cab", `${version!.id}-old-name`],
      ["toyota", "corolla-cross", `${version!.id}-${version!.slug}`],
      ["toyot", "hilux-single-cab", `${version!.id}-${version!.slug}`],
      ["toyota", "hilux-single-cab", String(version!.id)],
    ].map(([brandSlug, modelSlug, versionIdSlug]) => [
      `/guide-auto/voitures-neuves/marque/${brandSlug}/modele/${modelSlug}/${versionIdSlug}`,
      { brandSlug: brandSlug!, modelSlug: modelSlug!, versionIdSlug: versionIdSlug! },
    ]);
    for (const [path, params] of cases) {
      expect(await outcome(() => loadVersionPage(get(`${path}?ref=x`), params)), path).toEqual({ status: 301, location: `${canonical}?ref=x` });
    }
    expect(
      await outcome(() => loadVersionPage(get(canonical), { brandSlug: "toyota", modelSlug: "hilux-single-cab", versionIdSlug: `${version!.id}-${version!.slug}` })),
    ).toEqual({ status: 200 });

    const unknown = "/guide-auto/voitures-neuves/marque/toyota/modele/hilux-single-cab/999999-x";
    expect(await outcome(() => loadVersionPage(get(unknown), { brandSlug: "toyota", modelSlug: "hilux-single-cab", versionIdSlug: "999999-x" }))).toEqual({
      status: 404,
      message: `Page not found: ${unknown}`,
    });
    const bad = "/guide-auto/voitures-neuves/marque/toyota/modele/hilux-single-cab/x1-foo";
    expect(await outcome(() => loadVersionPage(get(bad), { brandSlug: "toyota", modelSlug: "hilux-single-cab", versionIdSlug: "x1-foo" }))).toEqual({
      status: 404,
      message: `Page Not Found: ${bad}`,
    });
  });
});
