// The importer's compact writing of a dealer's week (docs/dealers-import.md), read into
// OpeningHours and written back from them:
//   "mon-fri 08:00-17:00; sat 08:00-13:00; sun closed; holidays closed"
// Entries are separated by ";". Each names days (a day, a range "mon-fri", a list "mon,wed", or
// "daily") or "holidays", then "closed", "24h", or intervals "08:00-12:30, 13:30-17:00". A day
// not named is closed; so are public holidays unless "holidays" is given.
import { type OpeningHours, type OpeningInterval, type Weekday, weekdays } from "../../../db/schema/vocabulary";
import { timeMinutes } from "./opening-hours";

type DayKey = Weekday | "holidays";

const emptyWeek = (): OpeningHours => ({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [], holidays: [] });

function readDays(text: string): DayKey[] | string {
  if (text === "daily") return [...weekdays];
  if (text === "holidays" || text === "holiday") return ["holidays"];
  const out: DayKey[] = [];
  for (const part of text.split(",")) {
    const range = /^([a-z]{3})\s*-\s*([a-z]{3})$/.exec(part.trim());
    if (range) {
      const from = weekdays.indexOf(range[1] as Weekday);
      const to = weekdays.indexOf(range[2] as Weekday);
      if (from < 0 || to < 0) return `unknown day in "${part.trim()}" (days are ${weekdays.join(", ")})`;
      // A range may wrap over the week's end: "fri-mon".
      for (let i = from; ; i = (i + 1) % 7) {
        out.push(weekdays[i]!);
        if (i === to) break;
      }
      continue;
    }
    const day = part.trim();
    if (!weekdays.includes(day as Weekday)) return `unknown day "${day}" (days are ${weekdays.join(", ")}, a range like mon-fri, daily or holidays)`;
    out.push(day as Weekday);
  }
  return out;
}

function readIntervals(text: string): OpeningInterval[] | string {
  if (text === "closed") return [];
  if (text === "24h") return [{ opens: "00:00", closes: "00:00" }];
  const out: OpeningInterval[] = [];
  for (const part of text.split(",")) {
    const match = /^(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/.exec(part.trim());
    if (!match) return `"${part.trim()}" is not a time range like 08:00-17:00 (or write closed, or 24h)`;
    const [opens, closes] = [match[1]!.padStart(5, "0"), match[2]!.padStart(5, "0")];
    const from = timeMinutes(opens);
    const to = timeMinutes(closes);
    if (from === null || to === null) return `"${part.trim()}" has a time outside 00:00-23:59`;
    if (from === to && opens !== "00:00") return `"${part.trim()}" opens and closes at the same time (write 24h for a day open around the clock)`;
    out.push({ opens, closes });
  }
  return out;
}

/**
 * Reads the compact text. Empty text → null (hours not known). Returns the problem as a string
 * when the text cannot be read.
 */
export function parseOpeningHoursText(value: string): OpeningHours | null | string {
  const text = value.replace(/[\u2013\u2014]/g, "-").trim().toLowerCase();
  if (text === "") return null;
  const hours = emptyWeek();
  const given = new Set<DayKey>();
  for (const entry of text.split(";")) {
    const item = entry.trim().replace(/\s+/g, " ");
    if (item === "") continue;
    // The days are everything before the first time, "closed" or "24h".
    const split = /^(.+?)\s+(closed|24h|\d.*)$/.exec(item);
    if (!split) return `"${item}" needs days then hours, like "mon-fri 08:00-17:00" or "sun closed"`;
    const days = readDays(split[1]!.replace(/\s*([,-])\s*/g, "$1"));
    if (typeof days === "string") return days;
    const intervals = readIntervals(split[2]!);
    if (typeof intervals === "string") return intervals;
    for (const day of days) {
      if (given.has(day)) return `${day} is given twice`;
      given.add(day);
      hours[day] = intervals.map((i) => ({ ...i }));
    }
  }
  return hours;
}

/** Whether a value (a JSON file's object) is a well-formed OpeningHours, every time HH:MM. */
export function readOpeningHoursObject(value: unknown): OpeningHours | string {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "must be text like \"mon-fri 08:00-17:00\" or an object of day: [{opens, closes}]";
  const hours = emptyWeek();
  for (const [key, list] of Object.entries(value)) {
    if (!(weekdays as readonly string[]).includes(key) && key !== "holidays") return `unknown day "${key}" (days are ${weekdays.join(", ")} and holidays)`;
    if (!Array.isArray(list)) return `${key} must be a list of {opens, closes}`;
    const intervals: OpeningInterval[] = [];
    for (const item of list) {
      const opens = (item as { opens?: unknown })?.opens;
      const closes = (item as { closes?: unknown })?.closes;
      if (typeof opens !== "string" || typeof closes !== "string" || timeMinutes(opens) === null || timeMinutes(closes) === null)
        return `${key}: every interval needs opens and closes as HH:MM`;
      if (opens === closes && opens !== "00:00") return `${key}: ${opens}-${closes} opens and closes at the same time (00:00-00:00 is open around the clock)`;
      intervals.push({ opens, closes });
    }
    hours[key as DayKey] = intervals;
  }
  return hours;
}

/** One day's hours in the compact writing: "closed", "24h" or "08:00-12:30, 13:30-17:00". */
export const dayText = (intervals: readonly OpeningInterval[]) =>
  intervals.length === 0
    ? "closed"
    : intervals.length === 1 && intervals[0]!.opens === "00:00" && intervals[0]!.closes === "00:00"
      ? "24h"
      : intervals.map((i) => `${i.opens}-${i.closes}`).join(", ");

/** The compact text of a week, runs of equal days as ranges: the importer's format, for reports and exports. */
export function formatOpeningHoursText(hours: OpeningHours): string {
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i <= weekdays.length; i++) {
    const same = i < weekdays.length && dayText(hours[weekdays[i]!]) === dayText(hours[weekdays[start]!]);
    if (same) continue;
    const from = weekdays[start]!;
    const to = weekdays[i - 1]!;
    parts.push(`${from === to ? from : `${from}-${to}`} ${dayText(hours[from])}`);
    start = i;
  }
  parts.push(`holidays ${dayText(hours.holidays)}`);
  return parts.join("; ");
}
