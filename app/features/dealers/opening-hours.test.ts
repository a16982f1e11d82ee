import { describe, expect, it } from "vitest";
import type { OpeningHours } from "../../../db/schema/vocabulary";
import { hasOpeningHours, intervalsText, openingStatus, openingWeek, southAfricanDay, timeMinutes } from "./opening-hours";
import { SOUTH_AFRICAN_PUBLIC_HOLIDAYS, easterSunday, southAfricanHolidaysOf } from "./public-holidays";

/** An instant given as South African wall-clock time (UTC+2). */
const sast = (local: string) => new Date(`${local}:00+02:00`);

const weekdays9to5 = [{ opens: "08:00", closes: "17:00" }];
const dealerHours: OpeningHours = {
  mon: weekdays9to5,
  tue: weekdays9to5,
  wed: weekdays9to5,
  thu: weekdays9to5,
  fri: weekdays9to5,
  sat: [{ opens: "08:00", closes: "13:00" }],
  sun: [],
  holidays: [{ opens: "09:00", closes: "13:00" }],
};
const closedWeek: OpeningHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [], holidays: [] };

describe("openingStatus", () => {
  it("is open inside an interval and says when it closes", () => {
    // 2026-03-04 is a Wednesday.
    expect(openingStatus(dealerHours, sast("2026-03-04T10:15"), [])).toEqual({ open: true, label: "Open now · closes 17:00" });
    expect(openingStatus(dealerHours, sast("2026-03-04T08:00"), [])).toEqual({ open: true, label: "Open now · closes 17:00" });
  });

  it("reads the instant in South African time whatever the instant's own zone", () => {
    // 06:30 UTC is 08:30 in Johannesburg.
    expect(openingStatus(dealerHours, new Date("2026-03-04T06:30:00Z"), []).open).toBe(true);
    // 15:30 UTC is 17:30: closed, opens tomorrow.
    expect(openingStatus(dealerHours, new Date("2026-03-04T15:30:00Z"), [])).toEqual({ open: false, label: "Closed · opens Thu 08:00" });
    expect(southAfricanDay(new Date("2026-03-04T22:30:00Z"))).toEqual({ date: "2026-03-05", weekday: "thu" });
  });

  it("closes at the closing minute and opens later the same day", () => {
    expect(openingStatus(dealerHours, sast("2026-03-04T17:00"), [])).toEqual({ open: false, label: "Closed · opens Thu 08:00" });
    expect(openingStatus(dealerHours, sast("2026-03-04T06:59"), [])).toEqual({ open: false, label: "Closed · opens 08:00" });
  });

  it("keeps an interval past midnight open on the next day, as the day it opened", () => {
    const lateFriday: OpeningHours = { ...closedWeek, fri: [{ opens: "20:00", closes: "02:00" }] };
    // 2026-03-07 is a Saturday; Saturday itself has no hours.
    expect(openingStatus(lateFriday, sast("2026-03-07T01:00"), [])).toEqual({ open: true, label: "Open now · closes 02:00" });
    expect(openingStatus(lateFriday, sast("2026-03-06T23:59"), [])).toEqual({ open: true, label: "Open now · closes 02:00" });
    expect(openingStatus(lateFriday, sast("2026-03-07T02:00"), [])).toEqual({ open: false, label: "Closed · opens Fri 20:00" });
    // Friday's interval counts even when Saturday is a holiday with no hours.
    expect(openingStatus(lateFriday, sast("2026-03-07T01:00"), ["2026-03-07"]).open).toBe(true);
  });

  it("uses the holiday hours on a date given as a holiday", () => {
    // Wednesday 2026-03-04 made a holiday: 09:00–13:00 instead of 08:00–17:00.
    expect(openingStatus(dealerHours, sast("2026-03-04T08:30"), ["2026-03-04"])).toEqual({ open: false, label: "Closed · opens 09:00" });
    expect(openingStatus(dealerHours, sast("2026-03-04T12:00"), ["2026-03-04"])).toEqual({ open: true, label: "Open now · closes 13:00" });
    expect(openingStatus(dealerHours, sast("2026-03-04T14:00"), ["2026-03-04"])).toEqual({ open: false, label: "Closed · opens Thu 08:00" });
    // The same instant without the holiday.
    expect(openingStatus(dealerHours, sast("2026-03-04T14:00"), []).open).toBe(true);
  });

  it("uses South Africa's holidays by default: Family Day 2026 is Monday 6 April", () => {
    const closedOnHolidays = { ...dealerHours, holidays: [] };
    expect(openingStatus(closedOnHolidays, sast("2026-04-06T10:00"))).toEqual({ open: false, label: "Closed · opens Tue 08:00" });
    // Good Friday (3 April) closed, Saturday open as usual.
    expect(openingStatus(closedOnHolidays, sast("2026-04-03T10:00"))).toEqual({ open: false, label: "Closed · opens Sat 08:00" });
  });

  it("finds the next opening several days ahead", () => {
    const mondaysOnly: OpeningHours = { ...closedWeek, mon: [{ opens: "07:30", closes: "12:00" }] };
    // Wednesday → next Monday.
    expect(openingStatus(mondaysOnly, sast("2026-03-04T10:00"), [])).toEqual({ open: false, label: "Closed · opens Mon 07:30" });
    // A Monday holiday pushes it a week on: the label then names the date.
    expect(openingStatus(mondaysOnly, sast("2026-03-04T10:00"), ["2026-03-09"])).toEqual({ open: false, label: "Closed · opens Mon 16 Mar 07:30" });
  });

  it("is closed all day on a day without hours", () => {
    // Sunday 2026-03-08.
    expect(openingStatus(dealerHours, sast("2026-03-08T11:00"), [])).toEqual({ open: false, label: "Closed · opens Mon 08:00" });
  });

  it("says only Closed for a week without any hours", () => {
    expect(openingStatus(closedWeek, sast("2026-03-04T10:00"), [])).toEqual({ open: false, label: "Closed" });
    expect(hasOpeningHours(closedWeek)).toBe(false);
    expect(hasOpeningHours(dealerHours)).toBe(true);
    expect(hasOpeningHours(null)).toBe(false);
  });

  it("says Open 24 hours on a day open around the clock, and over a whole always-open week", () => {
    const allDay = [{ opens: "00:00", closes: "00:00" }];
    const always: OpeningHours = { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay, holidays: allDay };
    expect(openingStatus(always, sast("2026-03-04T03:00"), [])).toEqual({ open: true, label: "Open 24 hours" });
    const wednesdayOnly: OpeningHours = { ...closedWeek, wed: allDay };
    expect(openingStatus(wednesdayOnly, sast("2026-03-04T15:00"), [])).toEqual({ open: true, label: "Open 24 hours" });
    expect(openingStatus(wednesdayOnly, sast("2026-03-05T00:00"), [])).toEqual({ open: false, label: "Closed · opens Wed 00:00" });
  });

  it("merges intervals that touch into one opening", () => {
    const split: OpeningHours = { ...closedWeek, wed: [{ opens: "08:00", closes: "12:00" }, { opens: "12:00", closes: "18:00" }] };
    expect(openingStatus(split, sast("2026-03-04T09:00"), [])).toEqual({ open: true, label: "Open now · closes 18:00" });
    const lunch: OpeningHours = { ...closedWeek, wed: [{ opens: "08:00", closes: "12:00" }, { opens: "13:00", closes: "17:00" }] };
    expect(openingStatus(lunch, sast("2026-03-04T12:30"), [])).toEqual({ open: false, label: "Closed · opens 13:00" });
  });

  it("ignores unreadable times instead of failing", () => {
    const broken: OpeningHours = { ...closedWeek, wed: [{ opens: "8am", closes: "17:00" }], thu: weekdays9to5 };
    expect(openingStatus(broken, sast("2026-03-04T10:00"), [])).toEqual({ open: false, label: "Closed · opens Thu 08:00" });
    expect(timeMinutes("24:00")).toBeNull();
    expect(timeMinutes("23:59")).toBe(1439);
  });
});

