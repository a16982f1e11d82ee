// The demo banners for a database seeded before banners had images (migration 0010 deleted the
// three old imageless ones): inserted once at start when no banner exists at all, so an operator
// who deleted or imported banners is never overridden.
import { sql } from "drizzle-orm";
import { invalidate } from "~/lib/cache.server";
import { type Executor, resultRows } from "~/lib/db.server";
import { banners } from "../schema";
import { bannerSeed } from "./data/content";

export async function hasNoBanners(db: Executor): Promise<boolean> {
  const [row] = resultRows<{ any: boolean }>(await db.execute(sql`select exists (select 1 from banners) as any`));
  return !row?.any;
}

export async function seedDemoBanners(db: Executor): Promise<{ banners: number }> {
  await db.insert(banners).values(bannerSeed);
  invalidate("content");
  return { banners: bannerSeed.length };
}
