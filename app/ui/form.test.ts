import { describe, expect, it } from "vitest";
import { z } from "zod";
import { failureMessages, hasErrors, toFieldErrors } from "./form";

describe("form messages", () => {
  it("reads the field and form messages of a failed answer", () => {
    expect(failureMessages({ ok: false, fieldErrors: { email: "Invalid email" }, formError: "Try again" })).toEqual({
      fieldErrors: { email: "Invalid email" },
      formError: "Try again",
    });
    expect(failureMessages({ ok: false, formError: "Link expired", expired: true })).toEqual({ fieldErrors: {}, formError: "Link expired" });
  });

  it("has nothing to show for a success or before any answer", () => {
    for (const answer of [undefined, null, { ok: true, fieldErrors: { email: "stale" } }, "text"]) {
      expect(failureMessages(answer)).toEqual({ fieldErrors: {} });
    }
  });

  it("keeps the first message of each field from a zod error", () => {
    const result = z.object({ email: z.string().min(3, "Too short").email("Invalid email") }).safeParse({ email: "a" });
    expect(result.success).toBe(false);
    const errors = toFieldErrors(result.error!);
    expect(errors).toEqual({ email: "Too short" });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors({})).toBe(false);
  });
});
