import { data, redirect } from "react-router";
import { currentUser, requireUser } from "~/features/accounts/accounts.server";
import { loginUrl } from "~/features/accounts/urls";
import { parseNumericId, routeNotFound } from "~/lib/errors";
import { safeReturnPath } from "~/lib/return-path";
import { assertSameOrigin, clientIp, formRateLimit, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { REPORT_NEEDS_VERIFIED_ADDRESS } from "~/lib/report-rules";
import { toFieldErrors } from "~/ui/form";
import { BACK_FIELD, type HelpfulVoteAnswer, type ReportReviewAnswer, SCRIPTED_FIELD, VOTE_GONE, VOTE_OWN, VOTE_SIGN_IN, type WriteReviewAnswer } from "./review-actions";
import { reviewFormSchema, type ReviewField, reviewValues } from "./review-form-schema";
import {
  REVIEW_ALREADY_REPORTED,
  REVIEW_REPORT_THANKS,
  type ReviewReportField,
  reviewReportSchema,
  reviewReportValues,
} from "./review-report-schema";
import { deleteOwnReview, readerKey, reportReview, saveReview, voteHelpful } from "./review-writes.server";
import { latestPageOf, reportTarget, reviewTarget } from "./reviews.server";
import { modelReviewsUrl, OWNER_REVIEWS_ANCHOR, reviewAnchor } from "./urls";

// The POSTs of owner reviews: write (or replace, or delete) one's review, vote a review helpful
// (signed in: one vote per account), report a review. Each checks the origin and a rate limit;
// bad input is a 400 with messages under the fields, never a 500.

const TEN_MINUTES = 10 * 60_000;
/** Reviews written or edited per user per hour: plenty for an owner, little for a spammer. */
const REVIEW_WRITES_PER_HOUR = 10;
/** Helpful votes per address per 10 minutes. */
const HELPFUL_VOTES_PER_WINDOW = 60;

function tooMany<T>(answer: T, retryAfterSeconds: number) {
  return data(answer, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}

// ---------------------------------------------------------------------------------------------
// Helpful vote

/** A path of the site's model pages to go back to after a vote without scripts; else the fallback. */
function safeBackPath(value: FormDataEntryValue | null, modelPath: string): string {
  const path = safeReturnPath(value, modelPath).split("#")[0]!;
  return path === modelPath || path.startsWith(`${modelPath}?`) ? path : modelPath;
}

export async function helpfulVoteAction(request: Request, context: unknown, params: { reviewId?: string }) {
  assertSameOrigin(request);
  const { pathname } = new URL(request.url);
  const reviewId = parseNumericId(params.reviewId, pathname);
  const form = await readForm(request, 4 * 1024);
  const scripted = form.get(SCRIPTED_FIELD) === "1";
  const ip = clientIp(context);
  const limit = await rateLimit(`review-vote:${ip}`, { limit: HELPFUL_VOTES_PER_WINDOW, windowMs: TEN_MINUTES });
  if (!limit.ok) return tooMany<HelpfulVoteAnswer>({ ok: false, formError: TOO_MANY_REQUESTS_MESSAGE }, limit.retryAfterSeconds);
  // One vote per account: a visitor's cookie or address is theirs to change, so only an account counts.
  const user = await currentUser(request);
  if (!user) {
    if (scripted) return data<HelpfulVoteAnswer>({ ok: false, formError: VOTE_SIGN_IN }, { status: 401 });
    // Without scripts: the login page, coming back to the review to vote.
    const target = await reportTarget(reviewId);
    if (!target) routeNotFound(pathname);
    throw redirect(loginUrl(`${safeBackPath(form.get(BACK_FIELD), target.modelPath)}#${reviewAnchor(reviewId)}`), 303);
  }
  const result = await voteHelpful(reviewId, { voterKey: readerKey({ userId: user.id, ip }), userId: user.id });
  if (!scripted) {
    // Without scripts: back to the review on its model page (a GET, so a reload votes no twice).
    const target = await reportTarget(reviewId);
    if (!target) routeNotFound(pathname);
    throw redirect(`${safeBackPath(form.get(BACK_FIELD), target.modelPath)}#${result.ok ? reviewAnchor(reviewId) : OWNER_REVIEWS_ANCHOR}`, 303);
  }
  if (result.ok) return data<HelpfulVoteAnswer>({ ok: true, counted: result.counted, helpfulCount: result.helpfulCount });
  return data<HelpfulVoteAnswer>(
    { ok: false, formError: result.reason === "own-review" ? VOTE_OWN : VOTE_GONE },
    { status: result.reason === "own-review" ? 409 : 404 },
  );
}

// ---------------------------------------------------------------------------------------------
// Writing a review

export async function writeReviewAction(request: Request, context: unknown, params: { modelId?: string }) {
  assertSameOrigin(request);
  const { pathname } = new URL(request.url);
  const modelId = parseNumericId(params.modelId, pathname);
  const user = await requireUser(request);
  const target = await reviewTarget(modelId);
  if (!target) routeNotFound(pathname);
  const form = await readForm(request, 32 * 1024);
  const reviewsPath = modelReviewsUrl(target.brandSlug, target);

  if (form.get("intent") === "delete") {
    await deleteOwnReview(user.id, modelId);
    throw redirect(reviewsPath, 303);
  }

  const values = reviewValues(form);
  const limit = await rateLimit(`review-write:${user.id}`, { limit: REVIEW_WRITES_PER_HOUR, windowMs: 60 * 60_000 });
  const ipLimit = limit.ok ? await rateLimit(`review-write-ip:${clientIp(context)}`, formRateLimit()) : limit;
  if (!ipLimit.ok) return tooMany<WriteReviewAnswer>({ ok: false, formError: TOO_MANY_REQUESTS_MESSAGE, values }, ipLimit.retryAfterSeconds);

  const schema = reviewFormSchema({ launchYear: target.launchYear, currentYear: new Date().getFullYear(), versionIds: target.versions.map((v) => v.id) });
  const input = schema.safeParse(values);
  if (!input.success) return data<WriteReviewAnswer>({ ok: false, fieldErrors: toFieldErrors<ReviewField>(input.error), values }, { status: 400 });
  const saved = await saveReview(user.id, modelId, input.data);
  if (!saved.ok) routeNotFound(pathname);
  // To the review on the model page, on the page of the latest reviews where it is.
  const page = await latestPageOf(saved.reviewId);
  throw redirect(
    page === null ? reviewsPath : modelReviewsUrl(target.brandSlug, target, { page }).replace(`#${OWNER_REVIEWS_ANCHOR}`, `#${reviewAnchor(saved.reviewId)}`),
    303,
  );
}

// ---------------------------------------------------------------------------------------------
// Reporting a review

export async function reportReviewAction(request: Request, context: unknown, params: { reviewId?: string }) {
  assertSameOrigin(request);
  const { pathname } = new URL(request.url);
  const reviewId = parseNumericId(params.reviewId, pathname);
  const user = await requireUser(request);
  const form = await readForm(request, 16 * 1024);
  const values = reviewReportValues(form);
  const limit = await rateLimit(`review-report:${user.id}`, formRateLimit());
  if (!limit.ok) return tooMany<ReportReviewAnswer>({ ok: false, formError: TOO_MANY_REQUESTS_MESSAGE, values }, limit.retryAfterSeconds);
  const input = reviewReportSchema.safeParse(values);
  if (!input.success) return data<ReportReviewAnswer>({ ok: false, fieldErrors: toFieldErrors<ReviewReportField>(input.error), values }, { status: 400 });
  const result = await reportReview(reviewId, input.data, { reporterKey: readerKey({ userId: user.id, ip: clientIp(context) }), userId: user.id });
  if (!result.ok && result.reason === "not-found") routeNotFound(pathname);
  if (!result.ok && result.reason === "unverified") return data<ReportReviewAnswer>({ ok: false, formError: REPORT_NEEDS_VERIFIED_ADDRESS, values }, { status: 403 });
  if (!result.ok && result.reason === "own-review") {
    return data<ReportReviewAnswer>({ ok: false, formError: "This is your own review: you can change or delete it instead.", values }, { status: 409 });
  }
  // A second report from the same reader is no error: they are told it is already in.
  return data<ReportReviewAnswer>({ ok: true, message: result.ok ? REVIEW_REPORT_THANKS : REVIEW_ALREADY_REPORTED });
}
