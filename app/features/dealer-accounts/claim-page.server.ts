import { data, redirect } from "react-router";
import type { ZodError } from "zod";
import { requireUser } from "~/features/accounts/accounts.server";
import { parseNumericId, routeNotFound } from "~/lib/errors";
import { assertSameOrigin, formRateLimit, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { toFieldErrors } from "~/ui/form";
import { CLAIM_CODE_TTL_MS, UNVERIFIED_MESSAGE } from "./claim-rules";
import { type ClaimReviewField, claimCodeSchema, claimReviewSchema, formValues } from "./claim-schema";
import { checkClaimCode, claimPage, requestClaimReview, sendClaimCode } from "./claims.server";
import { CLAIMED_NOTICE, dealerDashboardUrl } from "./urls";

// The claim page's loader and POSTs (/mon-compte/concession/revendiquer/{dealerId}): signed-in
// only, the dealer id from the URL, each intent rate-limited by keys the client cannot choose (the
// account and the dealer), so a flood costs one account a few mails at most.

export type ClaimIntent = "send" | "verify" | "review";

export type ClaimAnswer =
  | { ok: true; intent: ClaimIntent; message: string }
  | { ok: false; intent: ClaimIntent; formError?: string; fieldErrors?: Partial<Record<"code" | ClaimReviewField, string>>; values: Record<string, string> };

/** Codes a claimant may ask for one dealer per half hour, and for all dealers per hour. */
const CODES_PER_DEALER = 3;
const CODES_PER_ACCOUNT = 10;
/** Codes typed per account per 10 minutes (each code also dies after five wrong tries). */
const CODE_CHECKS = 20;


export async function loadClaimPage(request: Request, params: { dealerId?: string }) {
  const { pathname } = new URL(request.url);
  const dealerId = parseNumericId(params.dealerId, pathname);
  const user = await requireUser(request);
  const page = await claimPage(user.id, dealerId);
  if (!page) routeNotFound(pathname);
  if (page.state === "member") throw redirect(dealerDashboardUrl(dealerId));
  return { page, emailVerified: user.emailVerified, codeMinutes: CLAIM_CODE_TTL_MS / 60_000 };
}

function answer(body: ClaimAnswer, status = 200, headers?: HeadersInit) {
  return data<ClaimAnswer>(body, { status, headers });
}

function tooMany(intent: ClaimIntent, values: Record<string, string>, retryAfterSeconds: number) {
  return answer({ ok: false, intent, formError: TOO_MANY_REQUESTS_MESSAGE, values }, 429, { "Retry-After": String(retryAfterSeconds) });
}

function invalid(intent: ClaimIntent, error: ZodError, values: Record<string, string>) {
  return answer({ ok: false, intent, fieldErrors: toFieldErrors<"code" | ClaimReviewField>(error), values }, 400);
}

const OWNED_MESSAGE = "This dealership is already managed on Voitura. Ask its owner to invite you.";
const IN_REVIEW_MESSAGE = "Your request is already with our team: we will mail you our decision.";

export async function claimAction(request: Request, params: { dealerId?: string }) {
  assertSameOrigin(request);
  const { pathname } = new URL(request.url);
  const dealerId = parseNumericId(params.dealerId, pathname);
  const user = await requireUser(request);
  const form = await readForm(request, 16 * 1024);
  const intentValue = form.get("intent");
  if (intentValue !== "send" && intentValue !== "verify" && intentValue !== "review") {
    return answer({ ok: false, intent: "send", formError: "This action is not available.", values: {} }, 400);
  }
  const intent: ClaimIntent = intentValue;
  const values = formValues(form, ["code", "role", "phone", "message"]) as Record<string, string>;
  if (!user.emailVerified) return answer({ ok: false, intent, formError: UNVERIFIED_MESSAGE, values }, 403);

  if (intent === "send") {
    for (const [key, limit, windowMs] of [
      [`claim-code:${user.id}:${dealerId}`, CODES_PER_DEALER, 30 * 60_000],
      [`claim-code:${user.id}`, CODES_PER_ACCOUNT, 60 * 60_000],
    ] as const) {
      const allowed = await rateLimit(key, { limit, windowMs });
      if (!allowed.ok) return tooMany(intent, values, allowed.retryAfterSeconds);
    }
    const sent = await sendClaimCode(user, dealerId);
    if (sent.ok) return answer({ ok: true, intent, message: `We sent a six-digit code to ${sent.maskedEmail}. It is valid for ${CLAIM_CODE_TTL_MS / 60_000} minutes.` });
    if (sent.reason === "not-found") routeNotFound(pathname);
    if (sent.reason === "member") throw redirect(dealerDashboardUrl(dealerId), 303);
    if (sent.reason === "mail-failed") return answer({ ok: false, intent, formError: "We could not send the mail just now. Please try again in a few minutes.", values }, 503);
    const message =
      sent.reason === "owned" ? OWNED_MESSAGE : sent.reason === "in-review" ? IN_REVIEW_MESSAGE : "This dealership has no listed e-mail address: ask our team to check your claim below.";
    return answer({ ok: false, intent, formError: message, values }, 409);
  }

  if (intent === "verify") {
    const allowed = await rateLimit(`claim-check:${user.id}`, { limit: CODE_CHECKS, windowMs: 10 * 60_000 });
    if (!allowed.ok) return tooMany(intent, values, allowed.retryAfterSeconds);
    const input = claimCodeSchema.safeParse(values);
    if (!input.success) return invalid(intent, input.error, values);
    const checked = await checkClaimCode(user, dealerId, input.data.code);
    if (checked.ok) throw redirect(`${dealerDashboardUrl(dealerId)}?notice=${CLAIMED_NOTICE}`, 303);
    if (checked.reason === "not-found") routeNotFound(pathname);
    if (checked.reason === "member") throw redirect(dealerDashboardUrl(dealerId), 303);
    if (checked.reason === "wrong") {
      const left = checked.attemptsLeft;
      return answer({ ok: false, intent, fieldErrors: { code: `This code is not the one we sent. You can try ${left} more ${left === 1 ? "time" : "times"}.` }, values }, 400);
    }
    const message = {
      "no-code": "Please send a code first.",
      expired: "This code has expired. Send a new code and type the one in the new mail.",
      spent: "Too many wrong codes. Send a new code and type the one in the new mail.",
      owned: OWNED_MESSAGE,
    }[checked.reason];
    return answer({ ok: false, intent, formError: message, values }, checked.reason === "owned" ? 409 : 400);
  }

  const allowed = await rateLimit(`claim-review:${user.id}`, formRateLimit());
  if (!allowed.ok) return tooMany(intent, values, allowed.retryAfterSeconds);
  const input = claimReviewSchema.safeParse(values);
  if (!input.success) return invalid(intent, input.error, values);
  const requested = await requestClaimReview(user, dealerId, input.data);
  if (requested.ok) return answer({ ok: true, intent, message: "Thank you: your request is with our team. A person will check it, usually within two working days, and mail you the decision." });
  if (requested.reason === "not-found") routeNotFound(pathname);
  if (requested.reason === "member") throw redirect(dealerDashboardUrl(dealerId), 303);
  return answer({ ok: false, intent, formError: requested.reason === "owned" ? OWNED_MESSAGE : IN_REVIEW_MESSAGE, values }, 409);
}
