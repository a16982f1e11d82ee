import { eq, sql } from "drizzle-orm";
import { db, resultRows } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { oneClickUnsubscribeHeaders, renderMail, sendMail } from "~/lib/mail.server";
import { sameToken, signValue } from "~/lib/security.server";
import { savedSearches } from "../../../../db/schema";
import { cityName } from "~/lib/places";
import { ALERT_ADS_LISTED, SAVED_SEARCHES_PATH, UNSUBSCRIBE_PATH, openSavedSearchPath } from "./saved-search-rules";
import { newMatchingAdIds, searchOfQuery } from "./saved-searches.server";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { adUrl } from "../urls";
import { formatKm, formatRand } from "~/lib/format";

// The daily saved-search alerts (a job, server/jobs.ts): each saved search with alerts on gets
// one mail listing the matching ads published since its last alert, each ad at most once per
// search. The ads are claimed (saved_search_sent_ads, INSERT … ON CONFLICT DO NOTHING RETURNING)
// together with moving last_alert_at, in one transaction before the mail goes: a second run, or
// a second instance running at the same moment, claims nothing and sends nothing twice. A mail
// that fails gives its claims back, so the next run (the queue's retry) sends it.

/** Ads one run considers per search (a mail lists ALERT_ADS_LISTED and links to the rest). */
const ADS_PER_RUN = 200;

// ---------------------------------------------------------------------------------------------
// The unsubscribe token: the search's id and its HMAC, so the link needs no sign-in.

const signatureOf = (id: number) => signValue("saved-search-unsubscribe", `saved-search:${id}`).slice(0, 32);

export function unsubscribeToken(savedSearchId: number): string {
  return `${savedSearchId}.${signatureOf(savedSearchId)}`;
}

/** The saved search id a token stands for, or undefined for a forged or damaged token. */
export function savedSearchIdOfToken(token: string | null | undefined): number | undefined {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token ?? "");
  if (!match) return undefined;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  return sameToken(signatureOf(id), match[2]!) ? id : undefined;
}

const unsubscribeUrl = (savedSearchId: number) => `${publicUrl()}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(savedSearchId))}`;

/** The saved search behind an unsubscribe token (its name and whether alerts are on), or undefined. */
export async function savedSearchOfToken(token: string | null | undefined): Promise<{ id: number; name: string; alertsOn: boolean } | undefined> {
  const id = savedSearchIdOfToken(token);
  if (id === undefined) return undefined;
  const [row] = await db().select({ id: savedSearches.id, name: savedSearches.name, alertsOn: savedSearches.alertsOn }).from(savedSearches).where(eq(savedSearches.id, id));
  return row;
}

/** Turns a search's alerts off from its mail's link; undefined when the token names no search. */
export async function unsubscribeByToken(token: string | null | undefined): Promise<{ id: number; name: string } | undefined> {
  const id = savedSearchIdOfToken(token);
  if (id === undefined) return undefined;
  const [row] = await db().update(savedSearches).set({ alertsOn: false }).where(eq(savedSearches.id, id)).returning({ id: savedSearches.id, name: savedSearches.name });
  return row;
}

// ---------------------------------------------------------------------------------------------
// The job.

interface AlertedSearch {
  id: number;
  name: string;
  query: string;
  since: Date | string;
  last_alert_at: Date | string | null;
  email: string;
  user_name: string;
}

interface AlertAd {
  id: number;
  slug: string;
  title: string;
  price_zar: number;
  mileage_km: number;
  city: string;
}

