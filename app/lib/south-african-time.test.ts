import { describe, expect, it } from "vitest";
import { formatLongDate, formatSouthAfricanDate, southAfricanDay, southAfricanDayStart } from "./south-african-time";

describe("South African time", () => {
  it("puts a moment on its South African day, two hours ahead of UTC all year", () => {
    expect(southAfricanDay("2026-03-14T21:59:59Z")).toBe("2026-03-14");
    expect(southAfricanDay("2026-03-14T22:00:00Z")).toBe("2026-03-15");
    expect(southAfricanDay(new Date("2026-07-01T00:30:00+02:00"))).toBe("2026-07-01");
    expect(southAfricanDay(Date.UTC(2025, 11, 31, 23))).toBe("2026-01-01");
  });

  it("agrees with the time-zone database through a whole year", () => {
    const tz = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg", year: "numeric", month: "2-digit", day: "2-digit" });
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 5 * 3_600_000 + 17 * 60_000) {
      expect(southAfricanDay(at)).toBe(tz.format(at));
    }
  });

  it("starts a day at South African midnight and refuses days that do not exist", () => {
    expect(southAfricanDayStart("2026-06-01")?.toISOString()).toBe("2026-05-31T22:00:00.000Z");
    expect(southAfricanDayStart("2024-02-29")?.toISOString()).toBe("2024-02-28T22:00:00.000Z");
    expect(southAfricanDayStart("2025-02-29")).toBeNull();
    expect(southAfricanDayStart("2025-13-01")).toBeNull();
    expect(southAfricanDayStart("1 March 2026")).toBeNull();
  });

  it("writes days out in full", () => {
    expect(formatLongDate("2024-04-01")).toBe("1 April 2024");
    expect(formatLongDate("not a day")).toBe("not a day");
    expect(formatSouthAfricanDate("2026-10-01T22:30:00Z")).toBe("2 October 2026");
  });
});
