import { eq, sql } from "drizzle-orm";
import { db, resultRows } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { renderMail, sendMail } from "~/lib/mail.server";
import { dealers, usedAdContacts, usedAds, users } from "../../../../db/schema";
import type { SellerContactInput } from "./contact-schema";
import { adUrl } from "../urls";
import { dailyIncrement } from "../ad-daily-stats.server";

// A buyer reaching a seller. The message is stored and counted in one transaction, then mailed to
// the seller with Reply-To set to the buyer: the seller answers the buyer directly, and the
// seller's address never reaches the buyer (the answer to the form says nothing of it).

type ContactSellerResult = { ok: true; mailed: boolean } | { ok: false; reason: "not-found" | "not-for-sale" };

export async function contactSeller(
  adId: number,
  input: SellerContactInput,
  from: { userId?: string | null; visitorId?: string | null } = {},
): Promise<ContactSellerResult> {
  const stored = await db().transaction(async (tx) => {
    const [ad] = await tx
      .select({
        id: usedAds.id,
        slug: usedAds.slug,
        title: usedAds.title,
        status: usedAds.status,
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
    if (!ad) return { ok: false as const, reason: "not-found" as const };
    if (ad.status !== "published") return { ok: false as const, reason: "not-for-sale" as const };
    const [contact] = await tx
      .insert(usedAdContacts)
      .values({
        adId,
        userId: from.userId ?? null,
        visitorId: from.visitorId ?? null,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.message,
      })
      .returning({ id: usedAdContacts.id });
    await tx
      .update(usedAds)
      .set({ contactCount: sql`${usedAds.contactCount} + 1` })
      .where(eq(usedAds.id, adId));
    const seller =
      ad.sellerKind === "dealer" ? { email: ad.dealerEmail, name: ad.dealerName ?? "" } : { email: ad.userEmail, name: ad.userName ?? "" };
    return { ok: true as const, contactId: contact!.id, ad, seller };
  });
  if (!stored.ok) return stored;

  // After the commit: a mail failure never loses the message (it is stored and counted).
  const { ad, seller, contactId } = stored;
  if (!seller.email) {
    logger.warn({ adId, contactId }, "seller contact stored, but the seller has no email address");
    return { ok: true, mailed: false };
  }
  try {
    await mailSeller({ to: { name: seller.name, address: seller.email }, ad, input });
    return { ok: true, mailed: true };
  } catch (err) {
    logger.error({ err, adId, contactId }, "seller contact stored but not mailed");
    return { ok: true, mailed: false };
  }
}

async function mailSeller({
  to,
  ad,
  input,
}: {
  to: { name: string; address: string };
  ad: { id: number; slug: string; title: string };
  input: SellerContactInput;
}): Promise<void> {
  const link = `${publicUrl()}${adUrl(ad)}`;
  const details = [`From: ${input.name} <${input.email}>`, ...(input.phone ? [`Phone: ${input.phone}`] : [])];
  const { html, text } = renderMail({
    preheader: `${input.name} asks about your ${ad.title}`,
    heading: `A buyer asks about your ${ad.title}`,
    paragraphs: [details.join("\n"), input.message],
    action: { label: "See your ad", url: link },
    footer: "Reply to this mail to answer the buyer directly. Never send money before you have met the buyer.",
  });
  await sendMail({
    to,
    replyTo: { name: input.name, address: input.email },
    subject: `A buyer asks about your ${ad.title}`,
    text,
    html,
  });
}

/**
 * The seller's number for the "show phone number" button, counted (the total and the ad's South
 * African day, in one statement). An ad that is not for sale, has no number or whose seller chose
 * not to show it, reveals nothing.
 */
export async function revealPhone(adId: number): Promise<string | null> {
  const [row] = resultRows<{ phone: string | null }>(
    await db().execute(sql`with counted as (
        update used_ads set phone_reveal_count = phone_reveal_count + 1
        where id = ${adId} and status = 'published' and show_phone and phone is not null
        returning id, phone
      ), daily as (${dailyIncrement("phone_reveals")})
      select phone from counted`),
  );
  return row?.phone ?? null;
}
