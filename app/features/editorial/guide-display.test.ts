import { describe, expect, it } from "vitest";
import { southAfricanDay } from "~/lib/south-african-time";
import { formatGuideDate, readingTimeText } from "./guide-display";

describe("guide display", () => {
  it("dates a guide by the South African calendar day", () => {
    expect(southAfricanDay(new Date("2026-10-01T22:30:00Z"))).toBe("2026-10-02");
    expect(formatGuideDate("2026-10-02T00:00:00+02:00")).toBe("2 October 2026");
  });

  it("says how long a guide takes to read", () => {
    expect(readingTimeText(6)).toBe("6 min read");
    expect(readingTimeText(0)).toBe("1 min read");
  });
});
