import { Link } from "react-router";
import { RatingCard } from "~/features/dealers/ratings/components/rating-card";
import { ReplyForm } from "~/features/dealers/ratings/components/reply-form";
import { dealerReplyAction, dealerRatingsLoader } from "~/features/dealers/ratings/rating-actions.server";
import type { ReplyAnswer } from "~/features/dealers/ratings/rating-answers";
import { ratingCountLabel } from "~/features/dealers/ratings/rating-rules";
import { dealerDashboardUrl } from "~/features/dealer-accounts/urls";
import { routeMeta } from "~/lib/seo";
import { FormSuccess } from "~/ui/form";
import type { Route } from "./+types/ratings";

// /mon-compte/concession/{dealerId}/avis: the dealer's buyers' ratings, newest first, each with
// its one public answer or the form to write it. Owner and staff ("leads"), checked on every
// loader and POST with the dealer id of the URL.

export async function loader({ request, params }: Route.LoaderArgs) {
  return dealerRatingsLoader(request, params);
}

export async function action({ request, params }: Route.ActionArgs) {
  return dealerReplyAction(request, params);
}

export default function DealerRatings({ loaderData, actionData, params }: Route.ComponentProps) {
  const { dealerName, publicPath, total, unanswered, ratings, page, pageCount } = loaderData;
  const answer = actionData as ReplyAnswer | undefined;
  const dealerId = Number(params.dealerId);
  return (
    <section aria-labelledby="ratings-heading" className="mt-6">
      <h1 id="ratings-heading" className="text-2xl font-extrabold tracking-tight">
        Buyers' ratings
      </h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {total === 0 ? "No buyer has rated you yet." : `${ratingCountLabel(total)}, ${unanswered} without your answer.`} Buyers who contacted {dealerName} through Voitura rate
        it 7 days or more later; your answers show under their ratings on{" "}
        <Link to={publicPath} className="link">
          your public page
        </Link>
        .
      </p>
      {answer?.ok ? <FormSuccess className="mt-4">{answer.message}</FormSuccess> : null}
      {ratings.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Ratings, newest first">
          {ratings.map((rating) => (
            <li key={rating.id} className="card p-4 sm:p-5" data-testid="dashboard-rating">
              {rating.hidden ? (
                <p className="mb-2 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
                  Hidden from your page while our team looks at reports
                </p>
              ) : null}
              <RatingCard rating={rating} dealerName={dealerName} headingLevel={3}>
                {rating.reply === null ? <ReplyForm ratingId={rating.id} author={rating.author} answer={answer} /> : null}
              </RatingCard>
            </li>
          ))}
        </ul>
      ) : null}
      {pageCount > 1 ? (
        <nav aria-label="Pages of ratings" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
          {page > 1 ? (
            <Link to={`${dealerDashboardUrl(dealerId, "avis")}${page > 2 ? `?page=${page - 1}` : ""}`} className="btn-secondary" rel="prev">
              Newer ratings
            </Link>
          ) : null}
          <span className="text-slate-600 dark:text-slate-400">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={`${dealerDashboardUrl(dealerId, "avis")}?page=${page + 1}`} className="btn-secondary" rel="next">
              Older ratings
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Buyers' ratings: dealer dashboard", description: "Your dealership's buyers' ratings and your answers.", noindex: true });
}
