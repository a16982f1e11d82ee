import { describe, expect, it } from "vitest";
import { moderationActionSchema } from "./action-schema";

describe("moderationActionSchema", () => {
  it("restores without a reason and trims one that is given", () => {
    expect(moderationActionSchema.parse({ intent: "restore" })).toEqual({ intent: "restore", reason: "" });
    expect(moderationActionSchema.parse({ intent: "restore", reason: "  Checked the papers  " })).toEqual({ intent: "restore", reason: "Checked the papers" });
  });
  it("needs a reason the seller can read to remove or ban", () => {
    for (const intent of ["remove", "ban"] as const) {
      const refused = moderationActionSchema.safeParse({ intent, reason: "scam" });
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]?.message).toContain("at least 10 characters");
      expect(moderationActionSchema.parse({ intent, reason: "The photos are of another seller's car." })).toMatchObject({ intent });
    }
  });
  it("refuses an unknown action", () => {
    expect(moderationActionSchema.safeParse({ intent: "delete-everything" }).success).toBe(false);
    expect(moderationActionSchema.safeParse({}).success).toBe(false);
  });
});
