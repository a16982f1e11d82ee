import { cleanLine, cleanText, normalisePhone } from "~/features/contact/schemas";
import { z } from "~/lib/zod";
import { SELLER_CONTACT_LIMITS, type SellerContactField } from "./ad-form-rules";

// The "contact the seller" form's rules, shared by the browser (messages under the fields before
// sending, loaded when a buyer starts writing) and the action (the authority). Text is kept as
// typed and escaped on output. The fixed parts are in ad-form-rules.ts.

export { SELLER_CONTACT_LIMITS, SELLER_CONTACT_SUCCESS, sellerContactFields, sellerContactValues, defaultContactMessage } from "./ad-form-rules";
export type { SellerContactField, SellerContactValues } from "./ad-form-rules";

export const CONSENT_MESSAGE = "Please agree that we pass your message and details on to the seller";
const PHONE_MESSAGE = "Please enter a South African phone number, for example 082 123 4567 or +27 82 123 4567";

const line = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform(cleanLine)
    .pipe(z.string().min(1, { error: required }).max(max, { error: tooLong }));

export const sellerContactSchema = z.object({
  name: line("Please enter your name", SELLER_CONTACT_LIMITS.name, `Your name must be ${SELLER_CONTACT_LIMITS.name} characters or fewer`),
  email: z
    .string({ error: "Please enter a valid email address" })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, { error: "Please enter your email address" })
        .max(SELLER_CONTACT_LIMITS.email, { error: "Please enter a valid email address" })
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
        .min(SELLER_CONTACT_LIMITS.messageMin, { error: `Your message must be at least ${SELLER_CONTACT_LIMITS.messageMin} characters` })
        .max(SELLER_CONTACT_LIMITS.messageMax, { error: `Your message must be ${SELLER_CONTACT_LIMITS.messageMax} characters or fewer` }),
    ),
  consent: z.literal("yes", { error: CONSENT_MESSAGE }),
  // Every field of the form has its rule, and nothing else.
} satisfies Record<SellerContactField, z.ZodType>);

export type SellerContactInput = z.infer<typeof sellerContactSchema>;