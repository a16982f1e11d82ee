import { Link } from "react-router";
import { ReportForm } from "~/ui/report-form";
import { RATING_LIMITS, ratingReportReasonLabels, ratingReportReasons } from "~/features/dealers/ratings/rating-schemas";
import { reportRatingAction, reportRatingLoader } from "~/features/dealers/ratings/rating-actions.server";
import type { ReportRatingAnswer } from "~/features/dealers/ratings/rating-answers";
import { reportRatingUrl } from "~/features/dealers/ratings/urls";
import { DEALER_DIRECTORY_PATH, dealerUrl } from "~/features/dealers/urls";
import { REPORTS_READ_BY_A_PERSON } from "~/lib/report-rules";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { Route } from "./+types/report-rating";

// /concessionnaires/avis/signaler/{ratingId}: report a buyer's rating of a dealer. Signed-in
// readers only (a visitor goes to the login page and comes back); one report per account, and the
// third from distinct established accounts hides the rating until the team has looked at it.

export async function loader({ request, params }: Route.LoaderArgs) {
  return reportRatingLoader(request, params);
}

export async function action({ request, params }: Route.ActionArgs) {
  return reportRatingAction(request, params);
}

export default function ReportRating({ loaderData, actionData }: Route.ComponentProps) {
  const { rating, own, backPath } = loaderData;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[{ label: "Dealers", to: DEALER_DIRECTORY_PATH }, { label: rating.dealer.name, to: dealerUrl(rating.dealer) }, { label: "Report a rating" }]}
        currentPath={reportRatingUrl(rating.id)}
      />
      <div className="card mx-auto mt-6 max-w-2xl p-5 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Report a rating</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          {rating.author}'s rating of {rating.dealer.name}, {formatSouthAfricanDate(rating.createdAt)}:
        </p>
        <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 whitespace-pre-line break-words text-slate-700 dark:border-slate-600 dark:text-slate-300">{rating.text}</blockquote>
        <div className="mt-6">
          {own ? (
            <p className="text-slate-700 dark:text-slate-300">This is your own rating.</p>
          ) : rating.hidden && !actionData ? (
            <p className="text-slate-700 dark:text-slate-300">
              This rating is already hidden while our team looks at it.{" "}
              <Link to={backPath} className="link">
                Back to the ratings
              </Link>
            </p>
          ) : (
            <>
              <p className="mb-5 text-sm text-slate-600 dark:text-slate-400">Tell us what is wrong. {REPORTS_READ_BY_A_PERSON}</p>
              <ReportForm answer={actionData as ReportRatingAnswer | undefined} backPath={backPath} noun="rating" reasons={ratingReportReasons} reasonLabels={ratingReportReasonLabels} detailsMax={RATING_LIMITS.reportDetailsMax} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Report a rating", description: "Report a buyer's rating of a dealer that breaks the rules.", noindex: true });
}
