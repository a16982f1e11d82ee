import { describe, expect, it } from "vitest";
import { attemptsLeft, CLAIM_CODE_MAX_ATTEMPTS, CLAIM_CODE_TTL_MS, claimCodeState, maskEmail, readClaimCode, southAfricanClock } from "./claim-rules";
import { claimDecisionSchema, claimReviewSchema } from "./claim-schema";

const sentAt = new Date("2026-03-02T08:00:00Z");
const claim = (attempts = 0) => ({ codeExpiresAt: new Date(sentAt.getTime() + CLAIM_CODE_TTL_MS), codeAttempts: attempts });

describe("a mailed claim code", () => {
  it("is valid for 30 minutes, then expired", () => {
    expect(claimCodeState(claim(), new Date(sentAt.getTime() + 29 * 60_000))).toBe("valid");
    expect(claimCodeState(claim(), new Date(sentAt.getTime() + 30 * 60_000))).toBe("expired");
    expect(claimCodeState({ codeExpiresAt: null, codeAttempts: 0 }, sentAt)).toBe("expired");
  });

  it("is spent after five wrong tries, even in time", () => {
    expect(CLAIM_CODE_MAX_ATTEMPTS).toBe(5);
    expect(claimCodeState(claim(4), sentAt)).toBe("valid");
    expect(attemptsLeft(4)).toBe(1);
    expect(claimCodeState(claim(5), sentAt)).toBe("spent");
    expect(attemptsLeft(7)).toBe(0);
  });

  it("is read as six digits, spaces and dashes dropped", () => {
    expect(readClaimCode(" 123 456 ")).toBe("123456");
    expect(readClaimCode("123-456")).toBe("123456");
    expect(readClaimCode("12345")).toBeNull();
    expect(readClaimCode("1234567")).toBeNull();
    expect(readClaimCode("12345a")).toBeNull();
  });

  it("says its end in South African time", () => {
    expect(southAfricanClock("2026-03-02T08:30:00Z")).toBe("10:30");
  });
});

describe("a listed address, masked", () => {
  it("keeps the first letters and the public suffix", () => {
    expect(maskEmail("sales@motors.co.za")).toBe("s****@m*****.co.za");
    expect(maskEmail("info@highveld.com")).toBe("i***@h*******.com");
    expect(maskEmail("a@b.co.za")).toBe("a@b.co.za");
  });

  it("never shows the whole name or domain", () => {
    const masked = maskEmail("thandi.mokoena@sandtonauto.co.za");
    expect(masked).not.toContain("thandi");
    expect(masked).not.toContain("sandtonauto");
  });
});

describe("the claim forms' rules", () => {
  it("ask a moderator's request for a role, a South African number and a message", () => {
    const ok = claimReviewSchema.safeParse({ role: " Dealer principal ", phone: "082 123 4567", message: "Call the showroom and ask for me, I run it." });
    expect(ok.success && ok.data).toEqual({ role: "Dealer principal", phone: "0821234567", message: "Call the showroom and ask for me, I run it." });
    const bad = claimReviewSchema.safeParse({ role: "", phone: "12345", message: "short" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(["role", "phone", "message"]);
  });

  it("let approval go without words, refusal only with a reason", () => {
    expect(claimDecisionSchema.safeParse({ intent: "approve" }).success).toBe(true);
    expect(claimDecisionSchema.safeParse({ intent: "refuse", reason: "too short" }).success).toBe(false);
    expect(claimDecisionSchema.safeParse({ intent: "refuse", reason: "The listed number says nobody of that name works there." }).success).toBe(true);
    expect(claimDecisionSchema.safeParse({ intent: "ban", reason: "whatever you like" }).success).toBe(false);
  });
});
