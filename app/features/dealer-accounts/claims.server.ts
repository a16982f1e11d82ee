import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { dealerClaims, dealerMembers, dealers, moderationActions, usedAds } from "../../../db/schema";
import type { ModerationActionKind } from "../../../db/schema/moderation";
import type { SessionUser } from "~/features/accounts/accounts.server";
import { bumpRevision, invalidate } from "~/lib/cache.server";
import { db, type Executor } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { sameToken, signValue } from "~/lib/security.server";
import { CLAIM_CODE_TTL_MS, attemptsLeft, claimCodeState, maskEmail } from "./claim-rules";
import type { ClaimReviewInput } from "./claim-schema";
import { claimantMail, claimCodeMail, claimDecisionMail } from "./claim-mails.server";
import { dealerDashboardUrl } from "./urls";

// Claiming a dealer (issue 46, docs/dealers.md "Claiming a dealer"): a six-digit code mailed to
// the dealer's LISTED address (never one the claimant gives), or a request a moderator decides.
// Approval, by the right code or by a person, is one transaction: the claimant becomes the owner,
// the dealer is verified, and the dealer's and its ads' updated_at move so the cached pages, the
// ad cards and the search index show "Verified dealer".

const CODE_PURPOSE = "dealer-claim-code";

interface ClaimDealer {
  id: number;
  name: string;
  slug: string;
  /** The listed address as the page may show it ("s****@m*****.co.za"), or null when none is listed. */
  maskedEmail: string | null;
}

export type ClaimPage =
  | { state: "owned"; dealer: ClaimDealer }
  | { state: "member"; dealer: ClaimDealer }
  | { state: "in-review"; dealer: ClaimDealer; requestedAt: string }
  | { state: "code-sent"; dealer: ClaimDealer; expiresAt: string; attemptsLeft: number }
  | { state: "start"; dealer: ClaimDealer };

async function ownerExists(executor: Executor, dealerId: number): Promise<boolean> {
  const [row] = await executor
    .select({ userId: dealerMembers.userId })
    .from(dealerMembers)
    .where(and(eq(dealerMembers.dealerId, dealerId), eq(dealerMembers.role, "owner")))
    .limit(1);
  return row !== undefined;
}

