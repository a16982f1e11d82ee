import { sql } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db, resultRows } from "~/lib/db.server";
import { adUrl } from "./urls";

/** Every published ad's page for the sitemaps (lastmod: the ad's last change), oldest first so pages stay stable. */
export function adSitemapEntries(): Promise<{ path: string; lastmod?: Date }[]> {
  return cached("marketplace:sitemap-ads", { ttlMs: 5 * 60_000, tags: ["marketplace"] }, async () => {
    const rows = resultRows<{ id: number; slug: string; updated_at: string | Date }>(
      await db().execute(sql`select id, slug, updated_at from used_ads where status = 'published' order by id`),
    );
    return rows.map((r) => ({
      path: adUrl({ id: Number(r.id), slug: r.slug }),
      lastmod: r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at),
    }));
  });
}
