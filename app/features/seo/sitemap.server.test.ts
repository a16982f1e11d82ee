import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { catalogueEntries, childSitemapEntries, childSitemaps, robotsTxt, sectionPaths, sitemapIndexXml, staticPaths, urlSetXml } from "./sitemap.server";

const database = useTestDatabase({ seed: true });

/** Well-formedness as far as these files go: one declaration, balanced tags, only the five XML entities. */
function expectWellFormedXml(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.replace(/^<\?xml[^>]*\?>/, "");
  expect(body).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+);)/);
  const stack: string[] = [];
  for (const [, closing, name] of body.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*>/g)) {
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stack).toEqual([]);
  expect(body.replace(/<[^>]*>/g, "")).not.toMatch(/[<>]/);
}

async function onSaleCounts() {
  const [row] = resultRows<{ brands: number; models: number; versions: number }>(
    await database().db.execute(sql`select
      (select count(distinct m.brand_id)::int from models m join versions v on v.model_id = m.id where v.on_sale) as brands,
      (select count(distinct v.model_id)::int from versions v where v.on_sale) as models,
      (select count(*)::int from versions where on_sale) as versions`),
  );
  return row!;
}

describe("sitemaps", () => {
  it("the index lists the pages sitemap and every catalogue page with absolute URLs", async () => {
    const children = await childSitemaps();
    // The catalogue first; the editorial parts (news, guides) follow.
    expect(children.map((c) => c.file).slice(0, 2)).toEqual(["pages.xml", "catalogue-1.xml"]);
    expect(children.map((c) => c.file)).toContain("news-1.xml");
    expect(children.map((c) => c.file).at(-1)).toBe("guides.xml");
    const xml = sitemapIndexXml(children);
    expectWellFormedXml(xml);
    expect(xml).toContain(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`);
    expect(xml).toContain(`<loc>${publicUrl()}/sitemaps/pages.xml</loc>`);
    expect(xml).toContain(`<loc>${publicUrl()}/sitemaps/catalogue-1.xml</loc>`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
  });

  it("the catalogue sitemap holds one URL per brand, model and version on sale", async () => {
    const counts = await onSaleCounts();
    const entries = await catalogueEntries();
    const kind = (p: string) => (/\/modele\/[^/]+\/\d+-/.test(p) ? "version" : p.includes("/modele/") ? "model" : "brand");
    expect(entries.filter((e) => kind(e.path) === "brand")).toHaveLength(counts.brands);
    expect(entries.filter((e) => kind(e.path) === "model")).toHaveLength(counts.models);
    expect(entries.filter((e) => kind(e.path) === "version")).toHaveLength(counts.versions);
    expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length);

    const xml = urlSetXml((await childSitemapEntries("catalogue-1.xml"))!);
    expectWellFormedXml(xml);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(counts.brands + counts.models + counts.versions);
    for (const loc of locs) expect(loc.startsWith(`${publicUrl()}/guide-auto/voitures-neuves/marque/`)).toBe(true);
    expect(locs).toContain(`${publicUrl()}/guide-auto/voitures-neuves/marque/toyota/${(await brandId("toyota"))}`);
  });

  it("leaves versions off sale out", async () => {
    const { db } = database();
    const [v] = resultRows<{ id: number; slug: string }>(await db.execute(sql`select id, slug from versions order by id limit 1`));
    const before = (await catalogueEntries()).length;
    await db.execute(sql`update versions set on_sale = false where id = ${v!.id}`);
    try {
      const { invalidate } = await import("~/lib/cache.server");
      invalidate("catalogue");
      const after = await catalogueEntries();
      expect(after.some((e) => e.path.endsWith(`/${v!.id}-${v!.slug}`))).toBe(false);
      expect(after.length).toBeLessThan(before);
    } finally {
      await db.execute(sql`update versions set on_sale = true where id = ${v!.id}`);
      (await import("~/lib/cache.server")).invalidate("catalogue");
    }
  });

  it("pages the catalogue and answers nothing for unknown files", async () => {
    const total = (await catalogueEntries()).length;
    const children = await childSitemaps(400);
    const catalogueFiles = Array.from({ length: Math.ceil(total / 400) }, (_, i) => `catalogue-${i + 1}.xml`);
    expect(children.map((c) => c.file).slice(0, catalogueFiles.length + 1)).toEqual(["pages.xml", ...catalogueFiles]);
    const pages = await Promise.all(catalogueFiles.map((file) => childSitemapEntries(file, 400)));
    expect(pages.map((p) => p!.length).reduce((a, b) => a + b, 0)).toBe(total);
    expect(pages[0]).toHaveLength(400);
    for (const file of [`catalogue-${Math.ceil(total / 400) + 1}.xml`, "catalogue-0.xml", "catalogue.xml", "pages-1.xml", "guides-1.xml", "nope.xml", "catalogue-1.txt", "../x.xml"]) {
      expect(await childSitemapEntries(file, 400), file).toBeUndefined();
    }
  });

  it("the pages sitemap has home, the catalogue sections and the static pages", async () => {
    const entries = (await childSitemapEntries("pages.xml"))!;
    expect(entries.map((e) => e.path)).toEqual(["/", ...sectionPaths, ...staticPaths]);
    expectWellFormedXml(urlSetXml(entries));
  });

  it("the guides sitemap has every practical-guide taxonomy, each followed by its guides", async () => {
    const entries = (await childSitemapEntries("guides.xml"))!;
    const taxonomies = resultRows<{ slug: string }>(await database().db.execute(sql`select slug from guide_taxonomies order by position, id`));
    const taxonomyPaths = taxonomies.map((t) => `/guide-pratique/${t.slug}`);
    expect(entries.filter((e) => e.path.split("/").length === 3).map((e) => e.path)).toEqual(taxonomyPaths);
    let taxonomy = "";
    for (const entry of entries) {
      if (entry.path.split("/").length === 3) taxonomy = entry.path;
      else {
        expect(entry.path.startsWith(`${taxonomy}/`), entry.path).toBe(true);
        expect(entry.lastmod).toBeInstanceOf(Date);
      }
    }
    expectWellFormedXml(urlSetXml(entries));
  });

  it("escapes URLs in the XML", () => {
    const xml = urlSetXml([{ path: "/a?b=1&c=<2>" }]);
    expect(xml).toContain("/a?b=1&amp;c=&lt;2&gt;</loc>");
    expectWellFormedXml(xml);
  });

  it("robots.txt allows all but personal and POST-only paths and points at the index", () => {
    const text = robotsTxt();
    expect(text).toContain("User-agent: *\nAllow: /\n");
    for (const path of ["/newsletter", "/captcha", "/build-id", "/api.php", "/mon-compte", "/login", "/register"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${publicUrl()}/sitemap.xml\n`);
  });
});

async function brandId(slug: string): Promise<number> {
  const [row] = resultRows<{ id: number }>(await database().db.execute(sql`select id from brands where slug = ${slug}`));
  return row!.id;
}
