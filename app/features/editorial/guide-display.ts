// Small display rules shared by the practical-guide pages.
import { formatLongDate } from "~/features/catalogue/price-history";

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg", year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar day of a moment in South Africa ("2026-10-02"), the same on server and browser. */
export function southAfricanDay(moment: Date | string): string {
  return dayFormat.format(new Date(moment));
}

/** "2 October 2026". */
export function formatGuideDate(moment: Date | string): string {
  return formatLongDate(southAfricanDay(moment));
}

export function readingTimeText(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min read`;
}