describe("openingWeek", () => {
  it("lists Monday to Sunday with each day's hours, without today when no instant is given", () => {
    const { rows, holidayHours } = openingWeek(dealerHours);
    expect(rows.map((r) => `${r.name}: ${r.hours}`)).toEqual([
      "Monday: 08:00–17:00",
      "Tuesday: 08:00–17:00",
      "Wednesday: 08:00–17:00",
      "Thursday: 08:00–17:00",
      "Friday: 08:00–17:00",
      "Saturday: 08:00–13:00",
      "Sunday: Closed",
    ]);
    expect(rows.some((r) => r.today)).toBe(false);
    expect(holidayHours).toBe("09:00–13:00");
  });

  it("marks today and notes the holidays of the coming seven days", () => {
    // Thursday 2 April 2026: Good Friday on the 3rd, Family Day on Monday the 6th.
    const { rows } = openingWeek(dealerHours, sast("2026-04-02T09:00"));
    expect(rows.filter((r) => r.today).map((r) => r.day)).toEqual(["thu"]);
    expect(rows.find((r) => r.day === "fri")?.holiday).toEqual({ date: "2026-04-03", name: "Good Friday", hours: "09:00–13:00" });
    expect(rows.find((r) => r.day === "mon")?.holiday).toEqual({ date: "2026-04-06", name: "Family Day", hours: "09:00–13:00" });
    expect(rows.find((r) => r.day === "wed")?.holiday).toBeUndefined();
  });

  it("writes intervals as text", () => {
    expect(intervalsText([])).toBe("Closed");
    expect(intervalsText(undefined)).toBe("Closed");
    expect(intervalsText([{ opens: "00:00", closes: "00:00" }])).toBe("Open 24 hours");
    expect(intervalsText([{ opens: "08:00", closes: "12:30" }, { opens: "13:30", closes: "17:00" }])).toBe("08:00–12:30, 13:30–17:00");
    expect(intervalsText([{ opens: "20:00", closes: "02:00" }])).toBe("20:00–02:00");
  });
});