interface SavedSearchAlertsResult extends Record<string, number> {
  searches: number;
  mails: number;
  ads: number;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export async function runSavedSearchAlerts(opts: { now?: Date } = {}): Promise<SavedSearchAlertsResult> {
  const now = opts.now ?? new Date();
  const searches = resultRows<AlertedSearch>(
    await db().execute(sql`
      select s.id, s.name, s.query, coalesce(s.last_alert_at, s.created_at) as since, s.last_alert_at, u.email, u.name as user_name
      from saved_searches s join users u on u.id = s.user_id
      where s.alerts_on and not u.disabled
      order by s.id`),
  );
  const result: SavedSearchAlertsResult = { searches: searches.length, mails: 0, ads: 0 };
  let freshIndex = true;
  // A saved monthly budget is read on today's finance terms.
  const terms = (await currentFinanceSummary())?.terms ?? null;
  for (const saved of searches) {
    const search = searchOfQuery(saved.query);
    // The index is brought up to date once, for the first search.
    const matching = await newMatchingAdIds(search, toDate(saved.since), { limit: ADS_PER_RUN, fresh: freshIndex, terms });
    freshIndex = false;
    if (matching.length === 0) continue;
    const claimed = await claimAds(Number(saved.id), matching, now);
    if (claimed.length === 0) continue;
    try {
      await mailAlert(saved, claimed);
      result.mails++;
      result.ads += claimed.length;
    } catch (error) {
      await releaseAds(Number(saved.id), claimed.map((ad) => ad.id), saved.last_alert_at);
      logger.error({ err: error, savedSearch: saved.id }, "saved-search alert not sent; its ads are left for the next run");
      throw error;
    }
  }
  return result;
}

/** Claims the ads not yet sent for this search and moves its last alert, in one transaction. */
async function claimAds(savedSearchId: number, adIds: number[], now: Date): Promise<AlertAd[]> {
  return db().transaction(async (tx) => {
    const claimed = resultRows<{ ad_id: number }>(
      await tx.execute(sql`
        insert into saved_search_sent_ads (saved_search_id, ad_id, sent_at)
        select ${savedSearchId}, ad.id, ${now.toISOString()}::timestamptz
        from (select jsonb_array_elements_text(${JSON.stringify(adIds)}::jsonb)::int as id) ad
        on conflict do nothing
        returning ad_id`),
    );
    await tx.execute(sql`update saved_searches set last_alert_at = ${now.toISOString()}::timestamptz where id = ${savedSearchId}`);
    if (claimed.length === 0) return [];
    const ids = JSON.stringify(claimed.map((c) => Number(c.ad_id)));
    return resultRows<AlertAd>(
      await tx.execute(sql`
        select id, slug, title, price_zar, mileage_km, city from used_ads
        where id in (select jsonb_array_elements_text(${ids}::jsonb)::int)
        order by published_at desc, id desc`),
    ).map((ad) => ({ ...ad, id: Number(ad.id), price_zar: Number(ad.price_zar), mileage_km: Number(ad.mileage_km) }));
  });
}

/** Gives a failed mail's claims back (and the previous last alert), so the next run sends them. */
async function releaseAds(savedSearchId: number, adIds: number[], lastAlertAt: Date | string | null): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.execute(sql`
      delete from saved_search_sent_ads
      where saved_search_id = ${savedSearchId} and ad_id in (select jsonb_array_elements_text(${JSON.stringify(adIds)}::jsonb)::int)`);
    await tx.execute(sql`update saved_searches set last_alert_at = ${lastAlertAt === null ? null : toDate(lastAlertAt).toISOString()}::timestamptz where id = ${savedSearchId}`);
  });
}

async function mailAlert(saved: AlertedSearch, ads: AlertAd[]): Promise<void> {
  const site = publicUrl();
  const id = Number(saved.id);
  const unsubscribe = unsubscribeUrl(id);
  const listed = ads.slice(0, ALERT_ADS_LISTED);
  const more = ads.length - listed.length;
  const count = ads.length === 1 ? "1 new ad" : `${ads.length} new ads`;
  const { html, text } = renderMail({
    preheader: `${count} for your saved search “${saved.name}”.`,
    heading: `${count} for “${saved.name}”`,
    paragraphs: [`Hello ${saved.user_name}, ${ads.length === 1 ? "this car was" : "these cars were"} listed since your last alert and match${ads.length === 1 ? "es" : ""} your saved search.`],
    items: listed.map((ad) => ({
      title: ad.title,
      detail: `${formatRand(ad.price_zar)} · ${formatKm(ad.mileage_km)} · ${cityName(ad.city)}`,
      url: `${site}${adUrl(ad)}`,
    })),
    // Opening the search through the account marks its ads seen; the link signs in first if need be.
    action: { label: more > 0 ? `And ${more} more: see them all` : "See the search", url: `${site}${openSavedSearchPath(id)}` },
    footer: {
      text: `You get this mail because alerts are on for your saved search “${saved.name}” (manage them at ${site}${SAVED_SEARCHES_PATH}).`,
      link: { label: "Unsubscribe from these alerts", url: unsubscribe },
    },
  });
  await sendMail({
    to: { name: saved.user_name, address: saved.email },
    subject: `${count} for your saved search “${saved.name}”`,
    text,
    html,
    headers: oneClickUnsubscribeHeaders(unsubscribe),
  });
}
