import { eq } from "drizzle-orm";
import { formatPhone } from "~/lib/phone";
import { db } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { dealerContacts, dealers } from "../../../db/schema";
import { dealerContactTopicLabels } from "./dealer-contact";
import type { DealerContactInput } from "./dealer-contact-schema";
import { dealerUrl } from "./urls";

// A visitor writing to a dealer from its page. The message is stored first, then mailed to the
// dealer with Reply-To the visitor, so the dealer answers them directly (as the used-car ad's
// contact does, app/features/marketplace/ad-page/seller-contact.server.ts). A mail failure never
// loses the message: it is in dealer_contacts.

type ContactDealerResult = { ok: true; mailed: boolean } | { ok: false; reason: "not-found" | "no-email" };

export async function contactDealer(
  dealerId: number,
  input: DealerContactInput,
  from: { userId?: string | null; visitorId?: string | null } = {},
): Promise<ContactDealerResult> {
  const [dealer] = await db()
    .select({ id: dealers.id, slug: dealers.slug, name: dealers.name, email: dealers.email })
    .from(dealers)
    .where(eq(dealers.id, dealerId))
    .limit(1);
  if (!dealer) return { ok: false, reason: "not-found" };
  // The page offers no form without an address to send it to.
  if (!dealer.email) return { ok: false, reason: "no-email" };
  const [contact] = await db()
    .insert(dealerContacts)
    .values({
      dealerId,
      userId: from.userId ?? null,
      visitorId: from.visitorId ?? null,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      topic: input.topic,
      message: input.message,
    })
    .returning({ id: dealerContacts.id });
  try {
    await mailDealer({ name: dealer.name, email: dealer.email, id: dealer.id, slug: dealer.slug }, input);
    return { ok: true, mailed: true };
  } catch (err) {
    logger.error({ err, dealerId, contactId: contact?.id }, "dealer contact stored but not mailed");
    return { ok: true, mailed: false };
  }
}

/** "Enquiry about a used car from Thandi Nkosi". */
function dealerMailSubject(input: Pick<DealerContactInput, "topic" | "name">): string {
  const about = input.topic === "other" ? "" : ` about ${dealerContactTopicLabels[input.topic].toLowerCase()}`;
  return `Enquiry${about} from ${input.name}`;
}

async function mailDealer(dealer: { id: number; slug: string; name: string; email: string }, input: DealerContactInput): Promise<void> {
  const details = [
    `From: ${input.name} <${input.email}>`,
    ...(input.phone ? [`Phone: ${formatPhone(input.phone)}`] : []),
    `About: ${dealerContactTopicLabels[input.topic]}`,
  ];
  const subject = dealerMailSubject(input);
  const { html, text } = renderMail({
    preheader: `${input.name} wrote to ${dealer.name} through Voitura`,
    heading: subject,
    paragraphs: [details.join("\n"), input.message],
    action: { label: "See your page on Voitura", url: `${publicUrl()}${dealerUrl(dealer)}` },
    footer: "Reply to this mail to answer the sender directly. They wrote from your page in Voitura's dealer directory.",
  });
  await sendMail({ to: { name: dealer.name, address: dealer.email }, replyTo: { name: input.name, address: input.email }, subject, text, html });
}
