import { MONTHS, southAfricanDay } from "~/lib/south-african-time";
import type { DealerLeadStatus } from "../../../../db/schema/vocabulary";
import { dealerLeadStatuses } from "../../../../db/schema/vocabulary";

// The dealer dashboard's pure rules (issue 46): the stock list's filters and paging, days on the
// market, the 30 South African days of the picture and the week against the week before, and the
// leads' kinds and statuses. Shared by the loaders, the pages and the CSV export.

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Stock

/** The stock list's filters (GET `filter`); "all" is every ad but those a moderator removed. */
export const stockFilters = ["all", "live", "sold", "paused", "no-photos", "high-price"] as const;
export type StockFilter = (typeof stockFilters)[number];

export const stockFilterLabels: Record<StockFilter, string> = {
  all: "All",
  live: "For sale",
  sold: "Sold",
  paused: "Paused",
  "no-photos": "Missing photos",
  "high-price": "Rated “High price”",
};

export const STOCK_PAGE_SIZE = 20;
/** The most ads one bulk action takes (a page holds STOCK_PAGE_SIZE). */
export const BULK_MAX_ADS = 100;

/** The bulk actions: the my-ads rules and writes, for the dealer. */
export const bulkIntents = ["sold", "pause", "unpause", "renew"] as const;
export type BulkIntent = (typeof bulkIntents)[number];

export const bulkIntentLabels: Record<BulkIntent, string> = {
  sold: "Mark as sold",
  pause: "Pause",
  unpause: "Put back on sale",
  renew: "Renew",
};

const bulkDone: Record<BulkIntent, string> = {
  sold: "marked as sold",
  pause: "paused",
  unpause: "back on sale",
  renew: "renewed for 60 days",
};

export const isBulkIntent = (value: unknown): value is BulkIntent => typeof value === "string" && (bulkIntents as readonly string[]).includes(value);

/** A page number from the query: 1 for anything but a whole number from 1 to 10 000. */
export function parsePage(value: string | null): number {
  return value && /^\d{1,5}$/.test(value) && Number(value) >= 1 ? Math.min(Number(value), 10_000) : 1;
}

export interface StockQuery {
  filter: StockFilter;
  page: number;
}

/** The stock list's state from its URL; an unknown filter is "all" (the list stays usable). */
export function parseStockQuery(params: URLSearchParams): StockQuery {
  const filter = params.get("filter");
  return {
    filter: (stockFilters as readonly string[]).includes(filter ?? "") ? (filter as StockFilter) : "all",
    page: parsePage(params.get("page")),
  };
}

