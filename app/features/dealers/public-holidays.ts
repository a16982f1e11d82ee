// South Africa's public holidays (Public Holidays Act 36 of 1994), kept as data so the opening-hours
// rules stay pure and a holiday the President declares for one year (an election day) is one more
// line here. Section 2(1) of the Act: a holiday on a Sunday is also kept on the Monday after it;
// those Mondays are listed as "(observed)". `southAfricanHolidaysOf(year)` is the rule the list is
// tested against, and stands in for years past the list.

interface PublicHoliday {
  /** YYYY-MM-DD, a date in South Africa. */
  date: string;
  name: string;
}

export const SOUTH_AFRICAN_PUBLIC_HOLIDAYS: readonly PublicHoliday[] = [
  { date: "2025-01-01", name: "New Year's Day" },
  { date: "2025-03-21", name: "Human Rights Day" },
  { date: "2025-04-18", name: "Good Friday" },
  { date: "2025-04-21", name: "Family Day" },
  { date: "2025-04-27", name: "Freedom Day" },
  { date: "2025-04-28", name: "Freedom Day (observed)" },
  { date: "2025-05-01", name: "Workers' Day" },
  { date: "2025-06-16", name: "Youth Day" },
  { date: "2025-08-09", name: "National Women's Day" },
  { date: "2025-09-24", name: "Heritage Day" },
  { date: "2025-12-16", name: "Day of Reconciliation" },
  { date: "2025-12-25", name: "Christmas Day" },
  { date: "2025-12-26", name: "Day of Goodwill" },

  { date: "2026-01-01", name: "New Year's Day" },
  { date: "2026-03-21", name: "Human Rights Day" },
  { date: "2026-04-03", name: "Good Friday" },
  { date: "2026-04-06", name: "Family Day" },
  { date: "2026-04-27", name: "Freedom Day" },
  { date: "2026-05-01", name: "Workers' Day" },
  { date: "2026-06-16", name: "Youth Day" },
  { date: "2026-08-09", name: "National Women's Day" },
  { date: "2026-08-10", name: "National Women's Day (observed)" },
  { date: "2026-09-24", name: "Heritage Day" },
  { date: "2026-12-16", name: "Day of Reconciliation" },
  { date: "2026-12-25", name: "Christmas Day" },
  { date: "2026-12-26", name: "Day of Goodwill" },

  { date: "2027-01-01", name: "New Year's Day" },
  { date: "2027-03-21", name: "Human Rights Day" },
  { date: "2027-03-22", name: "Human Rights Day (observed)" },
  { date: "2027-03-26", name: "Good Friday" },
  { date: "2027-03-29", name: "Family Day" },
  { date: "2027-04-27", name: "Freedom Day" },
  { date: "2027-05-01", name: "Workers' Day" },
  { date: "2027-06-16", name: "Youth Day" },
  { date: "2027-08-09", name: "National Women's Day" },
  { date: "2027-09-24", name: "Heritage Day" },
  { date: "2027-12-16", name: "Day of Reconciliation" },
  { date: "2027-12-25", name: "Christmas Day" },
  { date: "2027-12-26", name: "Day of Goodwill" },
  { date: "2027-12-27", name: "Day of Goodwill (observed)" },

  { date: "2028-01-01", name: "New Year's Day" },
  { date: "2028-03-21", name: "Human Rights Day" },
  { date: "2028-04-14", name: "Good Friday" },
  { date: "2028-04-17", name: "Family Day" },
  { date: "2028-04-27", name: "Freedom Day" },
  { date: "2028-05-01", name: "Workers' Day" },
  { date: "2028-06-16", name: "Youth Day" },
  { date: "2028-08-09", name: "National Women's Day" },
  { date: "2028-09-24", name: "Heritage Day" },
  { date: "2028-09-25", name: "Heritage Day (observed)" },
  { date: "2028-12-16", name: "Day of Reconciliation" },
  { date: "2028-12-25", name: "Christmas Day" },
  { date: "2028-12-26", name: "Day of Goodwill" },
];

/** The dates alone, the third argument of `openingStatus`. */
export const SOUTH_AFRICAN_HOLIDAY_DATES: readonly string[] = SOUTH_AFRICAN_PUBLIC_HOLIDAYS.map((h) => h.date);

const holidayNames = new Map(SOUTH_AFRICAN_PUBLIC_HOLIDAYS.map((h) => [h.date, h.name]));

/** The holiday's name on a YYYY-MM-DD date, if the list has one. */
export const publicHolidayName = (date: string): string | undefined => holidayNames.get(date);

const FIXED: readonly [month: number, day: number, name: string][] = [
  [1, 1, "New Year's Day"],
  [3, 21, "Human Rights Day"],
  [4, 27, "Freedom Day"],
  [5, 1, "Workers' Day"],
  [6, 16, "Youth Day"],
  [8, 9, "National Women's Day"],
  [9, 24, "Heritage Day"],
  [12, 16, "Day of Reconciliation"],
  [12, 25, "Christmas Day"],
  [12, 26, "Day of Goodwill"],
];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), as [month, day]. */
export function easterSunday(year: number): [month: number, day: number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The Act's holidays of one year, with the Monday after each one falling on a Sunday; in date order. */
export function southAfricanHolidaysOf(year: number): PublicHoliday[] {
  const [easterMonth, easterDay] = easterSunday(year);
  const easter = Date.UTC(year, easterMonth - 1, easterDay);
  const DAY = 86_400_000;
  const out: PublicHoliday[] = [
    ...FIXED.map(([month, day, name]) => ({ date: isoDate(new Date(Date.UTC(year, month - 1, day))), name })),
    { date: isoDate(new Date(easter - 2 * DAY)), name: "Good Friday" },
    { date: isoDate(new Date(easter + DAY)), name: "Family Day" },
  ];
  for (const holiday of [...out]) {
    const at = Date.parse(`${holiday.date}T00:00:00Z`);
    if (new Date(at).getUTCDay() !== 0) continue;
    const monday = isoDate(new Date(at + DAY));
    // Two holidays never fall on one Sunday and Monday together in practice; keep the list unique anyway.
    if (!out.some((h) => h.date === monday)) out.push({ date: monday, name: `${holiday.name} (observed)` });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
