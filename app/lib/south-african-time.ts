// Calendar days in South African time (SAST, UTC+2 all year: no daylight saving), by arithmetic
// rather than Intl: the same answer on the server and in every browser, and no time-zone formatter
// to build while a phone starts the page (building one costs tens of milliseconds there).

const SAST_OFFSET_MS = 2 * 3_600_000;
export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The calendar day of a moment in South Africa: "2026-10-02". */
export function southAfricanDay(moment: Date | string | number): string {
  return new Date(new Date(moment).getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight in South Africa at the start of "2026-03-01"; null when it is not a real day ("2025-02-30"). */
export function southAfricanDayStart(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!m) return null;
  const start = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - SAST_OFFSET_MS);
  return southAfricanDay(start) === `${m[1]}-${m[2]}-${m[3]}` ? start : null;
}

/** "2024-04-01" → "1 April 2024" (fixed wording, whatever the runtime's locale data). */
export function formatLongDate(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!m) return isoDay;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? ""} ${m[1]}`;
}

/** "14 March 2026": a moment's day in South Africa, written out. */
export function formatSouthAfricanDate(moment: Date | string | number): string {
  return formatLongDate(southAfricanDay(moment));
}
