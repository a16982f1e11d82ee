import { formatRand } from "~/lib/format";
import { MONTHS, southAfricanDay } from "~/lib/south-african-time";

// An ad's asked prices (the used_ad_prices rows, oldest first) read as a buyer reads them: when it
// was listed, each change up or down, and its latest drop. A drop counts only while it is the
// ad's latest change, the same rule as "Price reduced" (price-reduction.ts): a price raised again
// since is no longer "dropped".

/** One asked price: the amount and when it was set (an ISO moment). */
export interface PricePoint {
  priceZar: number;
  changedAt: string;
}

/** A change of the asked price: the new amount, by how much it moved (negative: down), and when. */
export interface PriceChange {
  priceZar: number;
  /** New price minus the price before it. */
  change: number;
  at: string;
}

export interface PriceDrop {
  fromZar: number;
  toZar: number;
  /** How much less, a positive amount. */
  amount: number;
  at: string;
}

const DAY_MS = 86_400_000;

/** The points oldest first (by moment; equal moments keep their order). */
function inOrder(points: readonly PricePoint[]): PricePoint[] {
  return [...points].sort((a, b) => Date.parse(a.changedAt) - Date.parse(b.changedAt));
}

/** Every real change after the first price, newest first; a row repeating the price before it is no change. */
export function priceChanges(points: readonly PricePoint[]): PriceChange[] {
  const ordered = inOrder(points);
  const changes: PriceChange[] = [];
  for (let i = 1; i < ordered.length; i++) {
    const before = ordered[i - 1]!;
    const now = ordered[i]!;
    if (now.priceZar !== before.priceZar) changes.push({ priceZar: now.priceZar, change: now.priceZar - before.priceZar, at: now.changedAt });
  }
  return changes.reverse();
}

/** The first asked price (the listing's), or null for an ad without a history. */
export function firstPrice(points: readonly PricePoint[]): PricePoint | null {
  return inOrder(points)[0] ?? null;
}

/** The latest change when it was a drop; null when the price never moved or last went up. */
export function latestDrop(points: readonly PricePoint[]): PriceDrop | null {
  const latest = priceChanges(points)[0];
  if (!latest || latest.change >= 0) return null;
  return { fromZar: latest.priceZar - latest.change, toZar: latest.priceZar, amount: -latest.change, at: latest.at };
}

/** Whole calendar days in South Africa from `from` to `to` (0 the same day). */
export function calendarDaysBetween(from: string | Date, to: string | Date): number {
  return Math.round((Date.parse(southAfricanDay(to)) - Date.parse(southAfricanDay(from))) / DAY_MS);
}

/** "Listed today", "Listed yesterday", "Listed 23 days ago" (calendar days in South Africa). */
export function listedAgo(days: number): string {
  if (days <= 0) return "Listed today";
  if (days === 1) return "Listed yesterday";
  return `Listed ${days} days ago`;
}

/** "28 November" (the year only when it is not `now`'s): a short South African date. */
export function shortDate(moment: string | Date, now: string | Date): string {
  const [year, month, day] = southAfricanDay(moment).split("-");
  const sameYear = southAfricanDay(now).slice(0, 4) === year;
  return `${Number(day)} ${MONTHS[Number(month) - 1]}${sameYear ? "" : ` ${year}`}`;
}

/** "Reduced by R 10 000" or "Raised by R 5 000". */
export function changeLabel(change: number): string {
  return `${change < 0 ? "Reduced" : "Raised"} by ${formatRand(Math.abs(change))}`;
}

/** "Price dropped R 10 000 on 28 November". */
export function priceDropSentence(drop: Pick<PriceDrop, "amount" | "at">, now: string | Date): string {
  return `Price dropped ${formatRand(drop.amount)} on ${shortDate(drop.at, now)}`;
}