async function isMember(executor: Executor, dealerId: number, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ userId: dealerMembers.userId })
    .from(dealerMembers)
    .where(and(eq(dealerMembers.dealerId, dealerId), eq(dealerMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The claimant's open claim of the dealer (a code sent, or with the moderators), locked when asked. */
async function openClaim(executor: Executor, dealerId: number, userId: string, lock = false) {
  const query = executor
    .select()
    .from(dealerClaims)
    .where(and(eq(dealerClaims.dealerId, dealerId), eq(dealerClaims.userId, userId), inArray(dealerClaims.status, ["code-sent", "in-review"])))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The dealer row, locked: claims of one dealer are decided one at a time, so it gets one owner. */
async function lockDealer(executor: Executor, dealerId: number) {
  const [row] = await executor
    .select({ id: dealers.id, name: dealers.name, slug: dealers.slug, email: dealers.email })
    .from(dealers)
    .where(eq(dealers.id, dealerId))
    .for("update");
  return row;
}

const claimDealer = (row: { id: number; name: string; slug: string; email: string | null }): ClaimDealer => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  maskedEmail: row.email ? maskEmail(row.email) : null,
});

/** What the claim page shows this user for this dealer; null when the dealer does not exist. */
export async function claimPage(userId: string, dealerId: number, now = new Date()): Promise<ClaimPage | null> {
  const [row] = await db().select({ id: dealers.id, name: dealers.name, slug: dealers.slug, email: dealers.email }).from(dealers).where(eq(dealers.id, dealerId));
  if (!row) return null;
  const dealer = claimDealer(row);
  if (await isMember(db(), dealerId, userId)) return { state: "member", dealer };
  if (await ownerExists(db(), dealerId)) return { state: "owned", dealer };
  const claim = await openClaim(db(), dealerId, userId);
  if (claim?.status === "in-review") return { state: "in-review", dealer, requestedAt: claim.createdAt.toISOString() };
  if (claim?.status === "code-sent" && row.email && claimCodeState(claim, now) === "valid") {
    return { state: "code-sent", dealer, expiresAt: claim.codeExpiresAt!.toISOString(), attemptsLeft: attemptsLeft(claim.codeAttempts) };
  }
  return { state: "start", dealer };
}

export type ClaimRefusal = "not-found" | "owned" | "member" | "no-address" | "in-review" | "mail-failed";

function codeHash(dealerId: number, userId: string, code: string): string {
  // Bound to the claimant and the dealer: another user's claim cannot use this code.
  return signValue(CODE_PURPOSE, `${dealerId}:${userId}:${code}`);
}

/** A new six-digit code for the claimant's claim, mailed to the dealer's listed address. */
export async function sendClaimCode(user: SessionUser, dealerId: number, now = new Date()): Promise<{ ok: true; maskedEmail: string } | { ok: false; reason: ClaimRefusal }> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const result = await db().transaction(async (tx) => {
    const dealer = await lockDealer(tx, dealerId);
    if (!dealer) return { ok: false as const, reason: "not-found" as const };
    if (await isMember(tx, dealerId, user.id)) return { ok: false as const, reason: "member" as const };
    if (await ownerExists(tx, dealerId)) return { ok: false as const, reason: "owned" as const };
    if (!dealer.email) return { ok: false as const, reason: "no-address" as const };
    const claim = await openClaim(tx, dealerId, user.id, true);
    if (claim?.status === "in-review") return { ok: false as const, reason: "in-review" as const };
    const code_ = { codeHash: codeHash(dealerId, user.id, code), codeExpiresAt: new Date(now.getTime() + CLAIM_CODE_TTL_MS), codeAttempts: 0 };
    if (claim) await tx.update(dealerClaims).set(code_).where(eq(dealerClaims.id, claim.id));
    else await tx.insert(dealerClaims).values({ dealerId, userId: user.id, status: "code-sent", ...code_, createdAt: now });
    return { ok: true as const, dealer: { name: dealer.name, email: dealer.email } };
  });
  if (!result.ok) return result;
  try {
    await claimCodeMail({ to: result.dealer.email, dealerName: result.dealer.name, claimantName: user.name, code });
  } catch (err) {
    logger.error({ err, dealerId }, "dealer claim: the code mail was not sent");
    return { ok: false, reason: "mail-failed" };
  }
  return { ok: true, maskedEmail: maskEmail(result.dealer.email) };
}

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: "no-code" | "expired" | "spent" | "owned" | "member" | "not-found" }
  | { ok: false; reason: "wrong"; attemptsLeft: number };

/** Checks the typed code against the claimant's claim; the right one makes them the owner at once. */
export async function checkClaimCode(user: SessionUser, dealerId: number, code: string, now = new Date()): Promise<CodeCheck> {
  const result = await db().transaction(async (tx): Promise<CodeCheck & { refused?: RefusedClaim[] }> => {
    const dealer = await lockDealer(tx, dealerId);
    if (!dealer) return { ok: false, reason: "not-found" };
    if (await isMember(tx, dealerId, user.id)) return { ok: false, reason: "member" };
    const claim = await openClaim(tx, dealerId, user.id, true);
    if (!claim || claim.status !== "code-sent" || !claim.codeHash) return { ok: false, reason: "no-code" };
    const state = claimCodeState(claim, now);
    if (state !== "valid") return { ok: false, reason: state };
    if (!sameToken(claim.codeHash, codeHash(dealerId, user.id, code))) {
      const attempts = claim.codeAttempts + 1;
      await tx.update(dealerClaims).set({ codeAttempts: attempts }).where(eq(dealerClaims.id, claim.id));
      return attemptsLeft(attempts) === 0 ? { ok: false, reason: "spent" } : { ok: false, reason: "wrong", attemptsLeft: attemptsLeft(attempts) };
    }
    const approved = await approveInTransaction(tx, { id: claim.id, dealerId, userId: user.id }, `code mailed to ${dealer.email ?? "the listed address"}`, now);
    if (!approved.ok) return { ok: false, reason: "owned" };
    return { ok: true, refused: approved.refused };
  });
  if (result.ok) await afterApproval(result.refused ?? []);
  if (result.ok) return { ok: true };
  return result;
}

interface RefusedClaim {
  id: number;
  userId: string;
  dealerName: string;
  wasInReview: boolean;
}

/**
 * Makes the claimant the dealer's owner, inside the caller's transaction: the claim approved, the
 * membership written, the dealer verified, the dealer's and its ads' updated_at moved, the other
 * open claims of the dealer refused. Refused (nothing written) when the dealer has an owner already.
 */
