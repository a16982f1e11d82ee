import { publicUrl } from "~/lib/env.server";
import { sameToken, signValue } from "~/lib/security.server";

// The confirmation mail's deletion link: the token signs the lead id with a secret of its own
// purpose, so it deletes that lead without sign-in; once the lead is gone it finds nothing.

const DELETE_LEAD_PATH = "/trouver-mon-vehicule/supprimer";

const signature = (leadId: number): string => signValue("lead-deletion-link", String(leadId));

/** "{lead id}.{signature}". */
export const leadDeletionToken = (leadId: number): string => `${leadId}.${signature(leadId)}`;

export const leadDeletionUrl = (leadId: number): string => `${publicUrl()}${DELETE_LEAD_PATH}?token=${encodeURIComponent(leadDeletionToken(leadId))}`;

/** The lead id a token was signed for; undefined when it is malformed or not ours. */
export function readLeadDeletionToken(token: string | null | undefined): number | undefined {
  const m = /^(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!m) return undefined;
  const leadId = Number(m[1]);
  return sameToken(signature(leadId), m[2]!) ? leadId : undefined;
}
