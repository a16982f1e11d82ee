import type { AdStatus } from "../../../../db/schema/vocabulary";

// The seller's "My ads" list: which actions each ad offers, the words for its expiry and the
// notice after an action. Pure, shared by the page, the action and the expiry mails.

export const MY_ADS_PATH = "/mon-compte/annonces";
/** The expiry mails' one-click renew link (no sign-in: a signed token). */
export const RENEW_AD_PATH = "/mon-compte/annonces/renouveler";
/** FORM's edit entry: a POST (or a GET without scripts) that opens the edit draft of the seller's ad. */
export const editAdPath = (adId: number): string => `/poster-une-annonce/modifier/${adId}`;

/** Set by the page's forms once scripts run: the answer then comes back as data (a toast), not a redirect. */
export const SCRIPTED_FIELD = "scripted";
/** Without scripts, Delete is a link to the list with this parameter: the confirm step. */
export const DELETE_STEP_PARAM = "supprimer";

/** How long an ad stays online from publication or renewal. */
export const LISTING_DAYS = 60;
/** The "your ad expires soon" mail goes this many days before. */
export const EXPIRY_WARNING_DAYS = 7;
export const DAY_MS = 86_400_000;

const myAdIntents = ["sold", "renew", "pause", "unpause", "delete", "review-again"] as const;
export type MyAdIntent = (typeof myAdIntents)[number];

export function isMyAdIntent(value: unknown): value is MyAdIntent {
  return typeof value === "string" && (myAdIntents as readonly string[]).includes(value);
}

/** The statuses each action starts from (the server checks them; the page offers only these). */
export const allowedFrom: Record<MyAdIntent, readonly AdStatus[]> = {
  sold: ["published", "paused", "expired"],
  renew: ["published", "expired"],
  pause: ["published"],
  unpause: ["paused"],
  delete: ["draft", "published", "paused", "sold", "expired", "under_review"],
  // "I have fixed it, review again": puts an ad under review first in the moderation queue.
  "review-again": ["under_review"],
};

export type MyAdButton = MyAdIntent | "edit";

/**
 * The buttons an ad shows, in order. A published ad offers Renew only in its last
 * EXPIRY_WARNING_DAYS (earlier it would only clutter the row); the server accepts it any time.
 */
export function buttonsFor(status: AdStatus, expiresAt: Date | null, now: Date): MyAdButton[] {
  switch (status) {
    case "published": {
      const soon = expiresAt !== null && expiresAt.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS;
      return ["edit", "sold", ...(soon ? (["renew"] as const) : []), "pause", "delete"];
    }
    case "paused":
      return ["unpause", "edit", "sold", "delete"];
    case "expired":
      return ["renew", "edit", "sold", "delete"];
    case "draft":
      return ["edit", "delete"];
    case "sold":
      return ["delete"];
    case "under_review":
      return ["edit", "review-again", "delete"];
    case "removed":
      return [];
  }
}

const TIME_ZONE = "Africa/Johannesburg";
const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: TIME_ZONE });
const dayMonthYear = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: TIME_ZONE });
const longDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: TIME_ZONE });
const longDayYear = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE });
const yearOf = (date: Date) => Number(new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: TIME_ZONE }).format(date));

/** "3 Nov" (with the year when it is not this year's). */
export function shortDate(date: Date, now: Date): string {
  return (yearOf(date) === yearOf(now) ? dayMonth : dayMonthYear).format(date);
}

/** "24 January" (with the year when it is not this year's). */
export function longDate(date: Date, now: Date): string {
  return (yearOf(date) === yearOf(now) ? longDay : longDayYear).format(date);
}

/** Whole days left, rounded up: 11 days and 2 hours left is "12 days". */
function daysLeft(expiresAt: Date, now: Date): number {
  return Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS);
}

/** The row's line about time: "Expires in 12 days", "Expired on 3 Nov", "Sold on 2 Nov". */
export function timeLine(ad: { status: AdStatus; expiresAt: Date | null; soldAt: Date | null }, now: Date): string | null {
  if (ad.status === "sold") return ad.soldAt ? `Sold on ${shortDate(ad.soldAt, now)}` : null;
  if (ad.status === "under_review") return "Under review: buyers do not see it";
  if (!ad.expiresAt) return null;
  if (ad.status === "expired") return `Expired on ${shortDate(ad.expiresAt, now)}`;
  if (ad.status === "paused") return "Paused: buyers do not see it";
  if (ad.status !== "published") return null;
  const days = daysLeft(ad.expiresAt, now);
  if (days <= 0) return "Expires today";
  return days === 1 ? "Expires tomorrow" : `Expires in ${days} days`;
}

/** The notice after an action (a toast with scripts, a banner from the redirect URL without). */
export function doneMessage(intent: MyAdIntent, ad: { title: string; expiresAt: Date | null } | undefined, now: Date): string {
  const title = ad ? `“${ad.title}”` : "Your ad";
  switch (intent) {
    case "sold":
      return `${title} is marked as sold. Congratulations!`;
    case "renew":
      return ad?.expiresAt ? `${title} is online again until ${longDate(ad.expiresAt, now)}.` : `${title} is online again.`;
    case "pause":
      return `${title} is paused: buyers no longer see it.`;
    case "unpause":
      return `${title} is back on sale.`;
    case "delete":
      return "Your ad was deleted, with its photos.";
    case "review-again":
      return `${title} is first in our review queue: we will mail you once a person has looked at it.`;
  }
}

/** "7 of 10 live ads". */
export function liveAdsLine(live: number, limit: number): string {
  return `${live} of ${limit} live ${limit === 1 ? "ad" : "ads"}`;
}
