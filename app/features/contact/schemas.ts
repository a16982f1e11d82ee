import { z } from "~/lib/zod";

// The contact form's rules, shared by the browser (instant messages on submit) and the action
// (the authority). Text is stored as typed (unicode, even markup) and escaped on output.

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  messageMax: 5000,
} as const;

export const CONTACT_SUCCESS_MESSAGE = "Thank you, your message has been sent. We reply within two working days.";

// Control characters other than tab and line breaks have no place in a message (and NUL is
// refused by PostgreSQL); NFC keeps one spelling of accented letters.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function cleanText(value: string): string {
  return value.normalize("NFC").replace(CONTROL, "").replace(/\r\n?/g, "\n").trim();
}

/** One line: any run of whitespace (line breaks included) becomes one space. */
export function cleanLine(value: string): string {
  return cleanText(value).replace(/\s+/g, " ");
}

/** Phone in a South African format: 0XX XXX XXXX or +27 XX XXX XXXX (spaces, dashes, brackets allowed). */
export function normalisePhone(value: string): string | null {
  const compact = value.replace(/[\s\-().]/g, "");
  return /^(?:\+27|0)[1-9]\d{8}$/.test(compact) ? compact : null;
}

const text = (required: string) => z.string({ error: required });

export const contactSchema = z.object({
  name: text("Please enter your name")
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, { error: "Please enter your name" })
        .max(CONTACT_LIMITS.name, { error: `Your name must be ${CONTACT_LIMITS.name} characters or fewer` }),
    ),
  email: text("Please enter a valid email address")
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, { error: "Please enter your email address" })
        .max(CONTACT_LIMITS.email, { error: "Please enter a valid email address" })
        .pipe(z.email({ error: "Please enter a valid email address" })),
    ),
  phone: z
    .string({ error: "Please enter a South African phone number, for example 082 123 4567 or +27 82 123 4567" })
    .optional()
    .transform((v) => (v === undefined ? "" : cleanLine(v)))
    .transform((v, ctx) => {
      if (v === "") return undefined;
      const phone = normalisePhone(v);
      if (phone === null) {
        ctx.issues.push({
          code: "custom",
          input: v,
          message: "Please enter a South African phone number, for example 082 123 4567 or +27 82 123 4567",
        });
        return z.NEVER;
      }
      return phone;
    }),
  subject: text("Please enter a subject")
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, { error: "Please enter a subject" })
        .max(CONTACT_LIMITS.subject, { error: `The subject must be ${CONTACT_LIMITS.subject} characters or fewer` }),
    ),
  message: text("Please enter your message")
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, { error: "Please enter your message" })
        .min(CONTACT_LIMITS.messageMin, { error: `Your message must be at least ${CONTACT_LIMITS.messageMin} characters` })
        .max(CONTACT_LIMITS.messageMax, { error: `Your message must be ${CONTACT_LIMITS.messageMax} characters or fewer` }),
    ),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;
export const contactFields = ["name", "email", "phone", "subject", "message"] as const satisfies readonly ContactField[];

/** The form's raw string values, echoed back after a failed submit (never the captcha field). */
export type ContactValues = Partial<Record<ContactField, string>>;

export function contactValues(source: FormData | Record<string, unknown>): ContactValues {
  const get = (key: string) => (source instanceof FormData ? source.get(key) : source[key]);
  const out: ContactValues = {};
  for (const field of contactFields) {
    const value = get(field);
    if (typeof value === "string") out[field] = value.slice(0, 10_000);
  }
  return out;
}