/** The query string of a stock list state ("" for the first page of all ads). */
export function stockSearch(query: StockQuery): string {
  const params = new URLSearchParams();
  if (query.filter !== "all") params.set("filter", query.filter);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The notice after a bulk action, from the redirect's `done`, `count` and `skipped`. */
export function bulkNotice(params: URLSearchParams): string | null {
  const intent = params.get("done");
  if (!isBulkIntent(intent)) return null;
  const done = Number(params.get("count") ?? "0") || 0;
  const skipped = Number(params.get("skipped") ?? "0") || 0;
  const parts = [done === 1 ? `1 ad ${bulkDone[intent]}.` : `${done} ads ${bulkDone[intent]}.`];
  if (skipped > 0) parts.push(`${skipped === 1 ? "1 ad was" : `${skipped} ads were`} left as they were: “${bulkIntentLabels[intent]}” does not suit ${skipped === 1 ? "its" : "their"} status.`);
  return parts.join(" ");
}

/**
 * Days on the market: whole South African days from the publication day to today, or to the day
 * it sold (published today: 0). Null for an ad never published.
 */
export function daysOnMarket(ad: { publishedAt: Date | null; soldAt: Date | null }, now: Date): number | null {
  if (!ad.publishedAt) return null;
  const end = ad.soldAt ?? now;
  const days = (Date.parse(southAfricanDay(end)) - Date.parse(southAfricanDay(ad.publishedAt))) / DAY_MS;
  return Math.max(0, Math.round(days));
}

export function daysOnMarketText(days: number | null): string | null {
  if (days === null) return null;
  if (days === 0) return "Listed today";
  return days === 1 ? "1 day on the market" : `${days} days on the market`;
}

// ---------------------------------------------------------------------------------------------
// The 30-day picture

export const PICTURE_DAYS = 30;

/** The last `count` South African days, oldest first, today last: ["2026-10-03", …]. */
export function lastDays(now: Date, count: number = PICTURE_DAYS): string[] {
  const today = Date.parse(southAfricanDay(now));
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** "3 Oct" for "2026-10-03". */
export function shortDay(day: string): string {
  const [, month, date] = day.split("-");
  return `${Number(date)} ${(MONTHS[Number(month) - 1] ?? "").slice(0, 3)}`;
}

export interface DayFigures {
  day: string;
  views: number;
  /** Messages about its ads and on its page, and phone reveals. */
  contacts: number;
  /** Find-my-car requests the dealer received. */
  leads: number;
}

/** Puts counts keyed by day on the days, 0 where a day has none. */
export function onDays(days: readonly string[], counts: { day: string; views?: number; contacts?: number; leads?: number }[]): DayFigures[] {
  const byDay = new Map(days.map((day) => [day, { day, views: 0, contacts: 0, leads: 0 }]));
  for (const c of counts) {
    const figures = byDay.get(c.day);
    if (!figures) continue;
    figures.views += c.views ?? 0;
    figures.contacts += c.contacts ?? 0;
    figures.leads += c.leads ?? 0;
  }
  return [...byDay.values()];
}

export interface WeekComparison {
  thisWeek: number;
  weekBefore: number;
  trend: "up" | "down" | "same";
  /** The change in whole percent; null when the week before had none. */
  percent: number | null;
}

/** The last seven days against the seven before (the series ends today, at least 14 days long). */
export function compareWeeks(values: readonly number[]): WeekComparison {
  const sum = (part: readonly number[]) => part.reduce((a, b) => a + b, 0);
  const thisWeek = sum(values.slice(-7));
  const weekBefore = sum(values.slice(-14, -7));
  const trend = thisWeek > weekBefore ? "up" : thisWeek < weekBefore ? "down" : "same";
  const percent = weekBefore === 0 ? null : Math.round(((thisWeek - weekBefore) / weekBefore) * 100);
  return { thisWeek, weekBefore, trend, percent };
}

/** "Up 12 % on the week before (110)", "Down …", "As the week before", "Up from none the week before". */
export function weekComparisonText(c: WeekComparison): string {
  if (c.trend === "same") return `Same as the week before (${c.weekBefore.toLocaleString("en-ZA")})`;
  const word = c.trend === "up" ? "Up" : "Down";
  if (c.percent === null) return `${word} from none the week before`;
  return `${word} ${Math.abs(c.percent)} % on the week before (${c.weekBefore.toLocaleString("en-ZA")})`;
}

/** One bar per value, scaled so the largest fills `height` (all zero: no bars). */
export function barHeights(values: readonly number[], height: number): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (max === 0 ? 0 : Math.max(v > 0 ? 1 : 0, (v / max) * height)));
}

// ---------------------------------------------------------------------------------------------
// Leads

/** The four ways a request reaches a dealer. */
export const leadKinds = ["request", "trade-in", "dealer-message", "ad-message"] as const;
export type LeadKind = (typeof leadKinds)[number];

export const leadKindLabels: Record<LeadKind, string> = {
  request: "Find-my-car request",
  "trade-in": "Offer for a car (trade-in)",
  "dealer-message": "Message on your page",
  "ad-message": "Message about an ad",
};

export const isLeadKind = (value: unknown): value is LeadKind => typeof value === "string" && (leadKinds as readonly string[]).includes(value);

export const leadStatusLabels: Record<DealerLeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  appointment: "Appointment",
  sold: "Sold",
  lost: "Lost",
};

export const isLeadStatus = (value: unknown): value is DealerLeadStatus => typeof value === "string" && (dealerLeadStatuses as readonly string[]).includes(value);

export const LEADS_PAGE_SIZE = 20;
/** Set by the status forms once scripts run: the answer comes back as data, not a redirect. */
export const SCRIPTED_FIELD = "scripted";
/** A note is for the staff's follow-up, not an essay. */
export const LEAD_NOTE_MAX = 1000;
/** The CSV holds at most this many leads, newest first. */
export const LEADS_EXPORT_MAX = 5000;

export interface LeadsQuery {
  status: DealerLeadStatus | null;
  kind: LeadKind | null;
  page: number;
}

export function parseLeadsQuery(params: URLSearchParams): LeadsQuery {
  const status = params.get("status");
  const kind = params.get("kind");
  return { status: isLeadStatus(status) ? status : null, kind: isLeadKind(kind) ? kind : null, page: parsePage(params.get("page")) };
}

export function leadsSearch(query: LeadsQuery, page: number = query.page): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.kind) params.set("kind", query.kind);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** "14 Mar, 09:05" in South African time. */
export function receivedText(at: Date): string {
  const local = new Date(at.getTime() + 2 * 3_600_000).toISOString();
  return `${shortDay(local.slice(0, 10))} ${local.slice(0, 4)}, ${local.slice(11, 16)}`;
}
