import { data, redirect } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { CAPTCHA_FIELD, verifyCaptcha } from "~/lib/captcha.server";
import { invalidParameter } from "~/lib/errors";
import { assertSameOrigin, clientIp, formRateLimit, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE, visitorId } from "~/lib/security.server";
import { toFieldErrors } from "~/ui/form";
import { type AdActionAnswer, CONTACT_SENT_PARAM, SCRIPTED_FIELD } from "./ad-actions";
import { recordAdView } from "./ad-page.server";
import { type SellerContactField, sellerContactSchema, sellerContactValues } from "./contact-schema";
import { loginUrl } from "~/features/accounts/urls";
import { REPORT_NEEDS_VERIFIED_ADDRESS } from "~/lib/report-rules";
import { ALREADY_REPORTED, OWN_AD_REPORT, REPORT_THANKS, type ReportField, reportSchema, reportValues } from "./report-schema";
import { reportAd } from "./reports.server";
import { contactSeller, revealPhone } from "./seller-contact.server";
import { parseAdIdSlug } from "../urls";

// The ad page's POSTs: contact the seller, show the phone number, report the ad. Each checks the
// origin and a rate limit; a bad form is a 400 with messages, never a 500.

/** Phone reveals per visitor (or address) per 10 minutes: enough to call a few sellers, not to harvest numbers. */
export const PHONE_REVEALS_PER_WINDOW = 20;
const TEN_MINUTES = 10 * 60_000;

const NOT_FOR_SALE = "This car is no longer for sale, so the seller cannot be contacted through it.";

export async function adPageAction(request: Request, context: unknown, params: { adIdSlug?: string }) {
  assertSameOrigin(request);
  const url = new URL(request.url);
  const parsed = parseAdIdSlug(params.adIdSlug);
  if (!parsed) invalidParameter(url.pathname);
  const adId = parsed.id;
  const form = await readForm(request, 32 * 1024);
  const scripted = form.get(SCRIPTED_FIELD) === "1";
  const ip = clientIp(context);
  const visitor = visitorId(request);
  const intent = form.get("intent");

  if (intent === "contact") {
    const values = sellerContactValues(form);
    const fail = (status: number, answer: Omit<Extract<AdActionAnswer, { intent: "contact"; ok: false }>, "intent" | "ok" | "values">, headers?: HeadersInit) =>
      data<AdActionAnswer>({ intent: "contact", ok: false, values, ...answer }, { status, headers });
    const limit = await rateLimit(`ad-contact:${ip}`, formRateLimit());
    if (!limit.ok) return fail(429, { formError: TOO_MANY_REQUESTS_MESSAGE }, { "Retry-After": String(limit.retryAfterSeconds) });
    const captcha = await verifyCaptcha(form.get(CAPTCHA_FIELD));
    if (!captcha.ok) return fail(400, { formError: captcha.message });
    const input = sellerContactSchema.safeParse(values);
    if (!input.success) return fail(400, { fieldErrors: toFieldErrors<SellerContactField>(input.error) });
    const user = await currentUser(request);
    const result = await contactSeller(adId, input.data, { userId: user?.id, visitorId: visitor });
    if (!result.ok) return fail(result.reason === "not-found" ? 404 : 409, { formError: NOT_FOR_SALE });
    // Without scripts: back to the ad (a GET), so a reload never sends the message twice.
    if (!scripted) throw redirect(`${url.pathname}?${CONTACT_SENT_PARAM}=sent#contact-seller`, 303);
    return data<AdActionAnswer>({ intent: "contact", ok: true });
  }

  if (intent === "phone") {
    const limit = await rateLimit(`ad-phone:${visitor ?? ip}`, { limit: PHONE_REVEALS_PER_WINDOW, windowMs: TEN_MINUTES });
    const ipLimit = limit.ok ? await rateLimit(`ad-phone-ip:${ip}`, { limit: PHONE_REVEALS_PER_WINDOW * 5, windowMs: TEN_MINUTES }) : limit;
    if (!ipLimit.ok) {
      return data<AdActionAnswer>(
        { intent: "phone", ok: false, formError: TOO_MANY_REQUESTS_MESSAGE },
        { status: 429, headers: { "Retry-After": String(ipLimit.retryAfterSeconds) } },
      );
    }
    const phone = await revealPhone(adId);
    if (!phone) return data<AdActionAnswer>({ intent: "phone", ok: false, formError: "The seller's number is not available." }, { status: 404 });
    return data<AdActionAnswer>({ intent: "phone", ok: true, phone });
  }

  if (intent === "report") {
    const values = reportValues(form);
    const fail = (status: number, answer: Omit<Extract<AdActionAnswer, { intent: "report"; ok: false }>, "intent" | "ok" | "values">, headers?: HeadersInit) =>
      data<AdActionAnswer>({ intent: "report", ok: false, values, ...answer }, { status, headers });
    // Reports come from accounts only (docs/moderation.md): a visitor signs in first (the page's
    // dialog opens the login popup; without scripts, the login page brings them back here).
    const user = await currentUser(request);
    if (!user) {
      if (!scripted) throw redirect(loginUrl(`${url.pathname}#report`), 303);
      return fail(401, { formError: "Please sign in to report this ad." });
    }
    const limit = await rateLimit(`ad-report:${user.id}`, formRateLimit());
    if (!limit.ok) return fail(429, { formError: TOO_MANY_REQUESTS_MESSAGE }, { "Retry-After": String(limit.retryAfterSeconds) });
    const input = reportSchema.safeParse(values);
    if (!input.success) return fail(400, { fieldErrors: toFieldErrors<ReportField>(input.error) });
    const result = await reportAd(adId, input.data, { userId: user.id });
    if (!result.ok && result.reason === "not-found") return fail(404, { formError: "This ad cannot be reported: it is not on the site." });
    if (!result.ok && result.reason === "own-ad") return fail(409, { formError: OWN_AD_REPORT });
    if (!result.ok && result.reason === "unverified") return fail(403, { formError: REPORT_NEEDS_VERIFIED_ADDRESS });
    // A second report from the same account is no error: they are told it is already in.
    return data<AdActionAnswer>({ intent: "report", ok: true, message: result.ok ? REPORT_THANKS : ALREADY_REPORTED });
  }

  return data<AdActionAnswer>({ intent: "unknown", ok: false, formError: "This action is not available." }, { status: 400 });
}

/** The view beacon: counted at most once per visitor (or address) and ad every 30 minutes. */
export async function adViewAction(request: Request, context: unknown): Promise<Response> {
  assertSameOrigin(request);
  const form = await readForm(request, 1024);
  const id = Number(form.get("adId"));
  if (!Number.isInteger(id) || id <= 0 || id > 999_999_999) return new Response(null, { status: 400 });
  const who = visitorId(request) ?? clientIp(context);
  const once = await rateLimit(`ad-view:${who}:${id}`, { limit: 1, windowMs: 30 * 60_000 });
  const flood = await rateLimit(`ad-views:${clientIp(context)}`, { limit: 300, windowMs: TEN_MINUTES });
  if (once.ok && flood.ok) await recordAdView(id);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
