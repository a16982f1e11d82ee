import type { DealerRole } from "../../../db/schema/vocabulary";
import { publicUrl } from "~/lib/env.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { site } from "~/lib/site";
import { dealerRoleLabels } from "./permissions";
import { INVITATION_DAYS } from "./people-rules";
import { dealerInvitationUrl } from "./urls";

// The invitation mail: who invites, to which dealer, as what, and the link (the only copy of the
// token: the database keeps its hash).

export async function sendInvitationMail(invitation: { email: string; dealerName: string; inviterName: string; role: DealerRole; token: string }): Promise<void> {
  const role = dealerRoleLabels[invitation.role].toLowerCase();
  const what =
    invitation.role === "owner"
      ? "As an owner you will manage its stock, leads, people and details."
      : "As staff you will manage its stock and answer its leads.";
  const { html, text } = renderMail({
    preheader: `Join ${invitation.dealerName} on ${site.name} as ${role}.`,
    heading: `Join ${invitation.dealerName} on ${site.name}`,
    paragraphs: [
      `${invitation.inviterName} invites you to act for ${invitation.dealerName} on ${site.name} as ${role}. ${what}`,
      `Sign in (or create an account) with this address, ${invitation.email}, then accept. The link is valid for ${INVITATION_DAYS} days and works once.`,
    ],
    action: { label: "See the invitation", url: `${publicUrl()}${dealerInvitationUrl(invitation.token)}` },
    footer: `You receive this mail because someone at ${invitation.dealerName} entered this address. If you do not know them, ignore it: nothing happens unless you accept.`,
  });
  await sendMail({ to: invitation.email, subject: `${invitation.dealerName} invites you to ${site.name}`, html, text });
}
