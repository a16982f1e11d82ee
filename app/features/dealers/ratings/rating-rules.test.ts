import { describe, expect, it } from "vitest";
import {
  buyerDisplayName,
  dealerAggregateRating,
  formatRating,
  ineligibleMessage,
  ratingCountLabel,
  ratingEligibility,
  RATING_WAIT_DAYS,
  summariseRatings,
} from "./rating-rules";
import { ratingSchema, replySchema, RATING_LIMITS } from "./rating-schemas";

const now = new Date("2026-03-20T10:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe("ratingEligibility", () => {
  it("lets a buyer rate once their first contact is 7 days old", () => {
    expect(ratingEligibility({ isMember: false, hasRated: false, firstContactAt: daysAgo(RATING_WAIT_DAYS), now })).toEqual({ kind: "eligible" });
    expect(ratingEligibility({ isMember: false, hasRated: false, firstContactAt: daysAgo(30), now })).toEqual({ kind: "eligible" });
  });

  it("says from when a buyer who contacted the dealer less than 7 days ago may rate", () => {
    const result = ratingEligibility({ isMember: false, hasRated: false, firstContactAt: daysAgo(2), now });
    expect(result).toEqual({ kind: "too-soon", from: daysAgo(2 - RATING_WAIT_DAYS) });
  });

  it("refuses a buyer without contact, a member of the dealer, and a second rating", () => {
    expect(ratingEligibility({ isMember: false, hasRated: false, firstContactAt: null, now }).kind).toBe("no-contact");
    expect(ratingEligibility({ isMember: true, hasRated: false, firstContactAt: daysAgo(30), now }).kind).toBe("member");
    expect(ratingEligibility({ isMember: false, hasRated: true, firstContactAt: daysAgo(30), now }).kind).toBe("rated");
  });

  it("explains each refusal in words, with the date a too-early buyer may rate", () => {
    const format = (d: Date) => d.toISOString().slice(0, 10);
    expect(ineligibleMessage({ kind: "no-contact" }, "Sandton Motors", format)).toContain("You have not contacted Sandton Motors through Voitura yet");
    expect(ineligibleMessage({ kind: "too-soon", from: new Date("2026-03-25T08:00:00Z") }, "Sandton Motors", format)).toContain("you can rate them from 2026-03-25");
    expect(ineligibleMessage({ kind: "member" }, "Sandton Motors", format)).toContain("cannot rate it");
    expect(ineligibleMessage({ kind: "eligible" }, "Sandton Motors", format)).toBeNull();
  });
});

describe("summariseRatings and the AggregateRating", () => {
  it("averages each criterion and the overall to one decimal", () => {
    // Two ratings: (5, 4, 5) and (3, 4, 4).
    const summary = summariseRatings(2, { response: 8, honesty: 8, asDescribed: 9 });
    expect(summary.count).toBe(2);
    expect(summary.overall).toBe(4.2);
    expect(summary.criteria.map((c) => [c.label, c.average])).toEqual([
      ["Response", 4],
      ["Honesty", 4],
      ["Car as described", 4.5],
    ]);
    expect(formatRating(4)).toBe("4.0");
  });

  it("has no average and no AggregateRating without ratings; one rating is enough for it", () => {
    const none = summariseRatings(0, { response: 0, honesty: 0, asDescribed: 0 });
    expect(none.overall).toBeNull();
    expect(dealerAggregateRating(none)).toBeUndefined();
    expect(dealerAggregateRating(summariseRatings(1, { response: 5, honesty: 4, asDescribed: 3 }))).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4,
      bestRating: 5,
      worstRating: 1,
      ratingCount: 1,
    });
  });

  it("counts in words", () => {
    expect(ratingCountLabel(1)).toBe("1 buyer's rating");
    expect(ratingCountLabel(12)).toBe("12 buyers' ratings");
  });
});

describe("buyerDisplayName", () => {
  it("shows a first name and an initial, never the whole name", () => {
    expect(buyerDisplayName("Thandi Nkosi")).toBe("Thandi N.");
    expect(buyerDisplayName("  Pieter  van der Merwe ")).toBe("Pieter M.");
    expect(buyerDisplayName("Sipho")).toBe("Sipho");
    expect(buyerDisplayName("   ")).toBe("A buyer");
  });
});

describe("the rating and answer schemas", () => {
  const good = { response: "5", honesty: "4", asDescribed: "3", text: "Quick answers and the car was exactly as shown." };

  it("reads three scores from 1 to 5 and a trimmed text", () => {
    expect(ratingSchema.parse({ ...good, text: `  ${good.text}  ` })).toEqual({ response: 5, honesty: 4, asDescribed: 3, text: good.text });
  });

  it("names each missing or out-of-range score and a short or long text", () => {
    const result = ratingSchema.safeParse({ response: "6", honesty: "", text: "Too short" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toContain("response: Please rate response from 1 to 5");
    expect(messages).toContain("honesty: Please rate honesty from 1 to 5");
    expect(messages).toContain("asDescribed: Please rate car as described from 1 to 5");
    expect(messages).toContain(`text: Please write at least ${RATING_LIMITS.textMin} characters`);
    expect(ratingSchema.safeParse({ ...good, text: "x".repeat(RATING_LIMITS.textMax + 1) }).success).toBe(false);
    expect(ratingSchema.safeParse({ ...good, response: "4.5" }).success).toBe(false);
  });

  it("reads an answer to one rating", () => {
    expect(replySchema.parse({ ratingId: "12", reply: " Thank you for coming in. " })).toEqual({ ratingId: 12, reply: "Thank you for coming in." });
    expect(replySchema.safeParse({ ratingId: "12", reply: "Thanks" }).success).toBe(false);
    expect(replySchema.safeParse({ ratingId: "abc", reply: "Thank you for coming in." }).success).toBe(false);
  });
});
