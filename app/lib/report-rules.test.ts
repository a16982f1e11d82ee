import { describe, expect, it } from "vitest";
import { accountReporterKey, reportCountsTowardsReview, REPORTER_MIN_ACCOUNT_AGE_MS } from "./report-rules";

describe("reportCountsTowardsReview", () => {
  const reportedAt = new Date("2026-11-20T12:00:00Z");
  it("counts a verified account a day old or more", () => {
    expect(reportCountsTowardsReview({ emailVerified: true, createdAt: new Date(reportedAt.getTime() - REPORTER_MIN_ACCOUNT_AGE_MS) }, reportedAt)).toBe(true);
  });
  it("does not count an account younger than a day", () => {
    expect(reportCountsTowardsReview({ emailVerified: true, createdAt: new Date(reportedAt.getTime() - REPORTER_MIN_ACCOUNT_AGE_MS + 1000) }, reportedAt)).toBe(false);
  });
  it("does not count an unverified account, however old", () => {
    expect(reportCountsTowardsReview({ emailVerified: false, createdAt: new Date("2020-01-01") }, reportedAt)).toBe(false);
  });
  it("keys a reporter on the account alone", () => {
    expect(accountReporterKey("abc")).toBe("user:abc");
  });
});