describe("South African public holidays", () => {
  it("finds Easter", () => {
    expect(easterSunday(2025)).toEqual([4, 20]);
    expect(easterSunday(2026)).toEqual([4, 5]);
    expect(easterSunday(2027)).toEqual([3, 28]);
    expect(easterSunday(2028)).toEqual([4, 16]);
  });

  it("the listed dates for 2025-2028 are the Act's holidays with the Sunday rule", () => {
    for (const year of [2025, 2026, 2027, 2028]) {
      const listed = SOUTH_AFRICAN_PUBLIC_HOLIDAYS.filter((h) => h.date.startsWith(`${year}-`));
      expect(listed, String(year)).toEqual(southAfricanHolidaysOf(year));
    }
  });

  it("keeps a Sunday holiday on the Monday after it", () => {
    const observed = (year: number) => southAfricanHolidaysOf(year).filter((h) => h.name.endsWith("(observed)"));
    expect(observed(2025)).toEqual([{ date: "2025-04-28", name: "Freedom Day (observed)" }]);
    expect(observed(2026)).toEqual([{ date: "2026-08-10", name: "National Women's Day (observed)" }]);
    expect(observed(2027).map((h) => h.date)).toEqual(["2027-03-22", "2027-12-27"]);
    expect(observed(2028).map((h) => h.date)).toEqual(["2028-09-25"]);
    for (const h of SOUTH_AFRICAN_PUBLIC_HOLIDAYS.filter((x) => x.name.endsWith("(observed)"))) {
      expect(new Date(`${h.date}T00:00:00Z`).getUTCDay(), h.date).toBe(1);
    }
  });
});
