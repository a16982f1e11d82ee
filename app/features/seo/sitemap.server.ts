// Sitemaps (sitemaps.org protocol 0.9): /sitemap.xml is an index of child sitemaps, each at most
// SITEMAP_PAGE_SIZE URLs: /sitemaps/pages.xml (home, static pages, catalogue sections) and
// /sitemaps/catalogue-1.xml, -2, … (every brand, model and on-sale version page), then the news
// articles (news-1.xml, …), the published used-car ads (used-cars-1.xml, …), the dealers' pages
// (dealers-1.xml, …) and the practical guides (guides.xml).
// Another part of the site adds its own child by adding a SitemapSource to `sitemapSources`.
import { sql } from "drizzle-orm";
import { brandUrl, modelUrl, versionUrl } from "~/features/catalogue/urls";
import { newsSitemapEntries } from "~/features/editorial/news.server";
import { guideSitemapEntries } from "~/features/editorial/guides.server";
import { adSitemapEntries } from "~/features/marketplace/sitemap.server";
import { dealerSitemapEntries } from "~/features/dealers/directory-sitemap.server";
import { cached } from "~/lib/cache.server";
import { db, resultRows } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { escapeHtml } from "~/lib/html";

/** The protocol allows 50 000 URLs a file; smaller files are quicker to build and to fetch. */
const SITEMAP_PAGE_SIZE = 5_000;

interface SitemapEntry {
  /** Path on this site, starting with "/". */
  path: string;
  lastmod?: Date;
}

interface SitemapSource {
  /** Child sitemap file name stem: "pages" → /sitemaps/pages.xml; a paged source gives catalogue-1.xml, catalogue-2.xml… */
  name: string;
  paged: boolean;
  entries(): Promise<SitemapEntry[]>;
}

/** Pages of the catalogue sections and the static pages, in reading order. */
export const sectionPaths = [
  "/guide-auto",
  "/guide-auto/voitures-neuves",
  "/guide-auto/voitures-electriques",
  "/guide-auto/promos-du-moment",
  "/guide-auto/voitures-haut-de-gamme",
  "/guide-auto/nouveautes-au-marche",
  "/guide-auto/avis-des-automobilistes",
  "/voitures-neuves/recherche",
  "/comparateur",
  "/marche-doccasion",
  "/marche-doccasion/rechercher",
  "/concessionnaires",
] as const;
export const staticPaths = ["/a-propos-de-nous", "/contactez-nous", "/politique-de-confidentalite-et-mentions-legales"] as const;

const toDate = (v: unknown): Date | undefined => (v === null || v === undefined ? undefined : v instanceof Date ? v : new Date(String(v)));

/** Every brand, model and version page with something on sale, brand by brand. Cached until the catalogue changes. */
export function catalogueEntries(): Promise<SitemapEntry[]> {
  return cached("seo:sitemap-catalogue", { ttlMs: 10 * 60_000, tags: ["catalogue"] }, async () => {
    const rows = resultRows<{
      kind: "brand" | "model" | "version";
      brand_id: number;
      brand_slug: string;
      model_id: number | null;
      model_slug: string | null;
      version_id: number | null;
      version_slug: string | null;
      lastmod: string | Date;
    }>(
      await db().execute(sql`
        with on_sale as (
          select v.id, v.slug, v.model_id, v.updated_at from versions v where v.on_sale
        ), live_models as (
          select m.id, m.slug, m.brand_id, greatest(m.updated_at, max(s.updated_at)) as lastmod
          from models m join on_sale s on s.model_id = m.id
          group by m.id
        )
        select 'brand' as kind, b.id as brand_id, b.slug as brand_slug, null::int as model_id, null::text as model_slug,
               null::int as version_id, null::text as version_slug, greatest(b.updated_at, max(lm.lastmod)) as lastmod, 0 as sort
        from brands b join live_models lm on lm.brand_id = b.id
        group by b.id
        union all
        select 'model', b.id, b.slug, lm.id, lm.slug, null, null, lm.lastmod, 1
        from live_models lm join brands b on b.id = lm.brand_id
        union all
        select 'version', b.id, b.slug, lm.id, lm.slug, s.id, s.slug, s.updated_at, 2
        from on_sale s join live_models lm on lm.id = s.model_id join brands b on b.id = lm.brand_id
        order by brand_slug, brand_id, sort, model_slug, model_id, version_id`),
    );
    return rows.map((r) => ({
      path:
        r.kind === "brand"
          ? brandUrl({ slug: r.brand_slug, id: r.brand_id })
          : r.kind === "model"
            ? modelUrl(r.brand_slug, { id: r.model_id!, slug: r.model_slug! })
            : versionUrl(r.brand_slug, r.model_slug!, { id: r.version_id!, slug: r.version_slug! }),
      lastmod: toDate(r.lastmod),
    }));
  });
}

