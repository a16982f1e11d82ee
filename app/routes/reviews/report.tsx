import { Link } from "react-router";
import { GUIDE_CRUMB } from "~/features/catalogue/components/guide-page";
import { ReportForm } from "~/ui/report-form";
import { REVIEW_REPORT_DETAILS_MAX, reviewReportReasonLabels, reviewReportReasons } from "~/features/reviews/review-report-schema";
import { ReviewLoginGate } from "~/features/reviews/components/review-login-gate";
import { reportReviewAction } from "~/features/reviews/review-actions.server";
import { loadReportReviewPage } from "~/features/reviews/review-pages.server";
import { REPORTS_READ_BY_A_PERSON } from "~/lib/report-rules";
import { OWNER_REVIEWS_PATH, reportReviewUrl } from "~/features/reviews/urls";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { Route } from "./+types/report";

// /guide-auto/avis-des-automobilistes/signaler/{reviewId}: report an owner review. Signed-in
// readers only (the login gate as for writing); one report per reader, and the third distinct
// reader's report hides the review until the team has looked at it.

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadReportReviewPage(request, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return reportReviewAction(request, context, params);
}

export const handle = {
  noscriptRedirect: (data: { loginPath?: string } | undefined) => data?.loginPath,
};

export default function ReportReviewRoute({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const { review } = page;
  if (!page.signedIn) {
    return (
      <ReviewLoginGate
        title="Report a review"
        lead={`Sign in to report the review “${review.title}” of the ${review.modelLabel}. Reports come from signed-in readers only, so one person cannot hide a review alone.`}
        action="Sign in to report it"
        returnPath={reportReviewUrl(review.id)}
        loginPath={page.loginPath}
        registerPath={page.registerPath}
      />
    );
  }
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[GUIDE_CRUMB, { label: "Owner reviews", to: OWNER_REVIEWS_PATH }, { label: "Report a review" }]}
        currentPath={reportReviewUrl(review.id)}
      />
      <div className="card mx-auto mt-6 max-w-2xl p-5 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Report a review</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          “<span className="font-semibold">{review.title}</span>” by {review.author}, a review of the {review.modelLabel}.
        </p>
        <div className="mt-6">
          {page.own ? (
            <p className="text-slate-700 dark:text-slate-300">
              This is your own review.{" "}
              <Link to={page.editPath} className="link">
                Change or delete it
              </Link>
            </p>
          ) : review.hidden && !actionData ? (
            <p className="text-slate-700 dark:text-slate-300">
              This review is already hidden while our team looks at it.{" "}
              <Link to={review.backPath} className="link">
                Back to the reviews
              </Link>
            </p>
          ) : (
            <>
              <p className="mb-5 text-sm text-slate-600 dark:text-slate-400">
                Tell us what is wrong. {REPORTS_READ_BY_A_PERSON}
              </p>
              <ReportForm answer={actionData} backPath={review.backPath} noun="review" reasons={reviewReportReasons} reasonLabels={reviewReportReasonLabels} detailsMax={REVIEW_REPORT_DETAILS_MAX} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Report a review", description: "Report an owner review that breaks the rules.", noindex: true });
}
