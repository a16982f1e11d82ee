// Small display rules shared by the practical-guide pages.
import { formatSouthAfricanDate } from "~/lib/south-african-time";

/** "2 October 2026". */
export function formatGuideDate(moment: Date | string): string {
  return formatSouthAfricanDate(moment);
}

export function readingTimeText(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min read`;
}
