import { data } from "react-router";
import { assertSameOrigin, clientIp, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { setPriceDropMails, unsubscribePriceDropsByToken } from "./price-drop-mails.server";
import { priceDropMailsSchema } from "./price-drop-schema";

// The price-drop mails' POSTs: the favourites page's on/off switch and the mail's unsubscribe.

export type PriceDropMailsAnswer = { ok: true; mailsOn: boolean } | { ok: false; error: string };

/** POST /mon-compte/favoris (intent=drop-mails, mails=on|off), for the signed-in user. */
export async function priceDropMailsAction(request: Request, context: unknown, userId: string) {
  assertSameOrigin(request);
  const limit = await rateLimit(`price-drop-mails:${userId}:${clientIp(context)}`, { limit: 120, windowMs: 10 * 60_000 });
  if (!limit.ok) return data<PriceDropMailsAnswer>({ ok: false, error: TOO_MANY_REQUESTS_MESSAGE }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const form = await readForm(request, 2 * 1024);
  const parsed = priceDropMailsSchema.safeParse({ intent: form.get("intent"), mails: form.get("mails") });
  if (!parsed.success) return data<PriceDropMailsAnswer>({ ok: false, error: "This request is not valid." }, { status: 400 });
  const on = parsed.data.mails === "on";
  await setPriceDropMails(userId, on);
  return data<PriceDropMailsAnswer>({ ok: true, mailsOn: on });
}

export const INVALID_PRICE_DROP_LINK = "This unsubscribe link is not valid: it may be incomplete, or its account was deleted. You can switch the mails off from your favourites.";

/**
 * POST /alertes/baisses-de-prix/desabonnement?token=…: the page's button and the mail provider's
 * RFC 8058 one-click POST (no cookie, no Origin). No origin check, on purpose: the signed token is
 * the authority, and all it can do is switch one user's price-drop mails off.
 */
export async function unsubscribePriceDropsAction(request: Request, context: unknown) {
  const limit = await rateLimit(`unsubscribe:${clientIp(context)}`, { limit: 60, windowMs: 10 * 60_000 });
  if (!limit.ok) return data({ state: "invalid" as const, message: TOO_MANY_REQUESTS_MESSAGE }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const done = await unsubscribePriceDropsByToken(new URL(request.url).searchParams.get("token"));
  if (!done) return data({ state: "invalid" as const, message: INVALID_PRICE_DROP_LINK }, { status: 400 });
  return { state: "done" as const };
}
