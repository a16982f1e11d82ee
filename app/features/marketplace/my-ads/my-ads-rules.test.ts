import { describe, expect, it } from "vitest";
import { buttonsFor, doneMessage, isMyAdIntent, liveAdsLine, longDate, shortDate, timeLine } from "./my-ads-rules";
import { reducedFrom } from "../pricing/price-reduction";

const NOW = new Date("2026-11-20T10:00:00Z");
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

describe("my ads rules", () => {
  it("offers the buttons each status allows; Renew on a live ad only in its last week", () => {
    expect(buttonsFor("published", at(30), NOW)).toEqual(["edit", "sold", "pause", "delete"]);
    expect(buttonsFor("published", at(6), NOW)).toEqual(["edit", "sold", "renew", "pause", "delete"]);
    expect(buttonsFor("paused", at(30), NOW)).toEqual(["unpause", "edit", "sold", "delete"]);
    expect(buttonsFor("expired", at(-3), NOW)).toEqual(["renew", "edit", "sold", "delete"]);
    expect(buttonsFor("sold", null, NOW)).toEqual(["delete"]);
    expect(buttonsFor("removed", null, NOW)).toEqual([]);
  });

  it("says how long is left in South African days", () => {
    expect(timeLine({ status: "published", expiresAt: at(11.5), soldAt: null }, NOW)).toBe("Expires in 12 days");
    expect(timeLine({ status: "published", expiresAt: at(0.5), soldAt: null }, NOW)).toBe("Expires tomorrow");
    expect(timeLine({ status: "published", expiresAt: at(-0.01), soldAt: null }, NOW)).toBe("Expires today");
    expect(timeLine({ status: "expired", expiresAt: new Date("2026-11-03T08:00:00Z"), soldAt: null }, NOW)).toBe("Expired on 3 Nov");
    // 23:30 UTC on 2 November is already 3 November in Johannesburg.
    expect(timeLine({ status: "expired", expiresAt: new Date("2026-11-02T23:30:00Z"), soldAt: null }, NOW)).toBe("Expired on 3 Nov");
    expect(timeLine({ status: "sold", expiresAt: null, soldAt: new Date("2025-12-24T10:00:00Z") }, NOW)).toBe("Sold on 24 Dec 2025");
    expect(timeLine({ status: "paused", expiresAt: at(10), soldAt: null }, NOW)).toBe("Paused: buyers do not see it");
    expect(shortDate(new Date("2027-01-24T10:00:00Z"), NOW)).toBe("24 Jan 2027");
    expect(longDate(new Date("2026-01-24T10:00:00Z"), new Date("2026-01-01T00:00:00Z"))).toBe("24 January");
  });

  it("words each action's notice and the live-ads line", () => {
    expect(doneMessage("renew", { title: "2019 VW Polo", expiresAt: new Date("2027-01-19T10:00:00Z") }, NOW)).toBe("“2019 VW Polo” is online again until 19 January 2027.");
    expect(doneMessage("pause", undefined, NOW)).toBe("Your ad is paused: buyers no longer see it.");
    expect(doneMessage("delete", undefined, NOW)).toBe("Your ad was deleted, with its photos.");
    expect(liveAdsLine(7, 10)).toBe("7 of 10 live ads");
    expect(isMyAdIntent("unpause")).toBe(true);
    expect(isMyAdIntent("publish")).toBe(false);
    expect(isMyAdIntent(undefined)).toBe(false);
  });

  it("shows a reduction only when the old price is above the new one", () => {
    expect(reducedFrom(179_900, 189_900)).toBe(189_900);
    expect(reducedFrom(179_900, null)).toBeNull();
    expect(reducedFrom(179_900, 179_900)).toBeNull();
    expect(reducedFrom(199_000, 189_900)).toBeNull();
  });
});
