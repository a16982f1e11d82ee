// Reads of the practical-guide pages (/guide-pratique/{taxonomy} and /{taxonomy}/{slug}) and
// their sitemap entries. Guides change only when the content importer runs; it drops the
// "editorial" cache tag.
import { and, asc, eq } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { guides, guideTaxonomies } from "../../../db/schema";
import { guidePath, guideTaxonomyPath, isContentSlug } from "./guide-urls";

const pageCache = { ttlMs: 10 * 60_000, tags: ["editorial"] };

export interface GuideTaxonomy {
  id: number;
  slug: string;
  name: string;
  menuLabel: string;
  description: string;
}

export interface GuideCard {
  slug: string;
  title: string;
  summary: string;
  readingMinutes: number;
  updatedAt: Date;
}

interface GuideDetail extends GuideCard {
  bodyHtml: string;
}

interface TaxonomyPageData {
  taxonomy: GuideTaxonomy;
  /** The taxonomy's guides in their reading order (position, then title). */
  guides: GuideCard[];
  /** Every taxonomy, in menu order, for the links to the others. */
  taxonomies: GuideTaxonomy[];
}

interface GuidePageData extends TaxonomyPageData {
  guide: GuideDetail;
}

const taxonomyColumns = {
  id: guideTaxonomies.id,
  slug: guideTaxonomies.slug,
  name: guideTaxonomies.name,
  menuLabel: guideTaxonomies.menuLabel,
  description: guideTaxonomies.description,
};

const cardColumns = {
  slug: guides.slug,
  title: guides.title,
  summary: guides.summary,
  readingMinutes: guides.readingMinutes,
  updatedAt: guides.updatedAt,
};

function allTaxonomies(): Promise<GuideTaxonomy[]> {
  return cached("editorial:guide-taxonomies:full", pageCache, () =>
    db().select(taxonomyColumns).from(guideTaxonomies).orderBy(asc(guideTaxonomies.position), asc(guideTaxonomies.id)),
  );
}

/** A taxonomy with its guides, or null when no taxonomy has this slug. Only known slugs are cached. */
export async function taxonomyPage(taxonomySlug: string): Promise<TaxonomyPageData | null> {
  if (!isContentSlug(taxonomySlug)) return null;
  const taxonomies = await allTaxonomies();
  const taxonomy = taxonomies.find((t) => t.slug === taxonomySlug);
  if (!taxonomy) return null;
  return cached(`editorial:guide-taxonomy:${taxonomy.slug}`, pageCache, async () => {
    const cards = await db()
      .select(cardColumns)
      .from(guides)
      .where(eq(guides.taxonomyId, taxonomy.id))
      .orderBy(asc(guides.position), asc(guides.title), asc(guides.id));
    return { taxonomy, guides: cards, taxonomies };
  });
}

/** A guide with its taxonomy and the taxonomy's other guides, or null when either slug is unknown. */
export async function guidePage(taxonomySlug: string, guideSlug: string): Promise<GuidePageData | null> {
  if (!isContentSlug(guideSlug)) return null;
  const page = await taxonomyPage(taxonomySlug);
  if (!page || !page.guides.some((g) => g.slug === guideSlug)) return null;
  return cached(`editorial:guide:${page.taxonomy.slug}/${guideSlug}`, pageCache, async () => {
    const rows = await db()
      .select({ ...cardColumns, bodyHtml: guides.bodyHtml })
      .from(guides)
      .where(and(eq(guides.taxonomyId, page.taxonomy.id), eq(guides.slug, guideSlug)))
      .limit(1);
    const guide = rows[0];
    return guide ? { ...page, guide } : null;
  });
}

interface GuideSitemapEntry {
  path: string;
  lastmod?: Date;
}

/** Every taxonomy page (lastmod: its newest guide) and every guide page (lastmod: updated), in menu order. */
export function guideSitemapEntries(): Promise<GuideSitemapEntry[]> {
  return cached("editorial:guide-sitemap", pageCache, async () => {
    const rows = await db()
      .select({ taxonomySlug: guideTaxonomies.slug, guideSlug: guides.slug, updatedAt: guides.updatedAt })
      .from(guideTaxonomies)
      .leftJoin(guides, eq(guides.taxonomyId, guideTaxonomies.id))
      .orderBy(asc(guideTaxonomies.position), asc(guideTaxonomies.id), asc(guides.position), asc(guides.title));
    const out: GuideSitemapEntry[] = [];
    const taxonomyEntries = new Map<string, GuideSitemapEntry>();
    for (const row of rows) {
      let taxonomy = taxonomyEntries.get(row.taxonomySlug);
      if (!taxonomy) {
        taxonomy = { path: guideTaxonomyPath(row.taxonomySlug) };
        taxonomyEntries.set(row.taxonomySlug, taxonomy);
        out.push(taxonomy);
      }
      if (row.guideSlug === null || row.updatedAt === null) continue;
      const updatedAt = new Date(row.updatedAt);
      if (!taxonomy.lastmod || updatedAt > taxonomy.lastmod) taxonomy.lastmod = updatedAt;
      out.push({ path: guidePath(row.taxonomySlug, row.guideSlug), lastmod: updatedAt });
    }
    return out;
  });
}
