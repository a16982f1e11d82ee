import { sql } from "drizzle-orm";
import { db, resultRows } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { site } from "~/lib/site";
import { renewalUrl } from "./selling/ad-renewal.server";
import { DAY_MS, EXPIRY_WARNING_DAYS, LISTING_DAYS, longDate, MY_ADS_PATH } from "./my-ads/my-ads-rules";
import { markSearchIndexStale } from "./search/search-index.server";

// The ad-expiry job (the job queue runs it daily; `npm run jobs:run -- ad-expiry` by hand). Only
// private sellers' real ads take part: demo ads keep the dates the seed gave them (counted from a
// fixed reference day, so most would have run out) and dealers' stock is kept by the dealer.
//
// Each event is claimed by the UPDATE that records it (expiry_warned_at set, status expired) and
// mailed from its RETURNING rows: a second run, or a run on another instance at the same moment,
// finds nothing left to claim (PostgreSQL re-checks the WHERE on a row another transaction just
// changed), so each ad gets each mail at most once. A mail that fails after its claim is logged,
// not retried: a duplicate mail is worse than the ad's own page saying it expired.

interface ClaimedAd {
  id: number;
  slug: string;
  title: string;
  expires_at: string | Date;
  email: string;
  name: string;
}

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

export async function runAdExpiry(opts: { now?: Date } = {}): Promise<Record<string, number>> {
  const now = opts.now ?? new Date();
  const warnUntil = new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS);
  const mine = sql`u.seller_kind = 'private' and not u.is_demo and u.seller_user_id = s.id`;

  // Past their expiry: taken offline (the used_ads_touch trigger moves updated_at with the status).
  const expired = resultRows<ClaimedAd>(
    await db().execute(sql`
      update used_ads u set status = 'expired'
      from users s
      where ${mine} and u.status = 'published' and u.expires_at <= ${now.toISOString()}::timestamptz
      returning u.id, u.slug, u.title, u.expires_at, s.email, s.name`),
  );
  if (expired.length > 0) markSearchIndexStale();

  // Running out within the warning window and not yet warned.
  const warned = resultRows<ClaimedAd>(
    await db().execute(sql`
      update used_ads u set expiry_warned_at = ${now.toISOString()}::timestamptz
      from users s
      where ${mine} and u.status = 'published' and u.expiry_warned_at is null
        and u.expires_at > ${now.toISOString()}::timestamptz and u.expires_at <= ${warnUntil.toISOString()}::timestamptz
      returning u.id, u.slug, u.title, u.expires_at, s.email, s.name`),
  );

  let mailed = 0;
  let failed = 0;
  const send = async (ad: ClaimedAd, mail: (ad: ClaimedAd, now: Date) => Promise<void>) => {
    try {
      await mail(ad, now);
      mailed++;
    } catch (err) {
      failed++;
      logger.error({ err, adId: ad.id }, "ad expiry mail not sent");
    }
  };
  for (const ad of expired) await send(ad, sendExpiredMail);
  for (const ad of warned) await send(ad, sendExpiryWarningMail);
  const summary = { expired: expired.length, warned: warned.length, mailed, failed };
  logger.info(summary, "ad expiry run");
  return summary;
}

const myAdsUrl = () => `${publicUrl()}${MY_ADS_PATH}`;

async function sendExpiryWarningMail(ad: ClaimedAd, now: Date): Promise<void> {
  const expiresAt = asDate(ad.expires_at);
  const on = longDate(expiresAt, now);
  const { html, text } = renderMail({
    preheader: `One click keeps it online for another ${LISTING_DAYS} days.`,
    heading: `Your ad ${ad.title} expires on ${on}`,
    paragraphs: [
      `Hello ${ad.name},`,
      `Your ad for the ${ad.title} stays online until ${on}. Still selling? One click renews it for another ${LISTING_DAYS} days, no sign-in needed.`,
      "Sold it already? Mark it as sold in My ads, so buyers stop calling.",
    ],
    action: { label: "Renew my ad", url: renewalUrl(ad.id, expiresAt) },
    footer: { text: `You receive this mail because you sell a car on ${site.name}.`, link: { label: "My ads", url: myAdsUrl() } },
  });
  await sendMail({ to: { name: ad.name, address: ad.email }, subject: `Your ad ${ad.title} expires on ${on}`, html, text });
}

async function sendExpiredMail(ad: ClaimedAd, _now: Date): Promise<void> {
  const { html, text } = renderMail({
    preheader: "Buyers no longer see it. One click puts it back online.",
    heading: "Your ad has expired",
    paragraphs: [
      `Hello ${ad.name},`,
      `Your ad for the ${ad.title} has expired after ${LISTING_DAYS} days and buyers no longer see it. Still selling? One click puts it back online for another ${LISTING_DAYS} days, no sign-in needed.`,
    ],
    action: { label: "Renew my ad", url: renewalUrl(ad.id, asDate(ad.expires_at)) },
    footer: { text: `You receive this mail because you sell a car on ${site.name}.`, link: { label: "My ads", url: myAdsUrl() } },
  });
  await sendMail({ to: { name: ad.name, address: ad.email }, subject: `Your ad has expired: ${ad.title}`, html, text });
}
