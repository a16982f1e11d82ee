import { z } from "~/lib/zod";

// Newsletter rules shared by the dialog (instant messages) and the /newsletter action.

export const NEWSLETTER_CONSENT_TEXT = "By entering your email you accept our terms of use and privacy policy.";
export const NEWSLETTER_VALUE_LINE = "New launches, price changes and the best deals in South Africa, once a week.";
export const NEWSLETTER_PENDING_MESSAGE = "Almost done: check your inbox to confirm your subscription.";

export const EMAIL_MAX = 254;

export const newsletterSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .string()
        .min(1, { error: "Please enter your email address" })
        .max(EMAIL_MAX, { error: "Please enter a valid email address" })
        .pipe(z.email({ error: "Please enter a valid email address" })),
    ),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** What POST /newsletter answers (JSON), for the dialog's fetcher. */
export type NewsletterResponse =
  | { ok: true; message: string }
  | { ok: false; formError?: string; fieldErrors?: { email?: string } };

// Links carry 32 random bytes in base64url (43 characters); anything else is malformed.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedToken(token: string | null | undefined): token is string {
  return typeof token === "string" && TOKEN_PATTERN.test(token);
}

/** "jane.doe@example.com" → "j•••@example.com": enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
