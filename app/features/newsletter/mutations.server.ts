import crypto from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, or } from "drizzle-orm";
import { newsletterSubscribers } from "../../../db/schema";
import { db } from "~/lib/db.server";
import { publicUrl } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { oneClickUnsubscribeHeaders, renderMail, sendMail } from "~/lib/mail.server";
import { sha256Hex, signValue } from "~/lib/security.server";
import { site } from "~/lib/site";
import { isWellFormedToken, NEWSLETTER_CONSENT_TEXT, NEWSLETTER_VALUE_LINE, type NewsletterInput } from "./schemas";

// Double opt-in newsletter. Every answer to a subscription is the same whatever the address's
// state, so the form never tells anyone whether an address is subscribed.

const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;
/** A pending address gets a fresh confirmation link at most this often. */
const CONFIRMATION_RESEND_MS = 2 * 60_000;
/** A confirmed address asking again gets an "already subscribed" mail at most this often. */
const ALREADY_SUBSCRIBED_MAIL_MS = 24 * 60 * 60_000;

const CONFIRM_PATH = "/newsletter/confirmer";
const UNSUBSCRIBE_PATH = "/newsletter/desabonnement";

function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/**
 * The unsubscribe token of an address: an HMAC of the address, so any later newsletter mail can
 * carry a working link while the database keeps only its hash. It changes if AUTH_SECRET does.
 */
export function unsubscribeToken(email: string): string {
  return signValue("newsletter-unsubscribe", email);
}