async function approveInTransaction(
  tx: Executor,
  claim: { id: number; dealerId: number; userId: string },
  decidedBy: string,
  now: Date,
): Promise<{ ok: true; refused: RefusedClaim[] } | { ok: false }> {
  const dealer = await lockDealer(tx, claim.dealerId);
  if (!dealer || (await ownerExists(tx, claim.dealerId))) return { ok: false };
  await tx.update(dealerClaims).set({ status: "approved", codeHash: null, decidedBy, decidedAt: now }).where(eq(dealerClaims.id, claim.id));
  await tx
    .insert(dealerMembers)
    .values({ dealerId: claim.dealerId, userId: claim.userId, role: "owner", createdAt: now })
    .onConflictDoUpdate({ target: [dealerMembers.dealerId, dealerMembers.userId], set: { role: "owner" } });
  await tx.update(dealers).set({ verifiedAt: sql`coalesce(${dealers.verifiedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now }).where(eq(dealers.id, claim.dealerId));
  // The cards of its ads show the badge: their updated_at moves, which the search index and the
  // card cache follow on every instance (docs/adding-a-page.md rule 5).
  await tx.update(usedAds).set({ updatedAt: now }).where(eq(usedAds.dealerId, claim.dealerId));
  // One owner: the other open claims of this dealer end here.
  const others = await tx
    .select({ id: dealerClaims.id, userId: dealerClaims.userId, status: dealerClaims.status })
    .from(dealerClaims)
    .where(and(eq(dealerClaims.dealerId, claim.dealerId), inArray(dealerClaims.status, ["code-sent", "in-review"])))
    .for("update");
  if (others.length) {
    await tx
      .update(dealerClaims)
      .set({ status: "refused", codeHash: null, decidedBy: "system", decidedAt: now })
      .where(inArray(dealerClaims.id, others.map((o) => o.id)));
    for (const other of others.filter((o) => o.status === "in-review")) {
      await audit(tx, other.id, "refuse", "system", OWNED_MEANWHILE);
    }
  }
  await bumpRevision(tx, "dealers");
  return { ok: true, refused: others.map((o) => ({ id: o.id, userId: o.userId, dealerName: dealer.name, wasInReview: o.status === "in-review" })) };
}

const OWNED_MEANWHILE = "Another claim of this dealership was approved: its owner can invite you.";

/** After an approval's commit: caches dropped here (other instances follow the revision), and the claimants whose requests ended told why. */
async function afterApproval(refused: RefusedClaim[]): Promise<void> {
  invalidate("dealers");
  for (const other of refused.filter((r) => r.wasInReview)) {
    await mailQuietly("claim refused (owned meanwhile)", () => claimDecisionMail(other.userId, { approved: false, dealerName: other.dealerName, reason: OWNED_MEANWHILE }));
  }
}

async function mailQuietly(what: string, send: () => Promise<void>): Promise<void> {
  // The decision stands whatever the mail does: the claim's row and its history say what happened.
  try {
    await send();
  } catch (err) {
    logger.error({ err }, `dealer claim: ${what}, but the mail was not sent`);
  }
}

function audit(executor: Executor, claimId: number, action: ModerationActionKind, actor: string, reason: string) {
  return executor.insert(moderationActions).values({ targetKind: "dealer-claim", targetId: String(claimId), action, actor, reason });
}

/** What the claimant tells a moderator, as stored in dealer_claims.message. */
export interface ClaimMessage {
  role: string;
  phone: string;
  message: string;
}

/** The stored request; a message written another way (by hand, in SQL) is shown as it is. */
export function readClaimMessage(stored: string): ClaimMessage {
  try {
    const parsed = JSON.parse(stored) as Partial<ClaimMessage>;
    if (parsed && typeof parsed === "object" && typeof parsed.message === "string") {
      return { role: String(parsed.role ?? ""), phone: String(parsed.phone ?? ""), message: parsed.message };
    }
  } catch {
    // not JSON: plain text
  }
  return { role: "", phone: "", message: stored };
}

/** Sends the claim to the moderators (no listed address, or the claimant cannot read it). */
export async function requestClaimReview(user: SessionUser, dealerId: number, input: ClaimReviewInput, now = new Date()): Promise<{ ok: true } | { ok: false; reason: Exclude<ClaimRefusal, "no-address" | "mail-failed"> }> {
  const stored = JSON.stringify({ role: input.role, phone: input.phone, message: input.message } satisfies ClaimMessage);
  const result = await db().transaction(async (tx) => {
    const dealer = await lockDealer(tx, dealerId);
    if (!dealer) return { ok: false as const, reason: "not-found" as const };
    if (await isMember(tx, dealerId, user.id)) return { ok: false as const, reason: "member" as const };
    if (await ownerExists(tx, dealerId)) return { ok: false as const, reason: "owned" as const };
    const claim = await openClaim(tx, dealerId, user.id, true);
    if (claim?.status === "in-review") return { ok: false as const, reason: "in-review" as const };
    let claimId: number;
    if (claim) {
      // A code was sent but cannot be read: the same claim goes to the moderators, its code void.
      await tx.update(dealerClaims).set({ status: "in-review", codeHash: null, codeExpiresAt: null, message: stored, createdAt: now }).where(eq(dealerClaims.id, claim.id));
      claimId = claim.id;
    } else {
      const [row] = await tx.insert(dealerClaims).values({ dealerId, userId: user.id, status: "in-review", message: stored, createdAt: now }).returning({ id: dealerClaims.id });
      claimId = row!.id;
    }
    await audit(tx, claimId, "review-requested", "claimant", "");
    return { ok: true as const, dealerName: dealer.name };
  });
  if (!result.ok) return result;
  await mailQuietly("review requested", () => claimantMail(user, result.dealerName));
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// A moderator's or operator's decision (the /moderation pages and `npm run dealers:claims`)

export type ClaimOutcome = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

const statusWords: Record<string, string> = { approved: "approved", refused: "refused", "code-sent": "waiting for its mailed code" };

/** Approves a claim in review: what the right code does, decided by a person (`actor`). */
export async function approveClaim(claimId: number, actor: string, note = "", now = new Date()): Promise<ClaimOutcome> {
  const result = await db().transaction(async (tx) => {
    const [claim] = await tx.select().from(dealerClaims).where(eq(dealerClaims.id, claimId)).for("update");
    if (!claim) return null;
    if (claim.status !== "in-review") return { done: false as const, message: `This claim is not waiting for a decision: it is ${statusWords[claim.status] ?? claim.status}.` };
    const approved = await approveInTransaction(tx, claim, actor, now);
    if (!approved.ok) return { done: false as const, message: "This dealership already has an owner on Voitura: they can invite the claimant instead." };
    await audit(tx, claimId, "approve", actor, note);
    const [dealer] = await tx.select({ name: dealers.name }).from(dealers).where(eq(dealers.id, claim.dealerId));
    return { done: true as const, claim, dealerName: dealer?.name ?? "the dealership", refused: approved.refused };
  });
  if (!result) return { ok: false, status: 404, message: "No claim has this number." };
  if (!result.done) return { ok: false, status: 409, message: result.message };
  await afterApproval(result.refused);
  await mailQuietly("claim approved", () =>
    claimDecisionMail(result.claim.userId, { approved: true, dealerName: result.dealerName, reason: note, dashboardUrl: `${publicUrl()}${dealerDashboardUrl(result.claim.dealerId)}` }),
  );
  return { ok: true, message: `The claim is approved: the claimant now owns ${result.dealerName}, which shows "Verified dealer".` };
}

/** Refuses a claim in review, with the reason its claimant is mailed. */
export async function refuseClaim(claimId: number, actor: string, reason: string, now = new Date()): Promise<ClaimOutcome> {
  const result = await db().transaction(async (tx) => {
    const [claim] = await tx.select().from(dealerClaims).where(eq(dealerClaims.id, claimId)).for("update");
    if (!claim) return null;
    if (claim.status !== "in-review") return { done: false as const, message: `This claim is not waiting for a decision: it is ${statusWords[claim.status] ?? claim.status}.` };
    await tx.update(dealerClaims).set({ status: "refused", decidedBy: actor, decidedAt: now }).where(eq(dealerClaims.id, claimId));
    await audit(tx, claimId, "refuse", actor, reason);
    const [dealer] = await tx.select({ name: dealers.name }).from(dealers).where(eq(dealers.id, claim.dealerId));
    return { done: true as const, claim, dealerName: dealer?.name ?? "the dealership" };
  });
  if (!result) return { ok: false, status: 404, message: "No claim has this number." };
  if (!result.done) return { ok: false, status: 409, message: result.message };
  await mailQuietly("claim refused", () => claimDecisionMail(result.claim.userId, { approved: false, dealerName: result.dealerName, reason }));
  return { ok: true, message: `The claim is refused, and the claimant is told why.` };
}
