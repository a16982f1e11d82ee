import { eq, sql } from "drizzle-orm";
import { db, resultRows, type Executor } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { formatRand } from "~/lib/format";
import { logger } from "~/lib/logger.server";
import { oneClickUnsubscribeHeaders, renderMail, sendMail } from "~/lib/mail.server";
import { sameToken, signValue } from "~/lib/security.server";
import { southAfricanDay, southAfricanDayStart } from "~/lib/south-african-time";
import { priceDropMailSettings, users } from "../../../../db/schema";
import { shortDate } from "../pricing/price-history";
import { adUrl, FAVOURITES_PATH } from "../urls";
import { PRICE_DROP_MAIL_LISTED, PRICE_DROP_UNSUBSCRIBE_PATH, priceDropMailSubject } from "./favourite-rules";
import { latestTwoPrices } from "./favourites.server";

// The favourites' price-drop mails (a daily job, server/jobs.ts): a user whose saved ads' price
// went down gets one mail a day at most, listing the drops. A drop is an ad's latest used_ad_prices
// row when it is lower than the row before it, set after the ad was saved (price-history.ts's
// latestDrop). Each favourite remembers the price row it was last mailed about, so no drop goes
// twice; the user's last_sent_at keeps it to one mail a South African day. Both are claimed in one
// transaction before the mail goes (a second run or instance claims nothing); a failed mail gives
// them back, so the queue's retry sends it. Like the saved-search alerts, disabled accounts get
// nothing, and neither do unverified addresses (a mail only to an address its owner proved).

// ---------------------------------------------------------------------------------------------
// The unsubscribe token: the user's id and its HMAC, so the link needs no sign-in.

const signatureOf = (userId: string) => signValue("price-drop-unsubscribe", `price-drops:${userId}`).slice(0, 32);

export function priceDropUnsubscribeToken(userId: string): string {
  return `${userId}.${signatureOf(userId)}`;
}

/** The user id a token stands for, or undefined for a forged or damaged token. */
export function userIdOfPriceDropToken(token: string | null | undefined): string | undefined {
  const match = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{32})$/.exec(token ?? "");
  if (!match) return undefined;
  return sameToken(signatureOf(match[1]!), match[2]!) ? match[1] : undefined;
}

export const priceDropUnsubscribeUrl = (userId: string) => `${publicUrl()}${PRICE_DROP_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(priceDropUnsubscribeToken(userId))}`;

/** Whether the user's price-drop mails are on (no row: on). */
export async function priceDropMailsOn(userId: string, executor: Executor = db()): Promise<boolean> {
  const [row] = await executor.select({ on: priceDropMailSettings.mailsOn }).from(priceDropMailSettings).where(eq(priceDropMailSettings.userId, userId));
  return row?.on ?? true;
}

export async function setPriceDropMails(userId: string, on: boolean, executor: Executor = db()): Promise<void> {
  await executor
    .insert(priceDropMailSettings)
    .values({ userId, mailsOn: on })
    .onConflictDoUpdate({ target: priceDropMailSettings.userId, set: { mailsOn: on } });
}

/** The account behind a token, if it still exists, and whether its mails are on. */
export async function priceDropTokenAccount(token: string | null | undefined): Promise<{ userId: string; mailsOn: boolean } | undefined> {
  const userId = userIdOfPriceDropToken(token);
  if (userId === undefined) return undefined;
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  return { userId, mailsOn: await priceDropMailsOn(userId) };
}

/** Switches the mails off from a mail's link; false when the token names no account (deleted since). */
export async function unsubscribePriceDropsByToken(token: string | null | undefined): Promise<boolean> {
  const account = await priceDropTokenAccount(token);
  if (!account) return false;
  await setPriceDropMails(account.userId, false);
  return true;
}

// ---------------------------------------------------------------------------------------------
// The job.

interface DropRow {
  user_id: string;
  email: string;
  user_name: string;
  ad_id: number;
  slug: string;
  title: string;
  price_id: number;
  from_zar: number;
  to_zar: number;
  changed_at: string | Date;
  mailed_price_id: number | null;
}

interface Claim {
  previousSentAt: Date | null;
  drops: DropRow[];
}

interface PriceDropMailsResult extends Record<string, number> {
  users: number;
  mails: number;
  drops: number;
}

