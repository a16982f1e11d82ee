import { eq, sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { sameToken, signValue } from "~/lib/security.server";
import { usedAds } from "../../../../db/schema";
import { RENEW_AD_PATH } from "../my-ads/my-ads-rules";
import { renewedExpiry } from "../my-ads/my-ads.server";
import { markSearchIndexStale } from "../search/search-index.server";
import { assertRoomForLiveAd, SellingRefused } from "./seller-limits.server";

// The expiry mails' one-click renew link. The token signs the ad id and the expiry it was issued
// for (HMAC with a secret of its own): it renews without sign-in, once, because a renewal moves
// expires_at and the token no longer matches; a forged or altered token matches nothing.

const signature = (adId: number, expiresAtMs: number): string => signValue("ad-renewal-link", `${adId}:${expiresAtMs}`);

/** "{ad id}.{expires_at in ms}.{signature}". */
export function renewalToken(adId: number, expiresAt: Date): string {
  const at = expiresAt.getTime();
  return `${adId}.${at}.${signature(adId, at)}`;
}

export function renewalUrl(adId: number, expiresAt: Date): string {
  return `${publicUrl()}${RENEW_AD_PATH}?token=${encodeURIComponent(renewalToken(adId, expiresAt))}`;
}

/** The ad and expiry a token was signed for; undefined when it is malformed or not ours. */
export function readRenewalToken(token: string | null | undefined): { adId: number; expiresAtMs: number } | undefined {
  const m = /^(\d{1,9})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!m) return undefined;
  const adId = Number(m[1]);
  const expiresAtMs = Number(m[2]);
  if (!sameToken(signature(adId, expiresAtMs), m[3]!)) return undefined;
  return { adId, expiresAtMs };
}

type RenewByTokenResult =
  | { ok: true; ad: { id: number; slug: string; title: string; expiresAt: Date } }
  | { ok: false; reason: "invalid" | "gone" | "used" | "sold" | "paused" | "limit"; status: 404 | 409 | 410; message: string; expiresAt?: Date };

const RENEWAL_MESSAGES = {
  invalid: "This renew link is not valid. Copy the whole link from the mail, or renew the ad from My ads.",
  gone: "This ad no longer exists: it was deleted.",
  used: "This link was already used: the ad was renewed since the mail was sent.",
  sold: "This ad is marked as sold, so there is nothing to renew.",
  paused: "This ad is paused. Put it back on sale from My ads.",
} as const;

/** Renews the token's ad for another LISTING_DAYS (published or expired; a private seller's limit checked). */
export async function renewByToken(token: string | null | undefined, now: Date = new Date()): Promise<RenewByTokenResult> {
  const claim = readRenewalToken(token);
  if (!claim) return { ok: false, reason: "invalid", status: 404, message: RENEWAL_MESSAGES.invalid };
  let result: RenewByTokenResult;
  try {
    result = await db().transaction(async (tx) => {
      const [ad] = await tx
        .select({
          id: usedAds.id,
          slug: usedAds.slug,
          title: usedAds.title,
          status: usedAds.status,
          sellerKind: usedAds.sellerKind,
          sellerUserId: usedAds.sellerUserId,
          expiresAt: usedAds.expiresAt,
        })
        .from(usedAds)
        .where(eq(usedAds.id, claim.adId))
        .for("update")
        .limit(1);
      if (!ad || ad.status === "removed" || ad.status === "draft") return { ok: false as const, reason: "gone" as const, status: 410 as const, message: RENEWAL_MESSAGES.gone };
      if (ad.status === "sold") return { ok: false as const, reason: "sold" as const, status: 409 as const, message: RENEWAL_MESSAGES.sold };
      if (ad.expiresAt?.getTime() !== claim.expiresAtMs) {
        return { ok: false as const, reason: "used" as const, status: 410 as const, message: RENEWAL_MESSAGES.used, expiresAt: ad.expiresAt ?? undefined };
      }
      if (ad.status === "paused") return { ok: false as const, reason: "paused" as const, status: 409 as const, message: RENEWAL_MESSAGES.paused };
      if (ad.status === "expired" && ad.sellerKind === "private" && ad.sellerUserId) await assertRoomForLiveAd(ad.sellerUserId, tx, ad.id);
      const expiresAt = renewedExpiry(now);
      await tx
        .update(usedAds)
        .set({ status: "published", expiresAt, expiryWarnedAt: null, updatedAt: sql`now()` })
        .where(eq(usedAds.id, ad.id));
      return { ok: true as const, ad: { id: ad.id, slug: ad.slug, title: ad.title, expiresAt } };
    });
  } catch (error) {
    if (error instanceof SellingRefused) return { ok: false, reason: "limit", status: 409, message: error.message };
    throw error;
  }
  if (result.ok) markSearchIndexStale();
  return result;
}
