import { data, redirect } from "react-router";
import { requireUser } from "~/features/accounts/accounts.server";
import { assertSameOrigin, formRateLimit, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { renewByToken } from "../selling/ad-renewal.server";
import { photoUrl } from "../photos";
import { adWorthLine } from "../pricing/ad-worth";
import { liveAdWorths } from "../pricing/valuation.server";
import { adUrl } from "../urls";
import { reportReasonLabels } from "../vocabulary";
import { buttonsFor, DELETE_STEP_PARAM, doneMessage, isMyAdIntent, liveAdsLine, longDate, MY_ADS_PATH, type MyAdButton, type MyAdIntent, SCRIPTED_FIELD, timeLine } from "./my-ads-rules";
import { applyMyAdAction, myAdsPage, type MyAd } from "./my-ads.server";

// /mon-compte/annonces: the loader's view of the seller's ads and the POST actions (sold, renew,
// pause, unpause, delete). With scripts the forms send `scripted=1` and get the answer as data (a
// toast); without, a success is a 303 back to the list with `?done=…&ad=…` (a banner), and
// Delete without `confirm=yes` is a 303 to the list's confirm step (`?supprimer=ID`).

export interface MyAdRow {
  id: number;
  title: string;
  status: MyAd["status"];
  /** The ad page, for ads buyers can open (for sale or sold). */
  path: string | null;
  priceZar: number;
  previousPriceZar: number | null;
  viewCount: number;
  contactCount: number;
  phoneRevealCount: number;
  favouriteCount: number;
  publishedOn: string | null;
  timeLine: string | null;
  buttons: MyAdButton[];
  cover: { src: string; width: number; height: number } | null;
  bodyType: MyAd["bodyType"];
  colour: string;
  /** An ad under review: the reports' reasons in words, and whether the seller already asked for a review. */
  review: { reasons: string[]; requested: boolean } | null;
  /** A live ad's worth by the valuation engine against its price (issue 47); null under five comparables. */
  worth: { line: string; url: string } | null;
}

interface MyAdsView {
  ads: MyAdRow[];
  liveLine: string;
  liveFull: boolean;
  notice: string | null;
  /** The ad whose deletion waits for the no-script confirm step. */
  confirmDelete: { id: number; title: string } | null;
}

export async function myAdsLoader(request: Request, now: Date = new Date()): Promise<MyAdsView> {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const page = await myAdsPage(user.id);
  const worths = await liveAdWorths(page.ads.filter((ad) => ad.status === "published").map((ad) => ad.id));
  const done = url.searchParams.get("done");
  const doneAd = page.ads.find((a) => String(a.id) === url.searchParams.get("ad"));
  const deleting = page.ads.find((a) => String(a.id) === url.searchParams.get(DELETE_STEP_PARAM));
  return {
    ads: page.ads.map((ad) => ({
      id: ad.id,
      title: ad.title,
      status: ad.status,
      path: ad.status === "published" || ad.status === "sold" ? adUrl(ad) : null,
      priceZar: ad.priceZar,
      previousPriceZar: ad.previousPriceZar,
      viewCount: ad.viewCount,
      contactCount: ad.contactCount,
      phoneRevealCount: ad.phoneRevealCount,
      favouriteCount: ad.favouriteCount,
      publishedOn: ad.publishedAt ? longDate(ad.publishedAt, now) : null,
      timeLine: timeLine(ad, now),
      buttons: buttonsFor(ad.status, ad.expiresAt, now),
      cover: ad.cover ? { src: photoUrl(ad.cover.storageKey, 320), width: ad.cover.width, height: ad.cover.height } : null,
      bodyType: ad.bodyType,
      colour: ad.colour,
      review: ad.review ? { reasons: ad.review.reasons.map((r) => `${reportReasonLabels[r.reason]} (${r.count})`), requested: ad.review.requested } : null,
      worth: worths[ad.id] ? { line: adWorthLine(ad.priceZar, worths[ad.id])!, url: worths[ad.id]!.url } : null,
    })),
    liveLine: liveAdsLine(page.liveCount, page.liveLimit),
    liveFull: page.liveCount >= page.liveLimit,
    notice: isMyAdIntent(done) ? doneMessage(done, doneAd, now) : null,
    confirmDelete: deleting ? { id: deleting.id, title: deleting.title } : null,
  };
}

export type MyAdsAnswer = { ok: true; intent: MyAdIntent; adId: number; message: string } | { ok: false; adId: number | null; message: string };

export async function myAdsAction(request: Request): Promise<ReturnType<typeof data<MyAdsAnswer>>> {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await readForm(request, 4 * 1024);
  const fail = (status: number, adId: number | null, message: string, headers?: HeadersInit) => data<MyAdsAnswer>({ ok: false, adId, message }, { status, headers });
  const limit = await rateLimit(`my-ads:${user.id}`, formRateLimit());
  if (!limit.ok) return fail(429, null, TOO_MANY_REQUESTS_MESSAGE, { "Retry-After": String(limit.retryAfterSeconds) });
  const intent = form.get("intent");
  const rawId = String(form.get("adId") ?? "");
  const adId = /^\d{1,9}$/.test(rawId) && Number(rawId) > 0 ? Number(rawId) : null;
  if (!isMyAdIntent(intent)) return fail(400, adId, "This action is not available.");
  if (adId === null) return fail(400, null, "Choose one of your ads.");
  if (intent === "delete" && form.get("confirm") !== "yes") throw redirect(`${MY_ADS_PATH}?${DELETE_STEP_PARAM}=${adId}`, 303);
  const now = new Date();
  const result = await applyMyAdAction(user.id, adId, intent, now);
  if (!result.ok) return fail(result.reason === "not-found" ? 404 : 409, adId, result.message);
  if (form.get(SCRIPTED_FIELD) !== "1") throw redirect(`${MY_ADS_PATH}?done=${intent}&ad=${adId}`, 303);
  return data<MyAdsAnswer>({ ok: true, intent, adId, message: doneMessage(intent, result.ad, now) });
}

type RenewPageAnswer = { ok: true; title: string; until: string; path: string } | { ok: false; message: string; until: string | null };

/**
 * The renew link of the expiry mails: a GET that renews (the mail's one click; the token works
 * once, so a prefetching mail scanner spends it for the seller, which is the seller's wish anyway).
 */
export async function renewLinkLoader(request: Request, now: Date = new Date()) {
  const token = new URL(request.url).searchParams.get("token");
  const result = await renewByToken(token, now);
  if (result.ok) {
    return data<RenewPageAnswer>({ ok: true, title: result.ad.title, until: longDate(result.ad.expiresAt, now), path: adUrl(result.ad) });
  }
  return data<RenewPageAnswer>(
    { ok: false, message: result.message, until: result.reason === "used" && result.expiresAt && result.expiresAt > now ? longDate(result.expiresAt, now) : null },
    { status: result.status },
  );
}
