import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";
import { publicUrl } from "~/lib/env.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { childSitemapEntries } from "../seo/sitemap.server";
import { atomFeed } from "./atom.server";
import { articleDetail, loadArticle, loadNewsCategory, loadNewsList, newsHub } from "./news.server";
import { NEWS_PAGE_SIZE } from "./news-rules";

useTestDatabase({ seed: true });

const req = (path: string) => new Request(`http://localhost${path}`);

/** What a loader threw: a redirect's status and location, or a data() error's status. */
async function thrown(promise: Promise<unknown>): Promise<{ status?: number; location?: string | null }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Response) return { status: err.status, location: err.headers.get("Location") };
    return { status: (err as { init?: { status?: number } }).init?.status };
  }
  throw new Error("expected the loader to throw");
}

describe("news pages on the seeded content", () => {
  it("the hub: a lead story, the latest others, each category's latest", async () => {
    const hub = await newsHub();
    expect(hub.lead).not.toBeNull();
    expect(hub.latest.map((a) => a.id)).not.toContain(hub.lead!.id);
    expect(hub.sections.length).toBeGreaterThan(1);
    for (const section of hub.sections) {
      expect(section.articles.length).toBeLessThanOrEqual(3);
      expect(section.articles.every((a) => a.categoryId === section.category.id)).toBe(true);
      const dates = section.articles.map((a) => a.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });

  it("the all-news list: newest first, 12 a page, canonical and prev/next, 404 past the end, 400 on a bad page", async () => {
    const first = await loadNewsList(req("/actualite-auto/toute-l-actualite"));
    expect(first.articles.length).toBe(Math.min(NEWS_PAGE_SIZE, first.total));
    expect(first).toMatchObject({ page: 1, prevPath: null, canonicalPath: "/actualite-auto/toute-l-actualite" });
    const dates = first.articles.map((a) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = await loadNewsList(req(`/actualite-auto/toute-l-actualite?page=${first.pageCount}`));
    expect(last.nextPath).toBeNull();
    if (first.pageCount > 1) expect(first.nextPath).toBe("/actualite-auto/toute-l-actualite?page=2");
    expect(await thrown(loadNewsList(req(`/actualite-auto/toute-l-actualite?page=${first.pageCount + 1}`)))).toEqual({ status: 404 });
    expect(await thrown(loadNewsList(req("/actualite-auto/toute-l-actualite?page=abc")))).toEqual({ status: 400 });
  });

  it("a category: numeric id else 404, stale slug 301", async () => {
    const page = await loadNewsCategory(req("/actualite-auto/2-essais"), { categIdSlug: "2-essais" });
    expect(page.category.slug).toBe("essais");
    expect(page.articles.every((a) => a.categorySlug === "essais")).toBe(true);
    expect(await thrown(loadNewsCategory(req("/actualite-auto/2-old"), { categIdSlug: "2-old" }))).toEqual({ status: 301, location: "/actualite-auto/2-essais" });
    expect(await thrown(loadNewsCategory(req("/actualite-auto/actualite-auto"), { categIdSlug: "actualite-auto" }))).toEqual({ status: 404 });
    expect(await thrown(loadNewsCategory(req("/actualite-auto/999-x"), { categIdSlug: "999-x" }))).toEqual({ status: 404 });
  });

  it("an article: canonical URL, models linked to their catalogue pages, related articles; stale slug 301; toute-actualite served", async () => {
    const hub = await newsHub();
    const lead = hub.lead!;
    const [, , categSlug, idSlug] = lead.url.split("/");
    const page = await loadArticle(req(lead.url), { categSlug, articleIdSlug: idSlug });
    expect(page.canonicalPath).toBe(lead.url);
    expect(page.article.bodyHtml).toMatch(/^<(p|h2)/);
    expect(page.article.related.length).toBeGreaterThan(0);
    expect(page.article.related.map((a) => a.id)).not.toContain(lead.id);
    expect(await thrown(loadArticle(req(`/actualite-auto/wrong/${lead.id}-old`), { categSlug: "wrong", articleIdSlug: `${lead.id}-old` }))).toEqual({
      status: 301,
      location: lead.url,
    });
    const viaSuggestion = await loadArticle(req(`/actualite-auto/toute-actualite/${lead.id}-${lead.slug}`), { categSlug: "toute-actualite", articleIdSlug: `${lead.id}-${lead.slug}` });
    expect(viaSuggestion.canonicalPath).toBe(lead.url);
    expect(await thrown(loadArticle(req("/actualite-auto/essais/abc"), { categSlug: "essais", articleIdSlug: "abc" }))).toEqual({ status: 404 });
    expect(await thrown(loadArticle(req("/actualite-auto/essais/999999-x"), { categSlug: "essais", articleIdSlug: "999999-x" }))).toEqual({ status: 404 });

    const withModels = (await articleDetail(1012))!;
    expect(withModels.models.map((m) => m.url)).toContain("/guide-auto/voitures-neuves/marque/toyota/modele/" + withModels.models[0]!.id + "-hilux-double-cab");
    // Articles sharing its models come first among the related.
    expect(withModels.related.length).toBe(4);
  });

  it("the Atom feed parses with an independent parser: 30 newest entries with id, updated, author, link, summary and content", async () => {
    const xml = await atomFeed("https://voitura.example");
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBe("Voitura car news");
    expect(feed.updated).toBeInstanceOf(Date);
    expect(feed.self).toBe("https://voitura.example/atom.xml");
    const hub = await newsHub();
    expect(feed.items.length).toBe(Math.min(30, hub.total));
    const entry = feed.items[0]!;
    expect(entry.id).toMatch(/^https:\/\/voitura\.example\/actualite-auto\/[a-z-]+\/\d+-[a-z0-9-]+$/);
    expect(entry.url).toBe(entry.id);
    expect(entry.updated).toBeInstanceOf(Date);
    expect(entry.published).toBeInstanceOf(Date);
    expect(entry.authors[0]!.name).toBeTruthy();
    expect(entry.description).toBeTruthy();
    expect(entry.content).toMatch(/<p>/);
    const published = feed.items.map((i) => i.published!.getTime());
    expect([...published].sort((a, b) => b - a)).toEqual(published);
    expect(xml).toMatch(/<content type="html">/);
  });

  it("the news sitemap lists the hub, list pages, categories and every article", async () => {
    const entries = (await childSitemapEntries("news-1.xml"))!;
    const paths = entries.map((e) => e.path);
    expect(paths[0]).toBe("/actualite-auto");
    expect(paths).toContain("/actualite-auto/toute-l-actualite");
    expect(paths).toContain("/actualite-auto/1-nouveautes");
    const hub = await newsHub();
    expect(paths.filter((p) => /\/\d+-[^/]+$/.test(p) && p.split("/").length === 4)).toHaveLength(hub.total);
    expect(entries.filter((e) => e.path.split("/").length === 4).every((e) => e.lastmod instanceof Date)).toBe(true);
    expect(publicUrl()).toMatch(/^https?:/);
  });
});
