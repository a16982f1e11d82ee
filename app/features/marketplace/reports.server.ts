import { and, countDistinct, eq, inArray, sql } from "drizzle-orm";
import { invalidate } from "~/lib/cache.server";
import { markSearchIndexStale } from "./search-index.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { deriveSecret, sha256Hex } from "~/lib/security.server";
import { dealers, usedAdReports, usedAds, users } from "../../../db/schema";
import { REPORTS_TO_HIDE, type ReportInput } from "./report-schema";
import { reportReasonLabels } from "./vocabulary";

// Reports of an ad: one per reporter (the unique index settles a race), and the third distinct
// reporter hides the ad (status "removed", so it leaves search) in the same transaction; the
// seller is told by mail after the commit.

/** Who reports: the signed-in user, else the visitor id cookie, else a keyed hash of the address. */
export function reporterKey(who: { userId?: string | null; visitorId?: string | null; ip: string }): string {
  if (who.userId) return `user:${who.userId}`;
  if (who.visitorId) return `visitor:${who.visitorId}`;
  // Keyed so the stored value is no plain hash of an IP address (personal data).
  return `ip:${sha256Hex(`${deriveSecret("ad-report")}:${who.ip}`).slice(0, 32)}`;
}

export type ReportResult =
  | { ok: true; hidden: boolean }
  | { ok: false; reason: "not-found" | "already-reported" };

export async function reportAd(
  adId: number,
  input: ReportInput,
  who: { reporterKey: string; userId?: string | null },
): Promise<ReportResult> {
  const outcome = await db().transaction(async (tx) => {
    const [ad] = await tx.select({ status: usedAds.status }).from(usedAds).where(eq(usedAds.id, adId)).limit(1);
    if (!ad || ad.status === "draft") return { ok: false as const, reason: "not-found" as const };
    const inserted = await tx
      .insert(usedAdReports)
      .values({ adId, reporterKey: who.reporterKey, userId: who.userId ?? null, reason: input.reason, details: input.details })
      .onConflictDoNothing({ target: [usedAdReports.adId, usedAdReports.reporterKey] })
      .returning({ id: usedAdReports.id });
    if (inserted.length === 0) return { ok: false as const, reason: "already-reported" as const };
    const [count] = await tx.select({ n: countDistinct(usedAdReports.reporterKey) }).from(usedAdReports).where(eq(usedAdReports.adId, adId));
    if ((count?.n ?? 0) < REPORTS_TO_HIDE) return { ok: true as const, hidden: false };
    // Only the report that crosses the line changes the status (and mails the seller).
    const hidden = await tx
      .update(usedAds)
      .set({ status: "removed", updatedAt: new Date() })
      .where(and(eq(usedAds.id, adId), inArray(usedAds.status, ["published", "sold"])))
      .returning({ id: usedAds.id });
    return { ok: true as const, hidden: hidden.length > 0 };
  });
  if (outcome.ok && outcome.hidden) {
    // A hidden ad (often a scam) must not be served from a cached page for even a few seconds
    // more on this instance (others keep a page 10 s at most); hiding is rare, so the cost is small.
    invalidate("marketplace");
    // This instance's search drops it before the next search (others within their refresh).
    markSearchIndexStale();
    try {
      await mailHiddenAd(adId);
    } catch (err) {
      logger.error({ err, adId }, "ad hidden after reports, but the seller was not mailed");
    }
  }
  return outcome;
}

async function mailHiddenAd(adId: number): Promise<void> {
  const [ad] = await db()
    .select({
      title: usedAds.title,
      sellerKind: usedAds.sellerKind,
      userEmail: users.email,
      userName: users.name,
      dealerEmail: dealers.email,
      dealerName: dealers.name,
    })
    .from(usedAds)
    .leftJoin(users, eq(users.id, usedAds.sellerUserId))
    .leftJoin(dealers, eq(dealers.id, usedAds.dealerId))
    .where(eq(usedAds.id, adId))
    .limit(1);
  const address = ad?.sellerKind === "dealer" ? ad.dealerEmail : ad?.userEmail;
  if (!ad || !address) {
    logger.warn({ adId }, "ad hidden after reports; the seller has no email address");
    return;
  }
  const reasons = await db()
    .select({ reason: usedAdReports.reason, n: sql<number>`count(*)::int` })
    .from(usedAdReports)
    .where(eq(usedAdReports.adId, adId))
    .groupBy(usedAdReports.reason);
  const { html, text } = renderMail({
    preheader: `Your ad ${ad.title} is hidden while we look at it`,
    heading: `Your ad ${ad.title} is hidden`,
    paragraphs: [
      `${REPORTS_TO_HIDE} visitors reported your ad, so we have hidden it while our team looks at it.`,
      `What they said:\n${reasons.map((r) => `- ${reportReasonLabels[r.reason]} (${r.n})`).join("\n")}`,
      "If the ad is correct, reply to this mail and we will put it back online.",
    ],
  });
  await sendMail({
    to: { name: (ad.sellerKind === "dealer" ? ad.dealerName : ad.userName) ?? "", address },
    subject: `Your ad ${ad.title} is hidden after reports`,
    text,
    html,
  });
}