/** Thrown inside a claim's transaction to undo it when nothing is left to mail. */
class NothingToClaim extends Error {}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export async function runPriceDropMails(opts: { now?: Date } = {}): Promise<PriceDropMailsResult> {
  const now = opts.now ?? new Date();
  // One a day: a user mailed since midnight in South Africa waits for tomorrow.
  const today = southAfricanDayStart(southAfricanDay(now))!;
  const rows = resultRows<DropRow>(
    await db().execute(sql`
      select f.user_id, u.email, u.name as user_name, a.id as ad_id, a.slug, a.title,
        latest.id as price_id, earlier.price_zar as from_zar, latest.price_zar as to_zar, latest.changed_at,
        f.drop_mailed_price_id as mailed_price_id
      from used_ad_favourites f
      join users u on u.id = f.user_id
      join used_ads a on a.id = f.ad_id
      left join price_drop_mail_settings s on s.user_id = f.user_id
      ${latestTwoPrices}
      where a.status = 'published'
        and latest.price_zar < earlier.price_zar
        and latest.changed_at >= f.created_at
        and f.drop_mailed_price_id is distinct from latest.id
        and coalesce(s.mails_on, true)
        and (s.last_sent_at is null or s.last_sent_at < ${today.toISOString()}::timestamptz)
        and u.email_verified and not u.disabled
        and latest.changed_at <= ${now.toISOString()}::timestamptz
      order by f.user_id, latest.changed_at desc, a.id`),
  );
  const byUser = new Map<string, DropRow[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  const result: PriceDropMailsResult = { users: byUser.size, mails: 0, drops: 0 };
  for (const [userId, drops] of byUser) {
    const claim = await claimDrops(userId, drops, now, today);
    if (!claim) continue;
    try {
      await mailDrops(claim.drops, now);
      result.mails++;
      result.drops += claim.drops.length;
    } catch (error) {
      await releaseDrops(userId, claim);
      logger.error({ err: error, userId }, "price-drop mail not sent; its drops are left for the next run");
      throw error;
    }
  }
  return result;
}

/**
 * Claims the day's mail for the user (last_sent_at, only if not sent today and still on) and the
 * drops not mailed yet (drop_mailed_price_id), in one transaction; null when either is taken.
 */
async function claimDrops(userId: string, drops: DropRow[], now: Date, today: Date): Promise<Claim | null> {
  try {
    return await db().transaction(async (tx) => {
      const [before] = resultRows<{ last_sent_at: string | Date | null }>(await tx.execute(sql`select last_sent_at from price_drop_mail_settings where user_id = ${userId}`));
      const day = resultRows<{ user_id: string }>(
        await tx.execute(sql`
          insert into price_drop_mail_settings (user_id, last_sent_at) values (${userId}, ${now.toISOString()}::timestamptz)
          on conflict (user_id) do update set last_sent_at = excluded.last_sent_at
          where price_drop_mail_settings.mails_on
            and (price_drop_mail_settings.last_sent_at is null or price_drop_mail_settings.last_sent_at < ${today.toISOString()}::timestamptz)
          returning user_id`),
      );
      if (day.length === 0) throw new NothingToClaim();
      const wanted = JSON.stringify(drops.map((d) => ({ ad_id: Number(d.ad_id), price_id: Number(d.price_id) })));
      const claimed = resultRows<{ ad_id: number }>(
        await tx.execute(sql`
          update used_ad_favourites f set drop_mailed_price_id = d.price_id
          from jsonb_to_recordset(${wanted}::jsonb) as d(ad_id int, price_id int)
          where f.user_id = ${userId} and f.ad_id = d.ad_id and f.drop_mailed_price_id is distinct from d.price_id
          returning f.ad_id`),
      );
      if (claimed.length === 0) throw new NothingToClaim();
      const ids = new Set(claimed.map((c) => Number(c.ad_id)));
      return { previousSentAt: before?.last_sent_at ? toDate(before.last_sent_at) : null, drops: drops.filter((d) => ids.has(Number(d.ad_id))) };
    });
  } catch (error) {
    if (error instanceof NothingToClaim) return null;
    throw error;
  }
}

/** Gives a failed mail's claims back, so the next run sends it. */
async function releaseDrops(userId: string, claim: Claim): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.execute(sql`update price_drop_mail_settings set last_sent_at = ${claim.previousSentAt?.toISOString() ?? null}::timestamptz where user_id = ${userId}`);
    for (const drop of claim.drops) {
      await tx.execute(sql`update used_ad_favourites set drop_mailed_price_id = ${drop.mailed_price_id === null ? null : Number(drop.mailed_price_id)}::int where user_id = ${userId} and ad_id = ${Number(drop.ad_id)}`);
    }
  });
}

async function mailDrops(drops: DropRow[], now: Date): Promise<void> {
  const site = publicUrl();
  const first = drops[0]!;
  const unsubscribe = priceDropUnsubscribeUrl(first.user_id);
  const listed = drops.slice(0, PRICE_DROP_MAIL_LISTED);
  const more = drops.length - listed.length;
  const subject = priceDropMailSubject(drops.length);
  const { html, text } = renderMail({
    preheader: `${subject}: ${drops.length === 1 ? `${first.title} is now ${formatRand(Number(first.to_zar))}` : "see the new prices"}.`,
    heading: subject,
    paragraphs: [`Hello ${first.user_name}, the seller${drops.length === 1 ? " of a car" : "s of cars"} in your favourites lowered the price.`],
    items: listed.map((drop) => ({
      title: drop.title,
      detail: `Now ${formatRand(Number(drop.to_zar))}, ${formatRand(Number(drop.from_zar) - Number(drop.to_zar))} less (was ${formatRand(Number(drop.from_zar))}) · dropped on ${shortDate(toDate(drop.changed_at), now)}`,
      url: `${site}${adUrl({ id: Number(drop.ad_id), slug: drop.slug })}`,
    })),
    action: { label: more > 0 ? `And ${more} more: see your favourites` : "See your favourites", url: `${site}${FAVOURITES_PATH}` },
    footer: {
      text: `You get this mail, at most once a day, because price-drop mails are on for your favourites (switch them off at ${site}${FAVOURITES_PATH}).`,
      link: { label: "Unsubscribe from price-drop mails", url: unsubscribe },
    },
  });
  await sendMail({
    to: { name: first.user_name, address: first.email },
    subject,
    text,
    html,
    headers: oneClickUnsubscribeHeaders(unsubscribe),
  });
}
