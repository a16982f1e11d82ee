import { sql } from "drizzle-orm";
import { db, type Executor, resultRows } from "~/lib/db.server";
import { lowPriceGap } from "~/features/marketplace/pricing/price-rating";
import { formatRand } from "~/lib/format";

// What the moderation queue shows beside a reported ad, to help a person judge it (issue 43):
// - low-price: the price 30 % or more under the median of its five or more comparables (the
//   price rating's own figures, the rule the ad page's note for buyers follows);
// - shared-photo: a photo a seller uploaded (its content-hash key in uploaded_photos) that an ad
//   of another seller carries too: photos copied from someone else's ad;
// - shared-phone: one number on the ads of more than three private sellers: a "private seller"
//   who is one trader or one scammer under several accounts.
// One query per kind for the whole list, never one per ad. Every ad of any status counts as the
// other side: a scammer copies the photos of a sold car, and a removed ad's number stays telling.

export type ModerationSignal = { kind: "low-price" | "shared-photo" | "shared-phone"; message: string };

/** More private sellers than this on one number is a signal. */
const SHARED_PHONE_SELLERS = 3;
/** The other ads a shared-photo message names before "and N more". */
const NAMED_ADS = 10;

/** The ads' signals, every id asked present (an empty list when it has none), in the order asked. */
export async function adSignals(adIds: number[], executor: Executor = db()): Promise<Map<number, ModerationSignal[]>> {
  const ids = [...new Set(adIds.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647))];
  const signals = new Map<number, ModerationSignal[]>(adIds.map((id) => [id, []]));
  if (ids.length === 0) return signals;
  // One text value cast to int[] keeps each read a single plain statement (planned once, then kept).
  const idList = sql`${`{${ids.join(",")}}`}::int[]`;
  const add = (id: number, signal: ModerationSignal) => signals.get(id)?.push(signal);

  const [priced, photos, phones] = await Promise.all([
    lowPriceRows(executor, idList),
    sharedPhotoRows(executor, idList),
    sharedPhoneRows(executor, idList),
  ]);
  for (const row of priced) {
    const message = lowPriceMessage(row);
    if (message) add(row.id, { kind: "low-price", message });
  }
  for (const row of photos) add(row.id, { kind: "shared-photo", message: sharedPhotoMessage(row.others, row.sellers) });
  for (const row of phones) add(row.id, { kind: "shared-phone", message: `This phone number is on the ads of ${row.sellers} private sellers` });
  return signals;
}

/** "R 84 000 (35 %) below the median of 7 similar ads", or null when the price is not that low. */
function lowPriceMessage(ad: { price: number; median: number | null; comparables: number | null }): string | null {
  const gap = lowPriceGap(ad);
  if (gap === null || ad.median === null) return null;
  // Rounded down: the figure never claims a wider gap than there is (34.9 % reads 34 %).
  const percent = Math.floor((gap * 100) / ad.median);
  return `${formatRand(gap)} (${percent} %) below the median of ${ad.comparables} similar ads`;
}

/** "A photo of this ad is also on ad 12, of another seller" / "… on ads 12 and 34, of 2 other sellers". */
export function sharedPhotoMessage(otherAds: readonly number[], sellers: number): string {
  const sorted = [...otherAds].sort((a, b) => a - b);
  const named = sorted.slice(0, NAMED_ADS);
  const more = sorted.length - named.length;
  const list =
    named.length === 1
      ? `ad ${named[0]}`
      : more > 0
        ? `ads ${named.join(", ")} and ${more} more`
        : `ads ${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  return `A photo of this ad is also on ${list}, of ${sellers === 1 ? "another seller" : `${sellers} other sellers`}`;
}

type IdList = ReturnType<typeof sql>;

function lowPriceRows(executor: Executor, idList: IdList) {
  return executor
    .execute(
      sql`select id, price_zar as price, rating_median as median, rating_comparables::int as comparables
        from used_ads where id = any(${idList}) and rating_median is not null`,
    )
    .then((result) => resultRows<{ id: number; price: number; median: number | null; comparables: number | null }>(result));
}

// The seller of an ad: the account of a private seller, the dealer of a dealer's ad (null, and
// so never equal to another, when the row has neither).
const sellerOf = (ad: string) =>
  sql.raw(`case when ${ad}.seller_kind = 'dealer' then 'dealer:' || ${ad}.dealer_id else 'user:' || ${ad}.seller_user_id end`);

function sharedPhotoRows(executor: Executor, idList: IdList) {
  // Only keys in the upload ledger: the demo photos are the site's own, shared by design. The other
  // ads' photos are found by key: without an index on used_ad_photos.storage_key, read in full.
  return executor
    .execute(
      sql`with asked as (
          select distinct a.id, p.storage_key, ${sellerOf("a")} as seller
          from used_ads a
          join used_ad_photos p on p.ad_id = a.id
          join uploaded_photos u on u.storage_key = p.storage_key
          where a.id = any(${idList})
        )
        select asked.id, json_agg(distinct o.id) as others, count(distinct ${sellerOf("o")})::int as sellers
        from asked
        join used_ad_photos op on op.storage_key = asked.storage_key and op.ad_id <> asked.id
        join used_ads o on o.id = op.ad_id
        where ${sellerOf("o")} <> asked.seller
        group by asked.id`,
    )
    .then((result) => resultRows<{ id: number; others: number[]; sellers: number }>(result));
}

// A number as the posting form stores it (internationalPhone in ad-form-schema.ts): without
// spaces, dashes, brackets and dots, a leading 0 made +27; older rows (the demo data's among them)
// are stored as typed. translate() rather than a regular expression: without an index on this very
// expression (used_ads, where seller_kind = 'private') the query computes it for every ad.
const phoneOf = (ad: string) => {
  const compact = `translate(${ad}.phone, ' -().', '')`;
  return sql.raw(`(case when ${compact} like '0%' then '+27' || substr(${compact}, 2) else ${compact} end)`);
};

function sharedPhoneRows(executor: Executor, idList: IdList) {
  return executor
    .execute(
      sql`with asked as (
          select a.id, ${phoneOf("a")} as phone from used_ads a
          where a.id = any(${idList}) and a.phone is not null and a.phone <> ''
        )
        select asked.id, count(distinct o.seller_user_id)::int as sellers
        from asked
        join used_ads o on ${phoneOf("o")} = asked.phone and o.seller_kind = 'private'
        where o.seller_user_id is not null
        group by asked.id
        having count(distinct o.seller_user_id) > ${SHARED_PHONE_SELLERS}`,
    )
    .then((result) => resultRows<{ id: number; sellers: number }>(result));
}