function confirmUrl(token: string): string {
  return `${publicUrl()}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

function unsubscribeUrl(email: string): string {
  return `${publicUrl()}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(email))}`;
}

/** Headers every newsletter mail carries: one-click unsubscribe (RFC 2369 and RFC 8058). */
function newsletterMailHeaders(email: string): Record<string, string> {
  return oneClickUnsubscribeHeaders(unsubscribeUrl(email));
}

type SubscribeOutcome = "created" | "refreshed" | "already-confirmed" | "throttled";

/**
 * Creates or refreshes a pending subscription and mails a confirmation link. Idempotent: one row
 * per address (unique index + ON CONFLICT), repeated requests are throttled per address.
 */
export async function subscribeToNewsletter(
  input: NewsletterInput & { visitorId?: string },
  now: Date = new Date(),
): Promise<SubscribeOutcome> {
  const email = input.email;
  const token = newToken();
  const pending = {
    confirmTokenHash: sha256Hex(token),
    confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS),
    consentText: NEWSLETTER_CONSENT_TEXT,
    consentedAt: now,
    lastMailSentAt: now,
    unsubscribeTokenHash: sha256Hex(unsubscribeToken(email)),
    ...(input.visitorId ? { visitorId: input.visitorId } : {}),
  };

  const inserted = await db()
    .insert(newsletterSubscribers)
    .values({ email, status: "pending", ...pending })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  if (inserted[0]) {
    await mailConfirmation(inserted[0].id, email, token);
    return "created";
  }

  // The address exists. The conditions sit in the UPDATE itself, so two simultaneous requests
  // cannot both pass the throttle.
  const resendBefore = new Date(now.getTime() - CONFIRMATION_RESEND_MS);
  const refreshed = await db()
    .update(newsletterSubscribers)
    .set({ status: "pending", confirmedAt: null, unsubscribedAt: null, ...pending })
    .where(
      and(
        eq(newsletterSubscribers.email, email),
        inArray(newsletterSubscribers.status, ["pending", "unsubscribed"]),
        or(isNull(newsletterSubscribers.lastMailSentAt), lt(newsletterSubscribers.lastMailSentAt, resendBefore)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (refreshed[0]) {
    await mailConfirmation(refreshed[0].id, email, token);
    return "refreshed";
  }

  const remindBefore = new Date(now.getTime() - ALREADY_SUBSCRIBED_MAIL_MS);
  const reminded = await db()
    .update(newsletterSubscribers)
    .set({ lastMailSentAt: now })
    .where(
      and(
        eq(newsletterSubscribers.email, email),
        eq(newsletterSubscribers.status, "confirmed"),
        or(isNull(newsletterSubscribers.lastMailSentAt), lt(newsletterSubscribers.lastMailSentAt, remindBefore)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (reminded[0]) {
    await mailAlreadySubscribed(reminded[0].id, email);
    return "already-confirmed";
  }
  return "throttled";
}

/** Sends a mail; on failure logs it and clears last_mail_sent_at so the next request may retry. */
async function deliver(id: number, kind: string, send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (err) {
    logger.error({ err, subscriberId: id, kind }, "newsletter mail failed");
    await db()
      .update(newsletterSubscribers)
      .set({ lastMailSentAt: null })
      .where(eq(newsletterSubscribers.id, id))
      .catch(() => {});
    return false;
  }
}

function mailConfirmation(id: number, email: string, token: string): Promise<boolean> {
  const { html, text } = renderMail({
    preheader: "One click to confirm, then you will receive our weekly newsletter.",
    heading: "Confirm your subscription",
    paragraphs: [
      `Thank you for subscribing to the ${site.name} newsletter. ${NEWSLETTER_VALUE_LINE}`,
      "Please confirm your email address with the button below. The link is valid for 7 days.",
    ],
    action: { label: "Confirm my subscription", url: confirmUrl(token) },
    footer: `You receive this mail because this address was entered on ${site.name}. If it was not you, ignore it: you will not be subscribed.`,
  });
  return deliver(id, "confirmation", () =>
    sendMail({ to: email, subject: `Confirm your subscription to the ${site.name} newsletter`, html, text }),
  );
}

function mailAlreadySubscribed(id: number, email: string): Promise<boolean> {
  const unsubscribe = unsubscribeUrl(email);
  const { html, text } = renderMail({
    preheader: "There is nothing to do: this address already receives our newsletter.",
    heading: "You are already subscribed",
    paragraphs: [
      `Someone, probably you, asked to subscribe this address to the ${site.name} newsletter.`,
      "It is already subscribed, so there is nothing to do.",
    ],
    footer: { text: "You receive this mail because you subscribed to our newsletter.", link: { label: "Unsubscribe", url: unsubscribe } },
  });
  return deliver(id, "already-subscribed", () =>
    sendMail({
      to: email,
      subject: `You are already subscribed to the ${site.name} newsletter`,
      html,
      text,
      headers: newsletterMailHeaders(email),
    }),
  );
}

async function mailWelcome(id: number, email: string): Promise<boolean> {
  const { html, text } = renderMail({
    preheader: "Your subscription is confirmed.",
    heading: "Welcome to the newsletter",
    paragraphs: [
      "Thank you for confirming your subscription.",
      `${NEWSLETTER_VALUE_LINE} Until the next issue, compare every new car sold in South Africa on ${site.name}.`,
    ],
    action: { label: "Compare new cars", url: `${publicUrl()}/` },
    footer: { text: "You receive this mail because you subscribed to our newsletter.", link: { label: "Unsubscribe", url: unsubscribeUrl(email) } },
  });
  return deliver(id, "welcome", async () => {
    await sendMail({ to: email, subject: `Welcome to the ${site.name} newsletter`, html, text, headers: newsletterMailHeaders(email) });
    // Keep the stored hash in step with the link just sent (it moves if AUTH_SECRET changes).
    await db()
      .update(newsletterSubscribers)
      .set({ lastMailSentAt: new Date(), unsubscribeTokenHash: sha256Hex(unsubscribeToken(email)) })
      .where(eq(newsletterSubscribers.id, id));
  });
}

type ConfirmResult =
  | { status: "confirmed"; email: string }
  | { status: "malformed" }
  | { status: "not-found" }
  | { status: "expired" };

/** Confirms the subscription behind a link's token, then sends the welcome mail. */
export async function confirmSubscription(token: string | null | undefined, now: Date = new Date()): Promise<ConfirmResult> {
  if (!isWellFormedToken(token)) return { status: "malformed" };
  const hash = sha256Hex(token);
  const [row] = await db()
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null, unsubscribedAt: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hash),
        eq(newsletterSubscribers.status, "pending"),
        gt(newsletterSubscribers.confirmTokenExpiresAt, now),
      ),
    )
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
  if (row) {
    await mailWelcome(row.id, row.email);
    return { status: "confirmed", email: row.email };
  }
  const [stale] = await db()
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.confirmTokenHash, hash), eq(newsletterSubscribers.status, "pending")))
    .limit(1);
  return stale ? { status: "expired" } : { status: "not-found" };
}

type SubscriptionLookup =
  | { status: "malformed" }
  | { status: "not-found" }
  | { status: "found"; email: string; subscription: "pending" | "confirmed" | "unsubscribed" };

/** The subscription an unsubscribe link points to (read only: GET must not change anything). */
export async function findByUnsubscribeToken(token: string | null | undefined): Promise<SubscriptionLookup> {
  if (!isWellFormedToken(token)) return { status: "malformed" };
  const [row] = await db()
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, sha256Hex(token)))
    .limit(1);
  return row ? { status: "found", email: row.email, subscription: row.status } : { status: "not-found" };
}

type UnsubscribeResult = { status: "unsubscribed"; email: string } | { status: "malformed" } | { status: "not-found" };

/** Unsubscribes the address behind a link's token. Idempotent: a second call answers the same. */
export async function unsubscribe(token: string | null | undefined, now: Date = new Date()): Promise<UnsubscribeResult> {
  if (!isWellFormedToken(token)) return { status: "malformed" };
  const hash = sha256Hex(token);
  const [changed] = await db()
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null })
    .where(and(eq(newsletterSubscribers.unsubscribeTokenHash, hash), inArray(newsletterSubscribers.status, ["pending", "confirmed"])))
    .returning({ email: newsletterSubscribers.email });
  if (changed) return { status: "unsubscribed", email: changed.email };
  const found = await findByUnsubscribeToken(token);
  return found.status === "found" ? { status: "unsubscribed", email: found.email } : { status: "not-found" };
}