async function catalogueLastmod(): Promise<Date | undefined> {
  const entries = await catalogueEntries();
  let latest: Date | undefined;
  for (const e of entries) if (e.lastmod && (!latest || e.lastmod > latest)) latest = e.lastmod;
  return latest;
}

async function pageEntries(): Promise<SitemapEntry[]> {
  const lastmod = await catalogueLastmod();
  return [{ path: "/", lastmod }, ...sectionPaths.map((path) => ({ path, lastmod })), ...staticPaths.map((path) => ({ path }))];
}

/** Every practical-guide taxonomy page and guide page (lastmod: the guide's update). */
function guideEntries(): Promise<SitemapEntry[]> {
  return guideSitemapEntries();
}

/** The children of the index, in order. */
const sitemapSources: SitemapSource[] = [
  { name: "pages", paged: false, entries: pageEntries },
  { name: "catalogue", paged: true, entries: catalogueEntries },
  { name: "news", paged: true, entries: newsSitemapEntries },
  { name: "used-cars", paged: true, entries: adSitemapEntries },
  { name: "dealers", paged: true, entries: dealerSitemapEntries },
  { name: "guides", paged: false, entries: guideEntries },
];

/** Every child file with the newest lastmod of its URLs. */
export async function childSitemaps(pageSize = SITEMAP_PAGE_SIZE): Promise<{ file: string; lastmod?: Date }[]> {
  const out: { file: string; lastmod?: Date }[] = [];
  for (const source of sitemapSources) {
    const entries = await source.entries();
    if (!source.paged) {
      out.push({ file: `${source.name}.xml`, lastmod: newest(entries) });
      continue;
    }
    const pages = Math.max(1, Math.ceil(entries.length / pageSize));
    for (let page = 1; page <= pages; page++) {
      out.push({ file: `${source.name}-${page}.xml`, lastmod: newest(entries.slice((page - 1) * pageSize, page * pageSize)) });
    }
  }
  return out;
}

function newest(entries: SitemapEntry[]): Date | undefined {
  let latest: Date | undefined;
  for (const e of entries) if (e.lastmod && (!latest || e.lastmod > latest)) latest = e.lastmod;
  return latest;
}

/** The URLs of one child file ("catalogue-2.xml"), or undefined when there is no such file. */
export async function childSitemapEntries(file: string, pageSize = SITEMAP_PAGE_SIZE): Promise<SitemapEntry[] | undefined> {
  const match = /^([a-z][a-z-]*?)(?:-([1-9]\d{0,5}))?\.xml$/.exec(file);
  if (!match) return undefined;
  const [, name, pageText] = match;
  const source = sitemapSources.find((s) => s.name === name);
  if (!source || source.paged !== (pageText !== undefined)) return undefined;
  const entries = await source.entries();
  if (!source.paged) return entries;
  const page = Number(pageText);
  const slice = entries.slice((page - 1) * pageSize, page * pageSize);
  // The first page always exists (an empty catalogue gives an empty but valid file).
  if (slice.length === 0 && page !== 1) return undefined;
  return slice;
}

const absolute = (path: string) => `${publicUrl()}${path}`;
// W3C datetime; seconds are precise enough for crawlers.
const w3cDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

export function sitemapIndexXml(children: { file: string; lastmod?: Date }[]): string {
  const items = children
    .map((c) => `<sitemap><loc>${escapeHtml(absolute(`/sitemaps/${c.file}`))}</loc>${c.lastmod ? `<lastmod>${w3cDate(c.lastmod)}</lastmod>` : ""}</sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

export function urlSetXml(entries: SitemapEntry[]): string {
  const items = entries
    .map((e) => `<url><loc>${escapeHtml(absolute(e.path))}</loc>${e.lastmod ? `<lastmod>${w3cDate(e.lastmod)}</lastmod>` : ""}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</urlset>\n`;
}

/** Paths crawlers have no business fetching: personal pages and POST-only or technical endpoints. */
const disallowedPaths = ["/newsletter", "/captcha", "/build-id", "/api.php", "/mon-compte", "/login", "/register"] as const;

export function robotsTxt(): string {
  return ["User-agent: *", "Allow: /", ...disallowedPaths.map((p) => `Disallow: ${p}`), "", `Sitemap: ${absolute("/sitemap.xml")}`, ""].join("\n");
}

/** Crawlers fetch these often; an hour in any cache is plenty, a day stale while revalidating. */
export const SEO_FILE_CACHE_CONTROL = "public, max-age=3600, stale-while-revalidate=86400";
