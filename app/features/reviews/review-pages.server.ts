import { currentUser } from "~/features/accounts/accounts.server";
import { loginUrl } from "~/features/accounts/urls";
import { modelUrl } from "~/features/catalogue/urls";
import { parseNumericId, routeNotFound } from "~/lib/errors";
import { type ReviewValues, storedReviewValues, yearBoughtRange } from "./review-form-schema";
import { ownReview, reportTarget, reviewTarget } from "./reviews.server";
import { modelReviewsUrl, writeReviewUrl } from "./urls";

// The loaders of the signed-in pages of owner reviews: writing one's review of a model (the form
// starts from the review already written, which saving replaces) and reporting a review. A visitor
// gets the login gate (the popup with scripts, the login page without) that comes back here.

const registerUrl = (redirectTo: string) => `/register?redirectTo=${encodeURIComponent(redirectTo)}`;

export async function loadWriteReviewPage(request: Request, params: { modelId?: string }) {
  const { pathname } = new URL(request.url);
  const modelId = parseNumericId(params.modelId, pathname);
  const target = await reviewTarget(modelId);
  if (!target) routeNotFound(pathname);
  const model = {
    id: target.id,
    slug: target.slug,
    name: target.name,
    brandName: target.brandName,
    brandSlug: target.brandSlug,
    bodyType: target.bodyType,
    colour: target.colour,
    path: modelUrl(target.brandSlug, target),
    reviewsPath: modelReviewsUrl(target.brandSlug, target),
  };
  const writePath = writeReviewUrl(modelId);
  const user = await currentUser(request);
  if (!user) return { signedIn: false as const, model, loginPath: loginUrl(writePath), registerPath: registerUrl(writePath) };
  const own = await ownReview(user.id, modelId);
  const currentYear = new Date().getFullYear();
  const values: ReviewValues = own ? storedReviewValues({ ...own.scores, ...own }) : {};
  return {
    signedIn: true as const,
    model,
    versions: target.versions,
    context: { launchYear: target.launchYear, currentYear },
    years: yearBoughtRange({ launchYear: target.launchYear, currentYear }),
    values,
    editing: own !== null,
    hidden: own?.hidden ?? false,
  };
}

export async function loadReportReviewPage(request: Request, params: { reviewId?: string }) {
  const { pathname } = new URL(request.url);
  const reviewId = parseNumericId(params.reviewId, pathname);
  const target = await reportTarget(reviewId);
  if (!target) routeNotFound(pathname);
  const review = {
    id: target.id,
    title: target.title,
    author: target.author,
    hidden: target.hidden,
    modelLabel: `${target.brandName} ${target.modelName}`,
    backPath: `${target.modelPath}#review-${target.id}`,
  };
  const user = await currentUser(request);
  if (!user) return { signedIn: false as const, review, own: false, loginPath: loginUrl(pathname), registerPath: registerUrl(pathname) };
  return { signedIn: true as const, review, own: target.userId === user.id, editPath: writeReviewUrl(target.modelId) };
}
