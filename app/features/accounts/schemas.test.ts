import { describe, expect, it } from "vitest";
import { accountMessages as m } from "./messages";
import { safeReturnPath } from "~/lib/return-path";
import { changePasswordSchema, isStrongPassword, signInSchema, signUpSchema } from "./schemas";

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown) {
  const result = schema.safeParse(input);
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe("sign-in form rules", () => {
  it("asks for a valid email and a password, with the spec's words", () => {
    expect(errorsOf(signInSchema, {})).toEqual({ email: m.invalidEmail, password: m.passwordRequired });
    expect(errorsOf(signInSchema, { email: "thabo@", password: " " })).toEqual({ email: m.invalidEmail, password: m.passwordRequired });
    expect(errorsOf(signInSchema, { email: "two words@example.co.za", password: "x" })).toEqual({ email: m.invalidEmail });
  });

  it("trims the inputs", () => {
    expect(signInSchema.parse({ email: "  thabo@example.co.za ", password: " Secret123 " })).toEqual({ email: "thabo@example.co.za", password: "Secret123" });
  });
});

describe("sign-up form rules", () => {
  const valid = { name: "Thabo", email: "thabo@example.co.za", password: "Secret123", confirm_password: "Secret123" };

  it("reports every empty field with the spec's messages", () => {
    expect(errorsOf(signUpSchema, { name: " ", email: "", password: "", confirm_password: "" })).toEqual({
      name: m.nameRequired,
      email: m.invalidEmail,
      password: m.passwordRequired,
      confirm_password: m.confirmationRequired,
    });
  });

  it("applies the password rule: 8 characters, a digit, an upper and a lower case letter", () => {
    for (const weak of ["Short1A", "alllowercase1", "ALLUPPERCASE1", "NoDigitsHere"]) {
      expect(isStrongPassword(weak)).toBe(false);
      expect(errorsOf(signUpSchema, { ...valid, password: weak, confirm_password: weak })).toEqual({ password: m.passwordRules });
    }
    expect(isStrongPassword("Secret123")).toBe(true);
  });

  it("needs the confirmation to match", () => {
    expect(errorsOf(signUpSchema, { ...valid, confirm_password: "Secret124" })).toEqual({ confirm_password: m.confirmationMismatch });
    expect(signUpSchema.parse({ ...valid, name: "  Thabo  " }).name).toBe("Thabo");
  });

  it("uses the same rules to change a password", () => {
    expect(errorsOf(changePasswordSchema, { current_password: "", password: "weak", confirm_password: "" })).toEqual({
      current_password: m.passwordRequired,
      password: m.passwordRules,
      confirm_password: m.confirmationRequired,
    });
  });
});

describe("return address after sign-in", () => {
  it("keeps same-site paths", () => {
    expect(safeReturnPath("/mon-compte", "/")).toBe("/mon-compte");
    expect(safeReturnPath("/poster-une-annonce?step=2#photos", "/")).toBe("/poster-une-annonce?step=2#photos");
  });

  it("refuses other sites and tricks", () => {
    for (const hostile of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "mon-compte", "/\tevil", "", null, 42]) {
      expect(safeReturnPath(hostile, "/")).toBe("/");
    }
  });

  it("refuses a path that normalises or decodes to another host", () => {
    for (const hostile of ["/.//evil.com", "/..//evil.com", "/a/..//evil.com", "/%2F%2Fevil.com", "/%5Cevil.com", "/.%2F/evil.com"]) {
      expect(safeReturnPath(hostile, "/"), hostile).toBe("/");
    }
  });
});
