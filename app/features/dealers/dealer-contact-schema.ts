import { senderRules } from "~/features/contact/schemas";
import { z } from "~/lib/zod";
import { DEALER_CONTACT_LIMITS, type DealerContactField, dealerContactTopics } from "./dealer-contact";

// The dealer contact form's rules, shared by the browser (messages under the fields before
// sending) and the action (the authority). The sender's fields are the contact page's.

const TOPIC_MESSAGE = "Please choose what your message is about";

const sender = senderRules(DEALER_CONTACT_LIMITS);

export const dealerContactSchema = z.object({
  name: sender.name,
  email: sender.email,
  phone: sender.phone,
  topic: z.enum(dealerContactTopics, { error: TOPIC_MESSAGE }),
  message: sender.message,
  // Every field of the form has its rule, and nothing else.
} satisfies Record<DealerContactField, z.ZodType>);

export type DealerContactInput = z.infer<typeof dealerContactSchema>;
