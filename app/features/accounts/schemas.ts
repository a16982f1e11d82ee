import { z } from "~/lib/zod";
import { accountMessages as m } from "./messages";

// One schema per form, shared by the browser (a convenience) and the server (the rule).

export const MIN_PASSWORD_LENGTH = 8;
// better-auth refuses longer passwords; the limit keeps hashing cost bounded.
export const MAX_PASSWORD_LENGTH = 128;
const MAX_NAME_LENGTH = 80;
export const SESSION_DAYS = 30;
export const VERIFICATION_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 60;
const MAX_EMAIL_LENGTH = 254;


/** The spec's password rule: 8 or more characters with a digit, an uppercase and a lowercase letter. */
export function isStrongPassword(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && /\d/.test(password) && /[A-Z]/.test(password) && /[a-z]/.test(password);
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

// The spec asks for "a basic email pattern" (section 5). better-auth checks every address it is
// given with zod's z.email(), so the forms use that same check: an address it would refuse gets
// the spec's message here instead of a refusal from inside better-auth.
const email = z.preprocess(text, z.email(m.invalidEmail).max(MAX_EMAIL_LENGTH, m.invalidEmail));
const requiredPassword = z.preprocess(text, z.string().min(1, m.passwordRequired).max(MAX_PASSWORD_LENGTH, m.weakPassword));
const newPassword = z.preprocess(
  text,
  z
    .string()
    .min(1, m.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, m.weakPassword)
    .refine(isStrongPassword, m.passwordRules),
);
const confirmation = z.preprocess(text, z.string().min(1, m.confirmationRequired));

export const signInSchema = z.object({ email, password: requiredPassword });
export type SignInInput = z.infer<typeof signInSchema>;
export type SignInField = keyof SignInInput;

export const signUpSchema = z
  .object({
    name: z.preprocess(text, z.string().min(1, m.nameRequired).max(MAX_NAME_LENGTH, `Please keep your name under ${MAX_NAME_LENGTH} characters`)),
    email,
    password: newPassword,
    confirm_password: confirmation,
  })
  .refine((v) => !v.confirm_password || v.confirm_password === v.password, {
    path: ["confirm_password"],
    message: m.confirmationMismatch,
  });
export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignUpField = keyof SignUpInput;

export const passwordResetRequestSchema = z.object({ email });

export const newPasswordSchema = z
  .object({ password: newPassword, confirm_password: confirmation })
  .refine((v) => !v.confirm_password || v.confirm_password === v.password, {
    path: ["confirm_password"],
    message: m.confirmationMismatch,
  });
export type NewPasswordField = "password" | "confirm_password";

export const changePasswordSchema = z
  .object({ current_password: requiredPassword, password: newPassword, confirm_password: confirmation })
  .refine((v) => !v.confirm_password || v.confirm_password === v.password, {
    path: ["confirm_password"],
    message: m.confirmationMismatch,
  });
export type ChangePasswordField = "current_password" | "password" | "confirm_password";

export const DELETE_CONFIRMATION_WORD = "DELETE";
export const deleteAccountSchema = z.object({
  confirmation: z.preprocess(
    text,
    z.string().refine((v) => v === DELETE_CONFIRMATION_WORD, `Type ${DELETE_CONFIRMATION_WORD} to confirm`),
  ),
});

/** Form values as strings, for re-filling a form after an error (never the passwords). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** The fields of a form as a plain object for the schemas. */
export function formFields(form: FormData, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((n) => [n, form.get(n) ?? ""]));
}

