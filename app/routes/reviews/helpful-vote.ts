import { helpfulVoteAction } from "~/features/reviews/review-actions.server";
import type { Route } from "./+types/helpful-vote";

// POST /guide-auto/avis-des-automobilistes/utile/{reviewId}: "this review was helpful", once per
// reader (their account, else their visitor id). Answers data to the button once scripts run, a
// 303 back to the review without them.
export async function action({ request, context, params }: Route.ActionArgs) {
  return helpfulVoteAction(request, context, params);
}
