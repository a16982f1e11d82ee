import { sql } from "drizzle-orm";
import { type Executor, resultRows } from "~/lib/db.server";
import { jsonRecordset } from "~/lib/json-rows.server";
import { mileageBand, priceRatingCodes, priceRatingOf } from "./price-rating";

// The refresh of the stored price ratings (price-rating.ts has the rules). Each published ad is
// rated against the other published ads of the same model (the catalogue's model, else the same
// make and model names), a year either side, in its mileage band. Only ads whose figures moved
// are written; updated_at (which the search index follows) moves only when the rating itself does.

interface RatedAd {
  id: number;
  group: string;
  year: number;
  km: number;
  price: number;
  rating: number;
  median: number | null;
  comparables: number | null;
}

// Ads read per query: the models are taken in groups up to about this many live ads.
const READ_BATCH = 60_000;
const WRITE_BATCH = 5_000;

interface RefreshResult {
  rated: number;
  changed: number;
}

/**
 * Recomputes the ratings of the published ads of `modelIds` (every published ad when absent,
 * the ads without a catalogue model included).
 */
export async function refreshPriceRatings(
  db: Executor,
  options: { modelIds?: readonly number[]; onProgress?: (done: RefreshResult, total: number) => void } = {},
): Promise<RefreshResult> {
  const result: RefreshResult = { rated: 0, changed: 0 };
  const counts = resultRows<{ model_id: number; n: number }>(
    await db.execute(sql`select model_id, count(*)::int as n from used_ads
      where status = 'published' and model_id is not null
      ${options.modelIds ? sql`and model_id = any(${sql.raw(`'{${options.modelIds.map(Number).filter(Number.isInteger).join(",")}}'::int[]`)})` : sql``}
      group by model_id order by model_id`),
  );
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  let batch: number[] = [];
  let size = 0;
  const flush = async () => {
    if (!batch.length) return;
    const ids = `'{${batch.join(",")}}'::int[]`;
    await rateGroup(db, sql`status = 'published' and model_id = any(${sql.raw(ids)})`, result);
    options.onProgress?.(result, total);
    batch = [];
    size = 0;
  };
  for (const { model_id, n } of counts) {
    if (size + n > READ_BATCH) await flush();
    batch.push(model_id);
    size += n;
  }
  await flush();
  if (!options.modelIds) await rateGroup(db, sql`status = 'published' and model_id is null`, result);
  return result;
}

async function rateGroup(db: Executor, where: ReturnType<typeof sql>, result: RefreshResult): Promise<void> {
  const rows = resultRows<{ id: number; g: string; year: number; km: number; price: number; rating: number; median: number | null; comparables: number | null }>(
    await db.execute(sql`select id, coalesce(model_id::text, lower(make_name) || '|' || lower(model_name)) as g,
      year::int as year, mileage_km as km, price_zar as price, price_rating::int as rating,
      rating_median as median, rating_comparables::int as comparables
      from used_ads where ${where}`),
  );
  const ads: RatedAd[] = rows.map((r) => ({ id: r.id, group: r.g, year: r.year, km: r.km, price: r.price, rating: r.rating, median: r.median, comparables: r.comparables }));
  result.rated += ads.length;
  const changes = computeRatingChanges(ads);
  for (let i = 0; i < changes.length; i += WRITE_BATCH) {
    const chunk = changes.slice(i, i + WRITE_BATCH);
    await db.execute(sql`update used_ads u set
        price_rating = x.rating,
        rating_median = x.median,
        rating_comparables = x.comparables,
        updated_at = case when u.price_rating is distinct from x.rating then now() else u.updated_at end
      from ${jsonRecordset(chunk, [["id", "int"], ["rating", "smallint"], ["median", "int"], ["comparables", "smallint"]])}
      where u.id = x.id`);
    result.changed += chunk.length;
  }
}

interface RatingChange {
  id: number;
  rating: number;
  median: number | null;
  comparables: number | null;
}

/** The ads whose stored rating, median or count differ from what the rules give now. Pure. */
function computeRatingChanges(ads: readonly RatedAd[]): RatingChange[] {
  // Per model and year, the ads sorted by mileage: a band is then two binary searches.
  const buckets = new Map<string, RatedAd[]>();
  for (const ad of ads) {
    const key = `${ad.group}#${ad.year}`;
    let list = buckets.get(key);
    if (!list) buckets.set(key, (list = []));
    list.push(ad);
  }
  for (const list of buckets.values()) list.sort((a, b) => a.km - b.km);

  const changes: RatingChange[] = [];
  const prices: number[] = [];
  for (const ad of ads) {
    const { min, max } = mileageBand(ad.km);
    prices.length = 0;
    for (let year = ad.year - 1; year <= ad.year + 1; year++) {
      const list = buckets.get(`${ad.group}#${year}`);
      if (!list) continue;
      for (let i = lowerBound(list, min); i < list.length && list[i]!.km <= max; i++) {
        if (list[i]!.id !== ad.id) prices.push(list[i]!.price);
      }
    }
    const rated = priceRatingOf(ad.price, prices);
    const next = rated
      ? { rating: priceRatingCodes[rated.rating], median: rated.median, comparables: Math.min(rated.comparables, 32_767) }
      : { rating: 0, median: null, comparables: null };
    if (next.rating !== ad.rating || next.median !== ad.median || next.comparables !== ad.comparables) changes.push({ id: ad.id, ...next });
  }
  return changes;
}

function lowerBound(list: readonly RatedAd[], km: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.km < km) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
