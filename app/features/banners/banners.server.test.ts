import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invalidate } from "~/lib/cache.server";
import { resultRows } from "~/lib/db.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { banners } from "../../../db/schema";
import { bannerSeed } from "../../../db/seed/data/content";
import { hasNoBanners, seedDemoBanners } from "../../../db/seed/banners";
import { bannerForSlot, clickBanner, countImpressions, flushImpressions, liveBanners } from "./banners.server";
import { parseBanners } from "./import";
import { importBanners } from "./import.server";

const database = useTestDatabase({ seed: true });
const publicDir = path.resolve(import.meta.dirname, "../../../public");
const inPublic = (p: string) => fs.existsSync(path.join(publicDir, p));

async function stats(id: number) {
  return resultRows<{ day: string; impressions: number; clicks: number }>(
    await database().db.execute(sql`select day::text as day, impressions, clicks from banner_stats where banner_id = ${id} order by day`),
  );
}
async function idOf(title: string) {
  const [row] = await database().db.select({ id: banners.id }).from(banners).where(eq(banners.title, title));
  return row!.id;
}

describe("demo banners", () => {
  it("every seed banner's image is a committed file of its stated size, labelled Demo, linking to a site path", () => {
    for (const b of bannerSeed) {
      const svg = fs.readFileSync(path.join(publicDir, b.imagePath!), "utf8");
      expect(svg).toContain(`width="${b.imageWidth}" height="${b.imageHeight}"`);
      expect(svg).toContain(">DEMO<");
      expect(b.altText).toMatch(/^Demo banner: /);
      expect(b.linkUrl).toMatch(/^\/[^/]/);
      expect(b.isDemo).toBe(true);
    }
    expect(new Set(bannerSeed.map((b) => b.slot))).toEqual(new Set(["home-top", "model-side", "article-inline", "used-search-results"]));
  });

  it("a database without banners gets them once", async () => {
    expect(await hasNoBanners(database().db)).toBe(false);
    await database().db.delete(banners);
    expect(await hasNoBanners(database().db)).toBe(true);
    expect(await seedDemoBanners(database().db)).toEqual({ banners: bannerSeed.length });
    expect(await hasNoBanners(database().db)).toBe(false);
  });
});

describe("live banners and targeting", () => {
  it("only banners active and within their dates today", async () => {
    const now = new Date();
    const day = 86_400_000;
    const all = (await liveBanners()).length;
    await database().db.update(banners).set({ endsAt: new Date(now.getTime() - day) }).where(eq(banners.title, "Thinking electric?"));
    await database().db.update(banners).set({ startsAt: new Date(now.getTime() + day) }).where(eq(banners.title, "Selling your car? Post a free ad"));
    await database().db.update(banners).set({ active: false }).where(eq(banners.title, "Finance your next car"));
    invalidate("content");
    const live = (await liveBanners()).map((b) => b.title);
    expect(live).toHaveLength(all - 3);
    expect(live).not.toContain("Thinking electric?");
    await database().db.update(banners).set({ active: true, startsAt: null, endsAt: null });
    invalidate("content");
  });

  it("a model page gets its brand's or body type's banner; others the run-of-site one", async () => {
    expect((await bannerForSlot("model-side", { brand: "toyota", bodyType: "suv" }))?.imagePath).toBe("/banners/demo-side-toyota.svg");
    expect((await bannerForSlot("model-side", { brand: "ford", bodyType: "double-cab" }))?.imagePath).toBe("/banners/demo-side-bakkies.svg");
    expect((await bannerForSlot("model-side", { brand: "ford", bodyType: "suv" }))?.imagePath).toBe("/banners/demo-side-finance.svg");
    expect((await bannerForSlot("used-search-results", { province: "gauteng" }))?.imagePath).toBe("/banners/demo-used-roadworthy.svg");
    expect((await bannerForSlot("home-top"))?.width).toBe(1200);
  });
});

describe("banner_stats", () => {
  it("a click adds to today's row (one row per banner and South African day)", async () => {
    const id = await idOf("Used Toyotas near you");
    const at = new Date("2026-05-10T21:30:00Z"); // 23:30 in Johannesburg
    expect(await clickBanner(id, at)).toBe("/marche-doccasion/rechercher?make1=toyota");
    expect(await clickBanner(id, at)).toBe("/marche-doccasion/rechercher?make1=toyota");
    await clickBanner(id, new Date("2026-05-10T22:30:00Z")); // already the 11th there
    expect(await stats(id)).toEqual([
      { day: "2026-05-10", impressions: 0, clicks: 2 },
      { day: "2026-05-11", impressions: 0, clicks: 1 },
    ]);
    expect(await clickBanner(999_999)).toBeNull();
  });

  it("impressions are summed in memory and written in one batch; unknown ids are dropped", async () => {
    const id = await idOf("Bakkies for work and play");
    countImpressions([id, 999_998]);
    countImpressions([id]);
    expect(await stats(id)).toEqual([]);
    await flushImpressions(new Date("2026-05-12T08:00:00Z"));
    countImpressions([id]);
    await flushImpressions(new Date("2026-05-12T09:00:00Z"));
    expect(await stats(id)).toEqual([{ day: "2026-05-12", impressions: 3, clicks: 0 }]);
  });
});

describe("importBanners", () => {
  const file = JSON.stringify([
    { slot: "home-top", title: "New-car deals this month", image_path: "/banners/demo-home-promotions.svg", image_width: 1200, image_height: 300, alt_text: "Deals", link_url: "/guide-auto/promos-du-moment", active: false },
    { slot: "model-side", title: "Isuzu bakkies", image_path: "/banners/demo-side-bakkies.svg", image_width: 600, image_height: 500, alt_text: "Isuzu bakkies", link_url: "/marche-doccasion/rechercher?make1=isuzu", target_brands: ["isuzu"] },
  ]);

  it("a dry run and a bad brand write nothing", async () => {
    const count = async () => (await database().db.select({ id: banners.id }).from(banners)).length;
    const before = await count();
    const { rows } = parseBanners(file, "json", inPublic);
    expect(await importBanners(database().db, rows, { dryRun: true })).toMatchObject({ created: ["model-side: Isuzu bakkies"], updated: ["home-top: New-car deals this month"], written: false });
    const bad = parseBanners(file.replace('["isuzu"]', '["isuzo"]'), "json", inPublic).rows;
    const result = await importBanners(database().db, bad);
    expect(result.written).toBe(false);
    expect(result.issues[0]).toMatchObject({ row: 2, column: "target_brands", message: expect.stringMatching(/did you mean isuzu/) });
    expect(await count()).toBe(before);
    const [home] = await database().db.select().from(banners).where(eq(banners.title, "New-car deals this month"));
    expect(home!.active).toBe(true);
  });

  it("upserts by slot and title in one go, then finds them unchanged", async () => {
    const { rows } = parseBanners(file, "json", inPublic);
    expect(await importBanners(database().db, rows)).toMatchObject({ issues: [], written: true });
    const [home] = await database().db.select().from(banners).where(eq(banners.title, "New-car deals this month"));
    expect(home).toMatchObject({ active: false, isDemo: false, altText: "Deals" });
    expect((await bannerForSlot("model-side", { brand: "isuzu", bodyType: "suv" }))?.altText).toBe("Isuzu bakkies");
    expect(await importBanners(database().db, rows)).toMatchObject({ unchanged: ["home-top: New-car deals this month", "model-side: Isuzu bakkies"], written: false });
  });
});
