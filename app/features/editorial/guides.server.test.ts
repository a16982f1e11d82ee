import { beforeAll, describe, expect, it } from "vitest";
import { invalidate } from "~/lib/cache.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { guides, guideTaxonomies } from "../../../db/schema";
import { guidePage, guideSitemapEntries, taxonomyPage } from "./guides.server";

const getDb = useTestDatabase();

const guideRow = (taxonomyId: number, slug: string, position: number, updated: string) => ({
  taxonomyId,
  slug,
  title: `Guide ${slug}`,
  summary: `Summary of ${slug}.`,
  position,
  updatedAt: new Date(updated),
  readingMinutes: 4,
  bodyMarkdown: `Body of ${slug}.`,
  bodyHtml: `<p>Body of ${slug}.</p>`,
  sourcePath: `content/guides/test/${taxonomyId}/${slug}.md`,
  sourceHash: slug,
});

describe("practical-guide reads", () => {
  beforeAll(async () => {
    const { db } = getDb();
    const [licence, finance] = await db
      .insert(guideTaxonomies)
      .values([
        { slug: "permis-de-conduire", name: "Driving licence", menuLabel: "Driving licence", description: "Licences.", position: 1 },
        { slug: "financer-mon-vehicule", name: "Car finance", menuLabel: "Finance my vehicle", description: "Finance.", position: 2 },
        { slug: "vignette", name: "Licence disc", menuLabel: "Vignette", description: "Discs.", position: 3 },
      ])
      .returning({ id: guideTaxonomies.id });
    await db.insert(guides).values([
      guideRow(licence!.id, "renew-licence-card", 2, "2026-09-01T00:00:00Z"),
      guideRow(licence!.id, "learners-licence", 1, "2026-10-05T00:00:00Z"),
      guideRow(finance!.id, "balloon-payments", 1, "2026-08-01T00:00:00Z"),
    ]);
    invalidate();
  });

  it("reads a taxonomy with its guides in position order and every taxonomy for the links", async () => {
    const page = await taxonomyPage("permis-de-conduire");
    expect(page?.taxonomy).toMatchObject({ slug: "permis-de-conduire", name: "Driving licence", description: "Licences." });
    expect(page?.guides.map((g) => g.slug)).toEqual(["learners-licence", "renew-licence-card"]);
    expect(page?.guides[0]).toMatchObject({ title: "Guide learners-licence", summary: "Summary of learners-licence.", readingMinutes: 4 });
    expect(new Date(page!.guides[0]!.updatedAt).toISOString()).toBe("2026-10-05T00:00:00.000Z");
    expect(page?.taxonomies.map((t) => t.slug)).toEqual(["permis-de-conduire", "financer-mon-vehicule", "vignette"]);
  });

  it("a taxonomy without guides still has its page", async () => {
    expect((await taxonomyPage("vignette"))?.guides).toEqual([]);
  });

  it("unknown or malformed taxonomy slugs give null", async () => {
    expect(await taxonomyPage("nope")).toBeNull();
    expect(await taxonomyPage("Permis-De-Conduire")).toBeNull();
    expect(await taxonomyPage("x'; drop table guides; --")).toBeNull();
  });

  it("reads a guide with its body and its siblings", async () => {
    const page = await guidePage("permis-de-conduire", "renew-licence-card");
    expect(page?.guide).toMatchObject({ slug: "renew-licence-card", bodyHtml: "<p>Body of renew-licence-card.</p>" });
    expect(page?.guides.map((g) => g.slug)).toEqual(["learners-licence", "renew-licence-card"]);
    expect(page?.taxonomy.slug).toBe("permis-de-conduire");
  });

  it("a guide slug is only found in its own taxonomy", async () => {
    expect(await guidePage("financer-mon-vehicule", "renew-licence-card")).toBeNull();
    expect(await guidePage("permis-de-conduire", "missing")).toBeNull();
    expect(await guidePage("missing", "renew-licence-card")).toBeNull();
  });

  it("lists every taxonomy and guide for the sitemap, lastmod from the guides", async () => {
    const entries = await guideSitemapEntries();
    expect(entries.map((e) => e.path)).toEqual([
      "/guide-pratique/permis-de-conduire",
      "/guide-pratique/permis-de-conduire/learners-licence",
      "/guide-pratique/permis-de-conduire/renew-licence-card",
      "/guide-pratique/financer-mon-vehicule",
      "/guide-pratique/financer-mon-vehicule/balloon-payments",
      "/guide-pratique/vignette",
    ]);
    expect(entries[0]!.lastmod?.toISOString()).toBe("2026-10-05T00:00:00.000Z");
    expect(entries[2]!.lastmod?.toISOString()).toBe("2026-09-01T00:00:00.000Z");
    expect(entries[5]!.lastmod).toBeUndefined();
  });
});
