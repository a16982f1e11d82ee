import { cleanLine, cleanText, normalisePhone } from "~/features/contact/schemas";
import { z } from "~/lib/zod";
import { DEALER_CONTACT_LIMITS, type DealerContactField, dealerContactTopics } from "./dealer-contact";

// The dealer contact form's rules, shared by the browser (messages under the fields before
// sending) and the action (the authority). Text is kept as typed and escaped on output.

const PHONE_MESSAGE = "Please enter a South African phone number, for example 082 123 4567 or +27 82 123 4567";
const TOPIC_MESSAGE = "Please choose what your message is about";

export const dealerContactSchema = z.object({
  name: z
    .string({ error: "Please enter your name" })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, { error: "Please enter your name" })
        .max(DEALER_CONTACT_LIMITS.name, { error: `Your name must be ${DEALER_CONTACT_LIMITS.name} characters or fewer` }),
    ),
  email: z
    .string({ error: "Please enter a valid email address" })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, { error: "Please enter your email address" })
        .max(DEALER_CONTACT_LIMITS.email, { error: "Please enter a valid email address" })
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
  topic: z.enum(dealerContactTopics, { error: TOPIC_MESSAGE }),
  message: z
    .string({ error: "Please enter your message" })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, { error: "Please enter your message" })
        .min(DEALER_CONTACT_LIMITS.messageMin, { error: `Your message must be at least ${DEALER_CONTACT_LIMITS.messageMin} characters` })
        .max(DEALER_CONTACT_LIMITS.messageMax, { error: `Your message must be ${DEALER_CONTACT_LIMITS.messageMax} characters or fewer` }),
    ),
  // Every field of the form has its rule, and nothing else.
} satisfies Record<DealerContactField, z.ZodType>);

export type DealerContactInput = z.infer<typeof dealerContactSchema>;
