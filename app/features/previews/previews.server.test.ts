import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { invalidate } from "~/lib/cache.server";
import { SITE_PREVIEW } from "~/lib/link-preview";
import { cardSvg } from "./card-svg";
import type { PreviewCard } from "./cards";
import { IMMUTABLE_CACHE_CONTROL, REVALIDATED_CACHE_CONTROL, clearPreviewCache, previewImageResponse, renderPng } from "./previews.server";

// The drawing through sharp, and the route's answers for the cards that need no database (the
// site's card and the logo); the catalogue and content cards are requested end to end in
// tests/e2e/link-previews.spec.ts.

const cards: PreviewCard[] = [
  { kind: "site" },
  { kind: "brand", name: "Toyota", colour: "#eb0a1e", modelCount: 3, minPrice: 189_900, cars: [{ bodyType: "suv", colour: "#dc2626" }, { bodyType: "bakkie", colour: "#fff" }] },
  { kind: "model", brand: "Toyota", name: "Corolla Cross", car: { bodyType: "crossover", colour: "#2563eb" }, versionCount: 4, minPrice: 389_900 },
  { kind: "version", brand: "Toyota", model: "Hilux", name: "2.8 GD-6 Legend RS", car: { bodyType: "double-cab", colour: "#fff" }, price: 889_900, onSale: true, fuel: "diesel", transmission: "automatic", gears: 6, powerKw: 150 },
  { kind: "comparison", cars: [1, 2, 3, 4].map((i) => ({ brand: "Suzuki", model: `Swift ${i}`, version: "1.2 GL", price: 200_000 * i, bodyType: "hatchback", colour: "#b91c1c" })) },
  { kind: "article", category: "Road tests", title: "A long title ".repeat(12), publishedAt: "2026-03-14T08:00:00.000Z", readingMinutes: 5, car: { bodyType: "van", colour: "#0f766e" } },
  { kind: "taxonomy", slug: "permis-de-conduire", name: "Driving licence", description: "Everything about the licence.", guideCount: 4 },
  { kind: "guide", taxonomySlug: "financer-mon-vehicule", taxonomy: "Financing", title: "Balloon payments explained", readingMinutes: 3 },
];

const get = (path: string, headers: Record<string, string> = {}) => previewImageResponse(new Request(`http://x${path}`, { headers }), path.replace(/^\/apercu\//, ""));

describe("renderPng", () => {
  it("draws every kind of card as a 1200×630 PNG under 300 kB", async () => {
    for (const card of cards) {
      const png = await renderPng(cardSvg(card));
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height], card.kind).toEqual(["png", 1200, 630]);
      expect(png.length, card.kind).toBeLessThan(300_000);
    }
  }, 60_000);
});

describe("previewImageResponse", () => {
  beforeEach(() => clearPreviewCache());

  it("serves a versioned card as immutable, then from memory", async () => {
    const first = await get(SITE_PREVIEW.path);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/png");
    expect(first.headers.get("Cache-Control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(first.headers.get("X-Preview-Cache")).toBe("miss");
    const second = await get(SITE_PREVIEW.path);
    expect(second.headers.get("X-Preview-Cache")).toBe("hit");
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
  });

  it("serves the bare or an outdated address with an ETag to revalidate, and answers 304 to it", async () => {
    const bare = await get("/apercu/accueil.png");
    expect(bare.headers.get("Cache-Control")).toBe(REVALIDATED_CACHE_CONTROL);
    const etag = bare.headers.get("ETag")!;
    expect(SITE_PREVIEW.path).toContain(etag.replaceAll('"', ""));
    expect((await get("/apercu/accueil.00000000.png")).headers.get("Cache-Control")).toBe(REVALIDATED_CACHE_CONTROL);
    const revalidated = await get("/apercu/accueil.png", { "If-None-Match": `W/"zzz", ${etag}` });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("serves the 512×512 publisher logo", async () => {
    const response = await get("/apercu/logo.png");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 512]);
    expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]{8}"$/);
  });

  it("answers 404, not stored, to an address it does not know", async () => {
    for (const path of ["/apercu/nope.png", "/apercu/modele/abc.png", "/apercu/logo.svg"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("forgets rendered cards when their data changes", async () => {
    await get(SITE_PREVIEW.path);
    invalidate("catalogue"); // the site's card depends on no data: kept
    expect((await get(SITE_PREVIEW.path)).headers.get("X-Preview-Cache")).toBe("hit");
    invalidate();
    expect((await get(SITE_PREVIEW.path)).headers.get("X-Preview-Cache")).toBe("miss");
  });
});
