import { senderRules } from "~/features/contact/schemas";
import { z } from "~/lib/zod";
import { SELLER_CONTACT_LIMITS, type SellerContactField } from "../ad-form-rules";

// The "contact the seller" form's rules, shared by the browser (messages under the fields before
// sending, loaded when a buyer starts writing) and the action (the authority). The sender's
// fields are the contact page's; the fixed parts are in ad-form-rules.ts.

export { sellerContactValues } from "../ad-form-rules";
export type { SellerContactField, SellerContactValues } from "../ad-form-rules";

export const CONSENT_MESSAGE = "Please agree that we pass your message and details on to the seller";

export const sellerContactSchema = z.object({
  ...senderRules(SELLER_CONTACT_LIMITS),
  consent: z.literal("yes", { error: CONSENT_MESSAGE }),
  // Every field of the form has its rule, and nothing else.
} satisfies Record<SellerContactField, z.ZodType>);

export type SellerContactInput = z.infer<typeof sellerContactSchema>;