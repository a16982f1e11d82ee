import { asc } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db } from "~/lib/db.server";
import { guideTaxonomies, newsCategories } from "../../../db/schema";

export interface NewsCategoryItem {
  id: number;
  slug: string;
  name: string;
  description: string;
}

export interface GuideTaxonomyItem {
  slug: string;
  name: string;
  menuLabel: string;
  description: string;
}

export function newsCategoryMenu(): Promise<NewsCategoryItem[]> {
  return cached("editorial:news-categories", { ttlMs: 10 * 60_000, tags: ["editorial"] }, () =>
    db()
      .select({ id: newsCategories.id, slug: newsCategories.slug, name: newsCategories.name, description: newsCategories.description })
      .from(newsCategories)
      .orderBy(asc(newsCategories.position), asc(newsCategories.id)),
  );
}

export function guideTaxonomyMenu(): Promise<GuideTaxonomyItem[]> {
  return cached("editorial:guide-taxonomies", { ttlMs: 10 * 60_000, tags: ["editorial"] }, () =>
    db()
      .select({
        slug: guideTaxonomies.slug,
        name: guideTaxonomies.name,
        menuLabel: guideTaxonomies.menuLabel,
        description: guideTaxonomies.description,
      })
      .from(guideTaxonomies)
      .orderBy(asc(guideTaxonomies.position), asc(guideTaxonomies.id)),
  );
}
