import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { CLAIM_CODE_TTL_MS } from "./claim-rules";

// The claim's mails: the code, to the dealer's listed address; the claimant's receipt of a request
// for review; a moderator's or operator's decision, to the claimant's account address.

const minutes = CLAIM_CODE_TTL_MS / 60_000;

/** The six-digit code, to the dealer's listed address: whoever reads that mailbox decides. */
export async function claimCodeMail(options: { to: string; dealerName: string; claimantName: string; code: string }): Promise<void> {
  const { to, dealerName, claimantName, code } = options;
  const { html, text } = renderMail({
    preheader: `Your code to manage ${dealerName} on Voitura`,
    heading: `Your code: ${code}`,
    paragraphs: [
      `${claimantName} asked to manage ${dealerName} on Voitura, and we sent this code to the address listed for the dealership.`,
      `If this is you or a colleague, type the code ${code} on the page where it was asked for. It is valid for ${minutes} minutes.`,
      "If nobody at your dealership asked for it, ignore this mail: without the code nobody can manage your dealership on Voitura.",
    ],
  });
  await sendMail({ to: { name: dealerName, address: to }, subject: `Your code to manage ${dealerName} on Voitura`, text, html });
}

/** The claimant's receipt: their request is with a person. */
export async function claimantMail(user: { name: string; email: string }, dealerName: string): Promise<void> {
  const { html, text } = renderMail({
    preheader: `We received your request to manage ${dealerName}`,
    heading: "We received your request",
    paragraphs: [
      `A person on our team will check that you run ${dealerName}, usually within two working days. We may call you on the number you gave.`,
      "We will mail you our decision.",
    ],
  });
  await sendMail({ to: { name: user.name, address: user.email }, subject: `Your request to manage ${dealerName} on Voitura`, text, html });
}

/** A person's decision, to the claimant's account address. */
export async function claimDecisionMail(
  userId: string,
  decision: { approved: true; dealerName: string; reason: string; dashboardUrl: string } | { approved: false; dealerName: string; reason: string },
): Promise<void> {
  const [user] = await db().select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const { dealerName, reason } = decision;
  const { html, text } = decision.approved
    ? renderMail({
        preheader: `You now manage ${dealerName} on Voitura`,
        heading: `You now manage ${dealerName}`,
        paragraphs: [
          `We checked your request: you are the owner of ${dealerName} on Voitura, and its page shows "Verified dealer".`,
          ...(reason ? [`Our note: ${reason}`] : []),
          "Open your dealer dashboard to manage its stock, its leads and its people.",
        ],
        action: { label: "Open the dealer dashboard", url: decision.dashboardUrl },
      })
    : renderMail({
        preheader: `Your request to manage ${dealerName} was not approved`,
        heading: "Your request was not approved",
        paragraphs: [`We could not approve your request to manage ${dealerName} on Voitura.`, `Why: ${reason}`, "If you think this is a mistake, reply to this mail and tell us why."],
      });
  const subject = decision.approved ? `You now manage ${dealerName} on Voitura` : `Your request to manage ${dealerName} was not approved`;
  await sendMail({ to: { name: user.name, address: user.email }, subject, text, html });
}
