import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { requireUser } from "~/features/accounts/accounts.server";
import { requireDealerMember } from "~/features/dealer-accounts/membership.server";
import { canonicalRedirect, parseIdSlug } from "~/features/catalogue/page-rules";
import { db } from "~/lib/db.server";
import { invalidParameter, parseNumericId, routeNotFound } from "~/lib/errors";
import { REPORT_NEEDS_VERIFIED_ADDRESS } from "~/lib/report-rules";
import { assertSameOrigin, clientIp, formRateLimit, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { toFieldErrors } from "~/ui/form";
import { dealers } from "../../../../db/schema";
import {
  RATING_ALREADY_REPORTED,
  RATING_REPORT_THANKS,
  type RateDealerAnswer,
  REPLY_ALREADY,
  REPLY_SAVED,
  type ReplyAnswer,
  type ReportRatingAnswer,
} from "./rating-answers";
import { DASHBOARD_RATINGS_PER_PAGE, ratingsForDealer, replyToRating } from "./rating-replies.server";
import { ratingToReport, reportRating } from "./rating-reports.server";
import { ineligibleMessage } from "./rating-rules";
import { type RatingField, type RatingReportField, ratingReportSchema, ratingReportValues, ratingSchema, ratingValues, type ReplyField, replySchema, replyValues } from "./rating-schemas";
import { ratingStanding, saveRating } from "./ratings.server";
import { dealerRatingsUrl, rateDealerUrl, ratingAnchor } from "./urls";

// The loaders and POSTs of buyers' ratings: the rating page, a rating's report page and the
// dealer dashboard's ratings section. Each POST checks the origin, the account and a rate limit
// keyed by the account (and the address); bad input is a 400 with messages, never a 500.

const HOUR = 60 * 60_000;
/** Ratings posted per account per hour: a buyer rates a few dealers, never dozens. */
const RATINGS_PER_HOUR = 5;
/** Answers per dealer per hour: a busy dealer catches up on a backlog, a script does not flood. */
const REPLIES_PER_HOUR = 60;

function tooMany<T>(answer: T, retryAfterSeconds: number) {
  return data(answer, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}

async function dealerById(id: number) {
  const [dealer] = await db().select({ id: dealers.id, slug: dealers.slug, name: dealers.name }).from(dealers).where(eq(dealers.id, id)).limit(1);
  return dealer ?? null;
}

/** The dealer a rating page names (else the 404 page), its stale slug 301'd. */
async function ratedDealer(request: Request, params: { dealerIdSlug?: string }) {
  const url = new URL(request.url);
  const { id } = parseIdSlug(params.dealerIdSlug, url.pathname);
  const dealer = await dealerById(id);
  if (!dealer) routeNotFound(url.pathname);
  const target = canonicalRedirect(url, rateDealerUrl(dealer));
  if (target) throw redirect(target, 301);
  return dealer;
}

// ---------------------------------------------------------------------------------------------
// Rating a dealer

export async function rateDealerLoader(request: Request, params: { dealerIdSlug?: string }) {
  const dealer = await ratedDealer(request, params);
  const user = await requireUser(request);
  const { eligibility, own } = await ratingStanding(user.id, dealer.id);
  return {
    dealer,
    dealerPath: dealerRatingsUrl(dealer),
    eligible: eligibility.kind === "eligible",
    refusal: ineligibleMessage(eligibility, dealer.name, formatSouthAfricanDate),
    own,
  };
}

export async function rateDealerAction(request: Request, context: unknown, params: { dealerIdSlug?: string }) {
  assertSameOrigin(request);
  const dealer = await ratedDealer(request, params);
  const user = await requireUser(request);
  const values = ratingValues(await readForm(request, 16 * 1024));
  const limit = await rateLimit(`dealer-rating:${user.id}`, { limit: RATINGS_PER_HOUR, windowMs: HOUR });
  const ipLimit = limit.ok ? await rateLimit(`dealer-rating-ip:${clientIp(context)}`, formRateLimit()) : limit;
  if (!ipLimit.ok) return tooMany<RateDealerAnswer>({ ok: false, formError: TOO_MANY_REQUESTS_MESSAGE, values }, ipLimit.retryAfterSeconds);
  const input = ratingSchema.safeParse(values);
  if (!input.success) return data<RateDealerAnswer>({ ok: false, fieldErrors: toFieldErrors<RatingField>(input.error), values }, { status: 400 });
  const saved = await saveRating(user.id, dealer.id, input.data);
  if (!saved.ok) {
    const formError = ineligibleMessage(saved.eligibility, dealer.name, formatSouthAfricanDate) ?? "You have already rated this dealer.";
    return data<RateDealerAnswer>({ ok: false, formError, values }, { status: saved.eligibility.kind === "rated" ? 409 : 403 });
  }
  // To the rating on the dealer's page: the newest, so on the first page of ratings.
  throw redirect(dealerRatingsUrl(dealer).replace(/#.*$/, `#${ratingAnchor(saved.ratingId)}`), 303);
}

// ---------------------------------------------------------------------------------------------
// Reporting a rating

export async function reportRatingLoader(request: Request, params: { ratingId?: string }) {
  const { pathname } = new URL(request.url);
  const ratingId = parseNumericId(params.ratingId, pathname);
  const user = await requireUser(request);
  const rating = await ratingToReport(ratingId);
  if (!rating) routeNotFound(pathname);
  const { userId, ...shown } = rating;
  return { rating: shown, own: userId === user.id, backPath: dealerRatingsUrl(rating.dealer) };
}

export async function reportRatingAction(request: Request, params: { ratingId?: string }) {
  assertSameOrigin(request);
  const { pathname } = new URL(request.url);
  const ratingId = parseNumericId(params.ratingId, pathname);
  const user = await requireUser(request);
  const values = ratingReportValues(await readForm(request, 16 * 1024));
  const limit = await rateLimit(`dealer-rating-report:${user.id}`, formRateLimit());
  if (!limit.ok) return tooMany<ReportRatingAnswer>({ ok: false, formError: TOO_MANY_REQUESTS_MESSAGE, values }, limit.retryAfterSeconds);
  const input = ratingReportSchema.safeParse(values);
  if (!input.success) return data<ReportRatingAnswer>({ ok: false, fieldErrors: toFieldErrors<RatingReportField>(input.error), values }, { status: 400 });
  const result = await reportRating(ratingId, input.data, user.id);
  if (!result.ok && result.reason === "not-found") routeNotFound(pathname);
  if (!result.ok && result.reason === "unverified") return data<ReportRatingAnswer>({ ok: false, formError: REPORT_NEEDS_VERIFIED_ADDRESS, values }, { status: 403 });
  if (!result.ok && result.reason === "own-rating") return data<ReportRatingAnswer>({ ok: false, formError: "This is your own rating.", values }, { status: 409 });
  // A second report from the same reader is no error: they are told it is already in.
  return data<ReportRatingAnswer>({ ok: true, message: result.ok ? RATING_REPORT_THANKS : RATING_ALREADY_REPORTED });
}

// ---------------------------------------------------------------------------------------------
// The dealer's answers (dashboard: /mon-compte/concession/{dealerId}/avis)

function dashboardPage(url: URL): number {
  const values = url.searchParams.getAll("page");
  if (values.length === 0) return 1;
  if (values.length > 1 || !/^[1-9]\d{0,4}$/.test(values[0]!)) invalidParameter(url.pathname);
  return Number(values[0]);
}

export async function dealerRatingsLoader(request: Request, params: { dealerId?: string }) {
  const url = new URL(request.url);
  const dealerId = parseNumericId(params.dealerId, url.pathname);
  const { membership } = await requireDealerMember(request, dealerId, "leads");
  const page = dashboardPage(url);
  const { total, unanswered, ratings } = await ratingsForDealer(dealerId, page);
  const pageCount = Math.max(1, Math.ceil(total / DASHBOARD_RATINGS_PER_PAGE));
  if (page > pageCount) routeNotFound(url.pathname);
  return { dealerName: membership.dealerName, publicPath: dealerRatingsUrl({ id: dealerId, slug: membership.dealerSlug }), total, unanswered, ratings, page, pageCount };
}

export async function dealerReplyAction(request: Request, params: { dealerId?: string }) {
  assertSameOrigin(request);
  const { pathname } = new URL(request.url);
  const dealerId = parseNumericId(params.dealerId, pathname);
  // The dealer comes from the URL and the membership is checked on it; the rating must be this dealer's.
  await requireDealerMember(request, dealerId, "leads");
  const values = replyValues(await readForm(request, 16 * 1024));
  const ratingId = /^\d{1,9}$/.test(values.ratingId ?? "") ? Number(values.ratingId) : null;
  const limit = await rateLimit(`dealer-rating-reply:${dealerId}`, { limit: REPLIES_PER_HOUR, windowMs: HOUR });
  if (!limit.ok) return tooMany<ReplyAnswer>({ ok: false, ratingId, formError: TOO_MANY_REQUESTS_MESSAGE, values }, limit.retryAfterSeconds);
  const input = replySchema.safeParse(values);
  if (!input.success) return data<ReplyAnswer>({ ok: false, ratingId, fieldErrors: toFieldErrors<ReplyField>(input.error), values }, { status: 400 });
  const result = await replyToRating(dealerId, input.data.ratingId, input.data.reply);
  if (!result.ok && result.reason === "not-found") return data<ReplyAnswer>({ ok: false, ratingId, formError: "This rating is not one of your dealer's.", values }, { status: 404 });
  if (!result.ok) return data<ReplyAnswer>({ ok: false, ratingId, formError: REPLY_ALREADY, values }, { status: 409 });
  return data<ReplyAnswer>({ ok: true, ratingId: input.data.ratingId, message: REPLY_SAVED });
}
