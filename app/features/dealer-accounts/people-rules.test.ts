import { describe, expect, it } from "vitest";
import { invitationExpiry, invitationState, inviteSchema, keepsAnOwner, PEOPLE_MESSAGES } from "./people-rules";

describe("the invitation form", () => {
  it("takes an address (lower-cased) and a role", () => {
    expect(inviteSchema.parse({ email: "  Sipho@Example.CO.ZA ", role: "staff" })).toEqual({ email: "sipho@example.co.za", role: "staff" });
  });

  it("names the field of each problem", () => {
    const result = inviteSchema.safeParse({ email: "not an address", role: "admin" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ email: PEOPLE_MESSAGES.invalidEmail, role: PEOPLE_MESSAGES.invalidRole });
  });
});

describe("an invitation's state", () => {
  const sent = new Date("2026-11-01T10:00:00Z");
  it("is open for seven days, then expired; accepted once used", () => {
    const expiresAt = invitationExpiry(sent);
    expect(expiresAt.toISOString()).toBe("2026-11-08T10:00:00.000Z");
    expect(invitationState({ acceptedAt: null, expiresAt }, new Date("2026-11-08T09:59:59Z"))).toBe("open");
    expect(invitationState({ acceptedAt: null, expiresAt }, new Date("2026-11-08T10:00:00Z"))).toBe("expired");
    expect(invitationState({ acceptedAt: sent, expiresAt }, sent)).toBe("accepted");
  });
});

describe("a dealer keeps an owner", () => {
  it("refuses to demote or remove the last owner", () => {
    expect(keepsAnOwner(["owner", "staff"], "owner", "staff")).toBe(false);
    expect(keepsAnOwner(["owner", "staff"], "owner", null)).toBe(false);
  });
  it("lets one of two owners step down, and anything happen to staff", () => {
    expect(keepsAnOwner(["owner", "owner"], "owner", null)).toBe(true);
    expect(keepsAnOwner(["owner", "staff"], "staff", null)).toBe(true);
    expect(keepsAnOwner(["owner", "staff"], "staff", "owner")).toBe(true);
    expect(keepsAnOwner(["owner"], "owner", "owner")).toBe(true);
  });
});
