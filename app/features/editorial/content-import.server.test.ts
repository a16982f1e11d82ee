import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cached } from "~/lib/cache.server";
import { articleModels, articles, dataRevisions, guides } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import type { ContentFile } from "./content-import";
import { importContent, readContentFiles } from "./content-import.server";

const database = useTestDatabase({ seed: true });
const fixtureRoot = path.resolve("tests/fixtures/content");

const counts = async () => {
  const db = database().db;
  const [a] = await db.select({ n: count() }).from(articles);
  const [g] = await db.select({ n: count() }).from(guides);
  const [m] = await db.select({ n: count() }).from(articleModels);
  return { articles: a!.n, guides: g!.n, models: m!.n };
};

const revision = async () => (await database().db.select().from(dataRevisions).where(eq(dataRevisions.scope, "editorial")))[0]?.revision ?? 0;

describe("content import against the database", () => {
  it("the seed imported the project's content", async () => {
    const c = await counts();
    expect(c.articles).toBeGreaterThan(0);
    expect(c.guides).toBeGreaterThan(0);
  });

  it("replaces the content with the given files in one go, then a re-import changes nothing", async () => {
    const files = await readContentFiles(fixtureRoot);
    expect(files.map((f) => f.path)).toEqual([
      "content/guides/vignette/fixture-renew-disc.md",
      "content/news/9001-fixture-bakkie-launch.md",
      "content/news/9002-fixture-road-test.md",
    ]);
    const before = await revision();
    const cachedValue = cached("test:editorial", { ttlMs: 60_000, tags: ["editorial"] }, async () => "old");
    expect(await cachedValue).toBe("old");

    const first = await importContent(database().db, files);
    expect(first.issues).toEqual([]);
    expect(first.written).toBe(true);
    expect(first.articles).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(first.articles.deleted).toBeGreaterThan(0);
    expect(first.guides.created).toBe(1);
    expect(await revision()).toBe(before + 1);
    expect(await counts()).toEqual({ articles: 2, guides: 1, models: 1 });
    // The import dropped this process's editorial cache.
    expect(await cached("test:editorial", { ttlMs: 60_000, tags: ["editorial"] }, async () => "new")).toBe("new");

    const [stored] = await database().db.select().from(articles).where(eq(articles.id, 9001));
    expect(stored).toMatchObject({ slug: "fixture-bakkie-launch", featured: true, coverBodyType: "bakkie", readingMinutes: 1, sourcePath: "content/news/9001-fixture-bakkie-launch.md" });
    expect(stored!.bodyHtml).toContain('<a href="https://naamsa.net/" rel="noopener noreferrer">NAAMSA</a>');
    expect(stored!.bodyHtml).not.toContain("<script");
    expect(stored!.searchText).toBe("fixture a new bakkie arrives");
    const [roadTest] = await database().db.select().from(articles).where(eq(articles.id, 9002));
    // markdown-it refuses the javascript: link: it stays text, never an anchor.
    expect(roadTest!.bodyHtml).not.toContain("<a");

    const again = await importContent(database().db, files);
    expect(again).toMatchObject({ written: false, articles: { created: 0, updated: 0, unchanged: 2, deleted: 0 }, guides: { unchanged: 1 } });
    expect(await revision()).toBe(before + 1);
  });

  it("updates a changed file, removes a deleted one, and dry runs write nothing", async () => {
    const files = await readContentFiles(fixtureRoot);
    const changed: ContentFile[] = files
      .filter((f) => !f.path.includes("9002"))
      .map((f) => (f.path.includes("9001") ? { ...f, text: f.text.replace("A new **bakkie** arrives.", "A new **bakkie** arrives today.") } : f));
    const dry = await importContent(database().db, changed, { dryRun: true });
    expect(dry).toMatchObject({ written: false, articles: { updated: 1, deleted: 1, unchanged: 0 } });
    expect((await counts()).articles).toBe(2);

    const result = await importContent(database().db, changed);
    expect(result).toMatchObject({ written: true, articles: { created: 0, updated: 1, deleted: 1, unchanged: 0 } });
    expect((await counts()).articles).toBe(1);
    const [stored] = await database().db.select({ bodyHtml: articles.bodyHtml }).from(articles).where(eq(articles.id, 9001));
    expect(stored!.bodyHtml).toContain("arrives today.");
  });

  it("is all or nothing: one bad file or unknown reference and nothing is written", async () => {
    const before = await counts();
    const beforeRevision = await revision();
    const files = await readContentFiles(fixtureRoot);
    const withUnknownModel = files.map((f) => (f.path.includes("9001") ? { ...f, text: f.text.replace("toyota/hilux-double-cab", "toyota/no-such-model") } : f));
    const unknownModel = await importContent(database().db, withUnknownModel);
    expect(unknownModel.written).toBe(false);
    expect(unknownModel.issues).toEqual([{ file: "content/news/9001-fixture-bakkie-launch.md", message: 'models: no catalogue model "toyota/no-such-model"' }]);

    const withUnknownCategory = files.map((f) => (f.path.includes("9002") ? { ...f, text: f.text.replace("category: essais", "category: gossip") } : f));
    const unknownCategory = await importContent(database().db, withUnknownCategory);
    expect(unknownCategory.issues[0]!.message).toMatch(/^category: unknown news category "gossip"/);

    const badTaxonomy = await importContent(database().db, [...files, { ...files[0]!, path: "content/guides/tax-free/fixture-renew-disc.md" }]);
    expect(badTaxonomy.issues[0]!.message).toMatch(/unknown guide taxonomy folder "tax-free"/);

    const badFrontMatter = await importContent(database().db, [...files, { path: "content/news/9003-broken.md", text: "no front matter" }]);
    expect(badFrontMatter.issues).toHaveLength(1);

    expect(await counts()).toEqual(before);
    expect(await revision()).toBe(beforeRevision);
  });
});
