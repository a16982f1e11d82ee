import { data } from "react-router";
import type { ZodError } from "zod";
import { parseNumericId, routeNotFound } from "~/lib/errors";
import { assertSameOrigin, readForm } from "~/lib/security.server";
import { toFieldErrors } from "~/ui/form";
import { banAuthorOfReview, banSellerOfAd, type ModerationOutcome, removeAd, removeReview, restoreAd, restoreReview } from "./actions.server";
import { moderationActionSchema, moderationActionValues } from "./action-schema";
import { requireModerator } from "./moderators.server";
import { moderationDealerRatingItem, removeDealerRating, restoreDealerRating } from "./dealer-ratings.server";
import { moderationAdItem, moderationQueue, moderationReviewItem } from "./queue.server";

// The /moderation pages' loaders and POSTs: the moderator is checked first, on every request,
// so anyone else meets the 404 page before anything is read; a bad form is a 400 with messages.

export type ModerationAnswer = { ok: true; message: string } | { ok: false; formError?: string; fieldErrors?: { reason?: string }; values: Record<string, string> };

export async function queueLoader(request: Request) {
  const moderator = await requireModerator(request);
  return { moderator: moderator.email, items: await moderationQueue() };
}

export async function adItemLoader(request: Request, params: { adId?: string }) {
  const { pathname } = new URL(request.url);
  await requireModerator(request);
  const item = await moderationAdItem(parseNumericId(params.adId, pathname));
  if (!item) routeNotFound(pathname);
  return item;
}

export async function reviewItemLoader(request: Request, params: { reviewId?: string }) {
  const { pathname } = new URL(request.url);
  await requireModerator(request);
  const item = await moderationReviewItem(parseNumericId(params.reviewId, pathname));
  if (!item) routeNotFound(pathname);
  return item;
}

async function parseAction(request: Request) {
  const moderator = await requireModerator(request);
  assertSameOrigin(request);
  const values = moderationActionValues(await readForm(request, 16 * 1024));
  const input = moderationActionSchema.safeParse(values);
  return { moderator, values, input };
}

function answer(outcome: ModerationOutcome, values: Record<string, string>) {
  if (outcome.ok) return data<ModerationAnswer>({ ok: true, message: outcome.message });
  return data<ModerationAnswer>({ ok: false, formError: outcome.message, values }, { status: outcome.status });
}

function invalid(error: ZodError, values: Record<string, string>) {
  const fieldErrors = toFieldErrors<"reason" | "intent">(error);
  return data<ModerationAnswer>({ ok: false, formError: fieldErrors.intent, fieldErrors: { reason: fieldErrors.reason }, values }, { status: 400 });
}

export async function adItemAction(request: Request, params: { adId?: string }) {
  const { pathname } = new URL(request.url);
  const { moderator, values, input } = await parseAction(request);
  const adId = parseNumericId(params.adId, pathname);
  if (!input.success) return invalid(input.error, values);
  const { intent, reason } = input.data;
  if (intent === "restore") return answer(await restoreAd(adId, moderator.email, reason), values);
  if (intent === "remove") return answer(await removeAd(adId, moderator.email, reason), values);
  return answer(await banSellerOfAd(adId, moderator.email, reason), values);
}

export async function reviewItemAction(request: Request, params: { reviewId?: string }) {
  const { pathname } = new URL(request.url);
  const { moderator, values, input } = await parseAction(request);
  const reviewId = parseNumericId(params.reviewId, pathname);
  if (!input.success) return invalid(input.error, values);
  const { intent, reason } = input.data;
  if (intent === "restore") return answer(await restoreReview(reviewId, moderator.email, reason), values);
  if (intent === "remove") return answer(await removeReview(reviewId, moderator.email, reason), values);
  return answer(await banAuthorOfReview(reviewId, moderator.email, reason), values);
}

export async function dealerRatingItemLoader(request: Request, params: { ratingId?: string }) {
  const { pathname } = new URL(request.url);
  await requireModerator(request);
  const item = await moderationDealerRatingItem(parseNumericId(params.ratingId, pathname));
  if (!item) routeNotFound(pathname);
  return item;
}

export async function dealerRatingItemAction(request: Request, params: { ratingId?: string }) {
  const { pathname } = new URL(request.url);
  const { moderator, values, input } = await parseAction(request);
  const ratingId = parseNumericId(params.ratingId, pathname);
  if (!input.success) return invalid(input.error, values);
  const { intent, reason } = input.data;
  if (intent === "restore") return answer(await restoreDealerRating(ratingId, moderator.email, reason), values);
  if (intent === "remove") return answer(await removeDealerRating(ratingId, moderator.email, reason), values);
  // A rating's author is a buyer, not a seller: banning is for ads and reviews.
  return data<ModerationAnswer>({ ok: false, formError: "This action is not available.", values }, { status: 400 });
}
