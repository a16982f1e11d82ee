import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invalidate } from "~/lib/cache.server";
import { brands, models, versions } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { carLabel, comparedCars, comparisonPage, modelVersionsOnSale, pickerState } from "./comparison.server";
import { popularComparisons } from "./popular.server";
import { parseComparisonParams } from "./rules";

const handle = useTestDatabase({ seed: true });
const db = () => handle().db;

async function someVersionIds(count: number): Promise<number[]> {
  const rows = await db().select({ id: versions.id }).from(versions).where(eq(versions.onSale, true)).orderBy(asc(versions.id)).limit(count * 7);
  // Spread over several models.
  return rows.filter((_, i) => i % 7 === 0).map((r) => r.id);
}

const page = (query: string) => comparisonPage(new URLSearchParams(query));

describe("comparedCars", () => {
  it("reads the chosen versions with their model and brand in one query", async () => {
    const [a, b] = await someVersionIds(2);
    const cars = await comparedCars([a!, b!, 999_999]);
    expect(cars.map((c) => c.id).sort((x, y) => x - y)).toEqual([a, b]);
    const car = cars.find((c) => c.id === a)!;
    const [expected] = await db()
      .select({ name: versions.name, model: models.name, brand: brands.name, price: versions.priceZar })
      .from(versions)
      .innerJoin(models, eq(models.id, versions.modelId))
      .innerJoin(brands, eq(brands.id, models.brandId))
      .where(eq(versions.id, a!));
    expect(carLabel(car)).toBe(`${expected!.brand} ${expected!.model} ${expected!.name}`);
    expect(car.priceZar).toBe(expected!.price);
    expect(car.colour).toMatch(/^#/);
    expect(typeof car.equipment).toBe("object");
  });
});

describe("comparisonPage", () => {
  it("shows the cars in the URL's order, with a canonical address of sorted ids", async () => {
    const [a, b, c] = await someVersionIds(3);
    const data = await page(`versions=${c},${a},${b},${a}`);
    expect(data.cars.map((car) => car.id)).toEqual([c, a, b]);
    expect(data.notices).toEqual([]);
    expect(data.canonicalPath).toBe(`/comparateur?versions=${[a, b, c].sort((x, y) => x! - y!).join(",")}`);
    expect(data.popular).toEqual([]);
  });

  it("names unknown ids and off-sale versions in notices and leaves them out", async () => {
    const [a, b, c] = await someVersionIds(3);
    const [offSale] = await db()
      .select({ id: versions.id, name: versions.name, model: models.name, brand: brands.name })
      .from(versions)
      .innerJoin(models, eq(models.id, versions.modelId))
      .innerJoin(brands, eq(brands.id, models.brandId))
      .where(eq(versions.id, c!));
    await db().update(versions).set({ onSale: false }).where(eq(versions.id, c!));
    try {
      const data = await page(`versions=${a},abc,99999,${c},${b}`);
      expect(data.cars.map((car) => car.id)).toEqual([a, b]);
      expect(data.notices).toEqual([
        "“abc” is not a version number and was ignored.",
        "No car has the number 99999; it was left out.",
        `${offSale!.brand} ${offSale!.model} ${offSale!.name} is no longer on sale and was left out.`,
      ]);
    } finally {
      await db().update(versions).set({ onSale: true }).where(eq(versions.id, c!));
    }
  });

  it("keeps the first four cars and names the fifth", async () => {
    const ids = await someVersionIds(5);
    const data = await page(`versions=${ids.join(",")}`);
    expect(data.cars.map((car) => car.id)).toEqual(ids.slice(0, 4));
    expect(data.notices).toHaveLength(1);
    expect(data.notices[0]).toMatch(/^Up to 4 cars can be compared at once: .+ was left out\.$/);
  });

  it("answers junk of every kind with notices, never an error", async () => {
    for (const query of [`versions=${"x".repeat(10_000)}`, "versions=-1,-2", "versions=1,,2", "versions=%F0%9F%9A%97,é", "versions=", "pick_brand=abc&pick_model=-3", "versions=1e3,0x10"]) {
      const data = await page(query);
      expect(Array.isArray(data.notices)).toBe(true);
    }
    expect((await page(`versions=${"x".repeat(10_000)}`)).notices[0]).toMatch(/not a version number|not version numbers/);
  });

  it("offers popular comparisons on the empty page", async () => {
    const data = await page("");
    expect(data.cars).toEqual([]);
    expect(data.canonicalPath).toBe("/comparateur");
    expect(data.popular.length).toBeGreaterThanOrEqual(3);
  });
});

describe("the picker", () => {
  it("lists every brand, then a brand's models, then a model's versions on sale, cheapest first", async () => {
    const [toyota] = await db().select().from(brands).where(eq(brands.slug, "toyota"));
    const [model] = await db().select().from(models).where(eq(models.brandId, toyota!.id)).orderBy(asc(models.id)).limit(1);
    const { picker, invalid } = await pickerState(toyota!.id, model!.id);
    expect(invalid).toBe(false);
    expect(picker.brands.length).toBe(40);
    expect(picker.models.map((m) => m.id)).toContain(model!.id);
    const onSale = await db()
      .select({ id: versions.id })
      .from(versions)
      .where(and(eq(versions.modelId, model!.id), eq(versions.onSale, true)));
    expect(picker.versions.map((v) => v.id).sort()).toEqual(onSale.map((v) => v.id).sort());
    const prices = picker.versions.map((v) => v.priceZar);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    // A model alone also names its brand; a model of another brand is refused.
    expect((await pickerState(null, model!.id)).picker.brandId).toBe(toyota!.id);
    const [other] = await db().select().from(brands).where(eq(brands.slug, "chery"));
    expect((await pickerState(other!.id, model!.id)).invalid).toBe(true);
    expect((await pickerState(987_654, null)).invalid).toBe(true);
  });

  it("leaves versions no longer on sale out of a model's list", async () => {
    const [version] = await db().select().from(versions).where(eq(versions.onSale, true)).orderBy(asc(versions.id)).limit(1);
    await db().update(versions).set({ onSale: false }).where(eq(versions.id, version!.id));
    invalidate("catalogue");
    try {
      expect((await modelVersionsOnSale(version!.modelId)).map((v) => v.id)).not.toContain(version!.id);
    } finally {
      await db().update(versions).set({ onSale: true }).where(eq(versions.id, version!.id));
      invalidate("catalogue");
    }
  });
});

describe("popularComparisons", () => {
  it("builds comparisons of real versions on sale that the comparator resolves, most popular models first", async () => {
    const list = await popularComparisons();
    expect(list.map((c) => c.key)).toEqual(expect.arrayContaining(["small-suvs", "double-cabs", "city-hatchbacks"]));
    for (const comparison of list) {
      expect(comparison.cars.length).toBeGreaterThanOrEqual(2);
      expect(comparison.cars.length).toBeLessThanOrEqual(3);
      const query = new URL(comparison.url, "http://localhost").searchParams;
      const ids = parseComparisonParams(query).ids;
      expect(ids).toEqual(comparison.cars.map((c) => c.id));
      const data = await comparisonPage(query);
      expect(data.notices).toEqual([]);
      expect(data.cars.map((c) => c.id)).toEqual(ids);
      expect(data.cars.map(carLabel)).toEqual(comparison.cars.map((c) => c.label));
      // One version per model.
      expect(new Set(data.cars.map((c) => c.modelId)).size).toBe(data.cars.length);
    }
    const bakkies = list.find((c) => c.key === "double-cabs")!;
    const rows = await db()
      .select({ body: models.bodyType, popularity: models.popularity })
      .from(versions)
      .innerJoin(models, eq(models.id, versions.modelId))
      .where(inArray(versions.id, bakkies.cars.map((c) => c.id)));
    expect(rows.every((r) => r.body === "double-cab")).toBe(true);
  });
});
