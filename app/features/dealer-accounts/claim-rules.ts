// The rules of claiming a dealer by a mailed code (issue 46, docs/dealers.md "Claiming a dealer"):
// six digits, valid 30 minutes, five wrong tries and the claimant must send a new code. Pure, so
// the page, the server and their tests read the same numbers.

import type { DealerClaimStatus } from "../../../db/schema/vocabulary";

export const CLAIM_CODE_DIGITS = 6;
export const CLAIM_CODE_TTL_MS = 30 * 60_000;
export const CLAIM_CODE_MAX_ATTEMPTS = 5;

export type ClaimCodeState = "valid" | "expired" | "spent";

/** Whether a sent code may still be tried: not past its time, and fewer than five wrong tries. */
export function claimCodeState(claim: { codeExpiresAt: Date | null; codeAttempts: number }, now: Date): ClaimCodeState {
  if (claim.codeAttempts >= CLAIM_CODE_MAX_ATTEMPTS) return "spent";
  if (!claim.codeExpiresAt || claim.codeExpiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

export function attemptsLeft(codeAttempts: number): number {
  return Math.max(0, CLAIM_CODE_MAX_ATTEMPTS - codeAttempts);
}

/** The code as typed, spaces and dashes dropped ("123 456"), or null when it is not six digits. */
export function readClaimCode(value: string): string | null {
  const compact = value.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(compact) ? compact : null;
}

function maskPart(part: string): string {
  if (part.length <= 1) return part;
  return `${part[0]}${"*".repeat(part.length - 1)}`;
}

/**
 * A listed address as the claim page shows it: enough for the right person to recognise it, too
 * little for a stranger to learn it. "sales@motors.co.za" → "s****@m*****.co.za": the first letter
 * of the name and of the domain's first label, its other labels (the public suffix) kept.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return maskPart(email);
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  const [first = "", ...rest] = labels;
  return [`${maskPart(local)}@${maskPart(first)}`, ...rest].join(".");
}

/** "14:05": a moment's time of day in South Africa (UTC+2 all year), the same on server and browser. */
export function southAfricanClock(moment: string | Date): string {
  return new Date(new Date(moment).getTime() + 2 * 3_600_000).toISOString().slice(11, 16);
}

export const UNVERIFIED_MESSAGE = "Please confirm your e-mail address first: we write to it about your claim. The link is in the mail we sent when you registered.";

export const claimStatusLabels: Record<DealerClaimStatus, string> = {
  "code-sent": "Code sent",
  "in-review": "In review",
  approved: "Approved",
  refused: "Refused",
};
