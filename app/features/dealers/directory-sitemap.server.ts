import { sql } from "drizzle-orm";
import { cached } from "~/lib/cache.server";
import { db, resultRows } from "~/lib/db.server";
import { dealerUrl } from "./urls";

/** Every dealer's page for the sitemaps (lastmod: the dealer's last change), by id so pages stay stable. */
export function dealerSitemapEntries(): Promise<{ path: string; lastmod?: Date }[]> {
  return cached("dealers:sitemap", { ttlMs: 10 * 60_000, tags: ["dealers"] }, async () => {
    const rows = resultRows<{ id: number; slug: string; updated_at: string | Date }>(await db().execute(sql`select id, slug, updated_at from dealers order by id`));
    return rows.map((r) => ({
      path: dealerUrl({ id: Number(r.id), slug: r.slug }),
      lastmod: r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at),
    }));
  });
}
