// Opening hours in South African time (SAST, UTC+2 all year: no daylight saving), pure so the
// server, the browser and the tests agree. A dealer's day has intervals "HH:MM"–"HH:MM"; an
// interval that closes at or before it opens runs past midnight and belongs to the day it opens
// (at 01:00 on Saturday, a Friday 20:00–02:00 interval is what makes the dealer open). On a public
// holiday the day's intervals are `hours.holidays` instead of the weekday's.
import { type OpeningHours, type OpeningInterval, type Weekday, weekdays } from "../../../db/schema/vocabulary";
import { publicHolidayName, SOUTH_AFRICAN_HOLIDAY_DATES } from "./public-holidays";


/** South Africa Standard Time is UTC+2 all year. */
const SAST_OFFSET_MINUTES = 120;
const DAY_MINUTES = 24 * 60;
const DAY_MS = 86_400_000;
/** How far ahead the next opening is looked for: two weeks covers a run of holidays after a closed weekend. */
const HORIZON_DAYS = 14;

export const weekdayNames: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};
const weekdayShortNames: Record<Weekday, string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };
const monthShortNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "08:30" → 510; null unless written HH:MM from 00:00 to 23:59. */
export function timeMinutes(value: string): number | null {
  const match = TIME.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const hhmm = (minutes: number) => {
  const m = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

// Days are counted from 1970-01-01 in South Africa; minutes from its midnight.
const localMinutesOf = (at: Date) => Math.floor(at.getTime() / 60_000) + SAST_OFFSET_MINUTES;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
const weekdayOfDay = (day: number): Weekday => weekdays[(((day + 3) % 7) + 7) % 7]!;

/** The local date (YYYY-MM-DD) and weekday in South Africa at an instant. */
export function southAfricanDay(at: Date): { date: string; weekday: Weekday } {
  const day = Math.floor(localMinutesOf(at) / DAY_MINUTES);
  return { date: dateOfDay(day), weekday: weekdayOfDay(day) };
}

/** The intervals kept on one local day: the holiday hours on a public holiday, else the weekday's. */
function intervalsOfDay(hours: OpeningHours, day: number, holidays: ReadonlySet<string>): readonly OpeningInterval[] {
  return (holidays.has(dateOfDay(day)) ? hours.holidays : hours[weekdayOfDay(day)]) ?? [];
}

interface Span {
  start: number;
  end: number;
}

/** Open spans (absolute local minutes) of the days from `first` to `last`, merged where they touch. */
function openSpans(hours: OpeningHours, first: number, last: number, holidays: ReadonlySet<string>): Span[] {
  const spans: Span[] = [];
  for (let day = first; day <= last; day++) {
    for (const interval of intervalsOfDay(hours, day, holidays)) {
      const opens = timeMinutes(interval.opens);
      const closes = timeMinutes(interval.closes);
      if (opens === null || closes === null) continue; // unreadable data opens nothing
      const base = day * DAY_MINUTES;
      spans.push({ start: base + opens, end: base + (closes <= opens ? DAY_MINUTES + closes : closes) });
    }
  }
  spans.sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    const previous = merged.at(-1);
    if (previous && span.start <= previous.end) previous.end = Math.max(previous.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

interface OpeningStatus {
  open: boolean;
  /** "Open now · closes 17:00", "Open 24 hours", "Closed · opens Mon 08:00", or "Closed" with no opening ahead. */
  label: string;
}

/**
 * Whether a dealer is open at `at` (any instant; read in South African time), and what to say.
 * `holidays` are YYYY-MM-DD dates on which `hours.holidays` apply (South Africa's by default).
 */
export function openingStatus(hours: OpeningHours, at: Date, holidays: readonly string[] = SOUTH_AFRICAN_HOLIDAY_DATES): OpeningStatus {
  const holidaySet = new Set(holidays);
  const now = localMinutesOf(at);
  const today = Math.floor(now / DAY_MINUTES);
  // Yesterday too: its interval may run past midnight into today.
  const spans = openSpans(hours, today - 1, today + HORIZON_DAYS, holidaySet);
  const current = spans.find((span) => span.start <= now && now < span.end);
  if (current) {
    const wholeDay = current.start <= today * DAY_MINUTES && current.end >= (today + 1) * DAY_MINUTES;
    return { open: true, label: wholeDay ? "Open 24 hours" : `Open now · closes ${hhmm(current.end)}` };
  }
  const next = spans.find((span) => span.start > now);
  if (!next) return { open: false, label: "Closed" };
  const day = Math.floor(next.start / DAY_MINUTES);
  const time = hhmm(next.start);
  if (day === today) return { open: false, label: `Closed · opens ${time}` };
  const weekday = weekdayShortNames[weekdayOfDay(day)];
  if (day - today < 7) return { open: false, label: `Closed · opens ${weekday} ${time}` };
  const date = new Date(day * DAY_MS);
  return { open: false, label: `Closed · opens ${weekday} ${date.getUTCDate()} ${monthShortNames[date.getUTCMonth()]} ${time}` };
}

/** A day's intervals as text: "08:00–17:00", "08:00–12:30, 13:30–17:00", "Open 24 hours" or "Closed". */
export function intervalsText(intervals: readonly OpeningInterval[] | undefined): string {
  const readable = (intervals ?? []).filter((i) => timeMinutes(i.opens) !== null && timeMinutes(i.closes) !== null);
  if (readable.length === 0) return "Closed";
  if (readable.some((i) => i.opens === i.closes && i.opens === "00:00")) return "Open 24 hours";
  return readable.map((i) => `${i.opens}–${i.closes}`).join(", ");
}

/** Whether any day, or the holidays, has an interval (a dealer with none has not told us its hours). */
export function hasOpeningHours(hours: OpeningHours | null | undefined): hours is OpeningHours {
  if (!hours) return false;
  return [...weekdays, "holidays" as const].some((key) => (hours[key] ?? []).some((i) => timeMinutes(i.opens) !== null && timeMinutes(i.closes) !== null));
}

interface OpeningWeekRow {
  day: Weekday;
  name: string;
  /** intervalsText of the weekday. */
  hours: string;
  /** Today in South Africa (only when an instant was given). */
  today: boolean;
  /** A public holiday on this weekday within the seven days from today: its name and the hours kept then. */
  holiday?: { date: string; name: string; hours: string };
}

/**
 * The week for display, Monday to Sunday. Given an instant, today's row is marked and the public
 * holidays of the next seven days (today included) are noted on their weekday's row.
 */
export function openingWeek(
  hours: OpeningHours,
  at?: Date,
  holidays: readonly string[] = SOUTH_AFRICAN_HOLIDAY_DATES,
): { rows: OpeningWeekRow[]; holidayHours: string } {
  const holidayHours = intervalsText(hours.holidays);
  const rows: OpeningWeekRow[] = weekdays.map((day) => ({ day, name: weekdayNames[day], hours: intervalsText(hours[day]), today: false }));
  if (at) {
    const holidaySet = new Set(holidays);
    const today = Math.floor(localMinutesOf(at) / DAY_MINUTES);
    for (let day = today; day < today + 7; day++) {
      const row = rows[weekdays.indexOf(weekdayOfDay(day))]!;
      if (day === today) row.today = true;
      const date = dateOfDay(day);
      if (holidaySet.has(date)) row.holiday = { date, name: publicHolidayName(date) ?? "Public holiday", hours: holidayHours };
    }
  }
  return { rows, holidayHours };
}
