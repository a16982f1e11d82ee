import { formatPhone } from "~/lib/phone";
import { provinceName } from "~/lib/places";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { site } from "~/lib/site";
import type { LeadContactTime } from "../../../db/schema/vocabulary";
import { leadDeletionUrl } from "./lead-deletion-token.server";
import { leadContactTimeLabels, leadRequestLines, type LeadShown, tradeInCarText } from "./lead-labels";

// The lead's mails (a find-my-car request or a trade-in), sent once its transaction has committed:
// the shopper's confirmation (with the dealers that will call and the deletion link), one mail per
// dealer (Reply-To the shopper), and the sales desk's when no dealer matched. A failed mail is logged; the lead stays stored.

export interface LeadForMail extends LeadShown {
  id: number;
  name: string;
  email: string;
  phone: string;
  contactTime: LeadContactTime;
}

interface LeadMailDealer {
  name: string;
  city: string;
  email: string;
}

/** Where leads no dealer matched go: LEADS_EMAIL, else the contact address. */
function salesDeskAddress(): string {
  return env().LEADS_EMAIL ?? env().CONTACT_EMAIL ?? site.contactEmail;
}

/** What the lead is about, for subjects and preheaders: the cars wanted, or the car for sale. */
function leadSubject(lead: LeadForMail): string {
  return lead.kind === "trade-in" && lead.tradeIn ? tradeInCarText(lead.tradeIn) : lead.wantedNames.join(", ");
}

function contactLines(lead: LeadForMail): string[] {
  return [`Name: ${lead.name}`, `Mobile: ${formatPhone(lead.phone)}`, `E-mail: ${lead.email}`, `Best time to call: ${leadContactTimeLabels[lead.contactTime]}`];
}

async function mailShopper(lead: LeadForMail, dealers: readonly LeadMailDealer[]): Promise<void> {
  const who = dealers.length
    ? `These dealers will contact you:\n${dealers.map((d) => `- ${d.name}, ${d.city}`).join("\n")}`
    : `No dealer in ${provinceName(lead.province)} matched your request yet, so ${site.name}'s sales team will contact you.`;
  const heading = lead.kind === "trade-in" ? "Offers for your car" : "We help you find your vehicle";
  const { html, text } = renderMail({
    preheader: "We received your request and passed it on.",
    heading,
    paragraphs: [`Hello ${lead.name}, thank you: we received your request.`, leadRequestLines(lead).join("\n"), who],
    action: { label: "Delete my request", url: leadDeletionUrl(lead.id) },
    footer: "You get this mail because you asked for offers on Voitura. The link above deletes your request and your details; the dealers who received it may already have a copy.",
  });
  await sendMail({ to: { name: lead.name, address: lead.email }, subject: `Your request: ${heading.toLowerCase()}`, text, html });
}

async function mailDealer(lead: LeadForMail, dealer: LeadMailDealer): Promise<void> {
  const tradeIn = lead.kind === "trade-in";
  const subject = `${tradeIn ? "Trade-in lead" : "New lead"} from ${site.name}: ${leadSubject(lead)}`;
  const { html, text } = renderMail({
    preheader: tradeIn ? `${lead.name} would like an offer for their ${leadSubject(lead)}` : `${lead.name} is looking for ${leadSubject(lead)}`,
    heading: tradeIn ? "A seller would like an offer for their car" : "A shopper would like an offer",
    paragraphs: [contactLines(lead).join("\n"), leadRequestLines(lead).join("\n")],
    footer: `Reply to this mail to answer ${lead.name} directly. They agreed to be contacted by up to three dealers through ${site.name}.`,
  });
  await sendMail({ to: { name: dealer.name, address: dealer.email }, replyTo: { name: lead.name, address: lead.email }, subject, text, html });
}

async function mailSalesDesk(lead: LeadForMail): Promise<void> {
  const subject = `Lead #${lead.id} with no matching dealer: ${leadSubject(lead)}`;
  const { html, text } = renderMail({
    preheader: `${lead.name} in ${provinceName(lead.province)}: no dealer matched`,
    heading: "A lead no dealer matched",
    paragraphs: [contactLines(lead).join("\n"), leadRequestLines(lead).join("\n")],
    footer: `Reply to this mail to answer ${lead.name} directly.`,
  });
  await sendMail({ to: salesDeskAddress(), replyTo: { name: lead.name, address: lead.email }, subject, text, html });
}

async function logged(what: string, leadId: number, send: () => Promise<void>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (err) {
    logger.error({ err, leadId }, `lead stored but the ${what} mail failed`);
    return false;
  }
}

/** Sends every mail of a new lead; never throws. */
export async function sendLeadMails(lead: LeadForMail, dealers: readonly LeadMailDealer[]): Promise<void> {
  await logged("shopper's confirmation", lead.id, () => mailShopper(lead, dealers));
  for (const dealer of dealers) await logged("dealer's", lead.id, () => mailDealer(lead, dealer));
  if (dealers.length === 0) await logged("sales desk's", lead.id, () => mailSalesDesk(lead));
}
