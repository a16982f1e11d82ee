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

const PHONE_MESSAGE = "Please enter a South African phone number, for example 082 123 4567 or +27 82 123 4567";

/** One required line of text: cleaned, then between 1 and `max` characters. */
const line = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: required }).max(max, { error: tooLong }));

/**
 * The sender's fields every contact form asks for (this page, a dealer's, a seller's), so their
 * rules and messages stay one; each form builds its own schema from them with its own limits.
 */
export function senderRules(limits: { name: number; email: number; messageMin: number; messageMax: number }) {
  return {
    name: line("Please enter your name", limits.name, `Your name must be ${limits.name} characters or fewer`),
    email: z
      .string({ error: "Please enter a valid email address" })
      .transform(cleanLine)
      .pipe(
        z
          .string()
          .min(1, { error: "Please enter your email address" })
          .max(limits.email, { error: "Please enter a valid email address" })
          .pipe(z.email({ error: "Please enter a valid email address" })),
      ),
    phone: z
      .string({ error: PHONE_MESSAGE })
      .optional()
      .transform((v, ctx) => {
        const value = v === undefined ? "" : cleanLine(v);
        if (value === "") return undefined;
        const phone = normalisePhone(value);
        if (phone === null) {
          ctx.issues.push({ code: "custom", input: v, message: PHONE_MESSAGE });
          return z.NEVER;
        }
        return phone;
      }),
    message: z
      .string({ error: "Please enter your message" })
      .transform(cleanText)
      .pipe(
        z
          .string()
          .min(1, { error: "Please enter your message" })
          .min(limits.messageMin, { error: `Your message must be at least ${limits.messageMin} characters` })
          .max(limits.messageMax, { error: `Your message must be ${limits.messageMax} characters or fewer` }),
      ),
  };
}

const sender = senderRules(CONTACT_LIMITS);

export const contactSchema = z.object({
  name: sender.name,
  email: sender.email,
  phone: sender.phone,
  subject: line("Please enter a subject", CONTACT_LIMITS.subject, `The subject must be ${CONTACT_LIMITS.subject} characters or fewer`),
  message: sender.message,
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;
const contactFields = ["name", "email", "phone", "subject", "message"] as const satisfies readonly ContactField[];

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
