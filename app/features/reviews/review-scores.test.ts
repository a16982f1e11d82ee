import { describe, expect, it } from "vitest";
import { aggregateRating, bandOf, formatOwnedFor, formatScore, reviewCountLabel, roundScore, summariseReviews, type ReviewScores } from "./review-scores";

function review(overall: number, criteria: Partial<ReviewScores> = {}, recommends = true) {
  return {
    overall,
    comfort: overall,
    performance: overall,
    "fuel-economy": overall,
    reliability: overall,
    practicality: overall,
    "value-for-money": overall,
    "after-sales": overall,
    ...criteria,
    recommends,
  };
}

describe("roundScore", () => {
  it("keeps one decimal, halves up, without float drift", () => {
    expect(roundScore(7.25)).toBe(7.3);
    expect(roundScore(7.24999)).toBe(7.2);
    expect(roundScore(8)).toBe(8);
    expect(roundScore(1.05)).toBe(1.1);
    expect(roundScore(22 / 3)).toBe(7.3);
    expect(roundScore(20 / 3)).toBe(6.7);
  });

  it("prints one decimal always", () => {
    expect(formatScore(8)).toBe("8.0");
    expect(formatScore(7.3)).toBe("7.3");
  });
});

describe("bands of the overall score", () => {
  it("puts each score 0-10 in exactly one band", () => {
    expect([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map(bandOf)).toEqual([
      "excellent",
      "excellent",
      "good",
      "good",
      "average",
      "average",
      "poor",
      "poor",
      "very-poor",
      "very-poor",
      "very-poor",
    ]);
  });
});

describe("summariseReviews", () => {
  it("averages the overall score and each criterion to one decimal", () => {
    const summary = summariseReviews([review(8, { comfort: 9, "after-sales": 4 }), review(7, { comfort: 6 }), review(6, { comfort: 6, "after-sales": 5 })]);
    expect(summary.count).toBe(3);
    expect(summary.overall).toBe(7);
    const byName = Object.fromEntries(summary.criteria.map((c) => [c.criterion, c.average]));
    expect(byName).toEqual({
      comfort: 7,
      performance: 7,
      "fuel-economy": 7,
      reliability: 7,
      practicality: 7,
      "value-for-money": 7,
      "after-sales": roundScore((4 + 7 + 5) / 3),
    });
    expect(summary.criteria.map((c) => c.label)).toEqual([
      "Comfort",
      "Performance",
      "Fuel economy",
      "Reliability",
      "Practicality",
      "Value for money",
      "After-sales service",
    ]);
  });

  it("counts the overall scores by band, best band first, with whole percentages", () => {
    const summary = summariseReviews([review(10), review(9), review(8), review(5), review(1, {}, false), review(9, {}, false)]);
    expect(summary.distribution.map((d) => [d.band, d.range, d.count, d.percent])).toEqual([
      ["excellent", "9–10", 3, 50],
      ["good", "7–8", 1, 17],
      ["average", "5–6", 1, 17],
      ["poor", "3–4", 0, 0],
      ["very-poor", "0–2", 1, 17],
    ]);
    expect(summary.recommendPercent).toBe(67);
  });

  it("has no averages and no share without reviews", () => {
    const summary = summariseReviews([]);
    expect(summary).toMatchObject({ count: 0, overall: null, recommendPercent: null });
    expect(summary.criteria.every((c) => c.average === null)).toBe(true);
    expect(summary.distribution.every((d) => d.count === 0 && d.percent === 0)).toBe(true);
  });
});

describe("aggregateRating (Google's rule: three reviews or more)", () => {
  it("is absent under three reviews", () => {
    expect(aggregateRating(summariseReviews([]))).toBeUndefined();
    expect(aggregateRating(summariseReviews([review(8), review(9)]))).toBeUndefined();
  });

  it("gives the average on a 0-10 scale with both counts from three reviews", () => {
    expect(aggregateRating(summariseReviews([review(8), review(9), review(6)]))).toEqual({
      "@type": "AggregateRating",
      ratingValue: 7.7,
      bestRating: 10,
      worstRating: 0,
      ratingCount: 3,
      reviewCount: 3,
    });
  });
});

describe("words", () => {
  it("says how many reviews and how long the car was owned", () => {
    expect(reviewCountLabel(1)).toBe("1 owner review");
    expect(reviewCountLabel(12)).toBe("12 owner reviews");
    expect(formatOwnedFor(8)).toBe("8 months");
    expect(formatOwnedFor(12)).toBe("1 year");
    expect(formatOwnedFor(27)).toBe("2 years and 3 months");
    expect(formatOwnedFor(13)).toBe("1 year and 1 month");
  });
});
