import { MessageSquareText, PenLine } from "lucide-react";
import { Link } from "react-router";
import { Pagination } from "~/ui/pagination";
import { StaticIsland } from "~/ui/static-island";
import { usePrintedData } from "~/lib/printed-data";
import { PRINTED_MODEL_REVIEWS, type ReviewVoteShell } from "../review-display";
import type { ModelReviewsData, ReviewView } from "../reviews.server";
import { modelReviewsUrl, OWNER_REVIEWS_ANCHOR, type ReviewOrder, writeReviewUrl } from "../urls";
import { ReviewsDemoNote } from "./reviews-demo-note";
import { HelpfulVote, useHelpfulVotes } from "./helpful-vote";
import { ReviewCard } from "./review-card";
import { ReviewSummaryPanel } from "./review-summary";

// A model page's owner reviews: the figures, then the reviews page by page, latest or most helpful
// first (links: the order and the page are in the address, see ../urls.ts). Server HTML with
// plain forms and links; the page is the same for every visitor. A document's data carries each
// review as a vote shell (review-display.ts): its text is printed from what the loader kept.

/** A model's reviews as a page's data holds them: whole, or as vote shells beside their printed text. */
export type ShownModelReviews = Omit<ModelReviewsData, "page"> & {
  page: Omit<ModelReviewsData["page"], "reviews"> & { reviews: (ReviewView | ReviewVoteShell)[] };
};

const orderLabels: Record<ReviewOrder, string> = { latest: "Latest", helpful: "Most helpful" };

export function OwnerReviewsSection({
  model,
  reviews,
}: {
  model: { id: number; slug: string; name: string; brandSlug: string; brandName: string };
  reviews: ShownModelReviews;
}) {
  const { summary, page, order } = reviews;
  const printedReviews = usePrintedData<ReviewView[]>(PRINTED_MODEL_REVIEWS);
  const shownReviews = printedReviews ?? page.reviews;
  const label = `${model.brandName} ${model.name}`;
  const urlFor = (query: { page?: number; order?: ReviewOrder }) => modelReviewsUrl(model.brandSlug, model, { order, ...query });
  const back = urlFor({ page: page.page }).split("#")[0]!;
  const votes = useHelpfulVotes();
  // Island ids change with what they show: the figures with the count, a review when it is edited.
  const summaryIsland = `model-${model.id}-review-summary-${summary.count}`;
  const reviewIsland = (review: { id: number; updatedAt: string }) => `review-${review.id}-text-${Date.parse(review.updatedAt)}`;
  return (
    <section id={OWNER_REVIEWS_ANCHOR} aria-labelledby="owner-reviews-heading" className="mt-12 scroll-mt-24">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="owner-reviews-heading" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            Owner <span className="text-primary-700 dark:text-primary-300">reviews</span>
          </h2>
          <p className="mt-1 text-slate-600 dark:text-slate-400">What South African owners of the {label} say after living with it.</p>
        </div>
        <Link to={writeReviewUrl(model.id)} className="btn-primary shrink-0" rel="nofollow">
          <PenLine className="size-4" strokeWidth={1.75} aria-hidden="true" />
          Write a review<span className="sr-only"> of the {label}</span>
        </Link>
      </div>

      {summary.count === 0 ? (
        <div className="mt-5 rounded-[var(--radius-card)] border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
          <MessageSquareText className="mx-auto size-8 text-slate-500 dark:text-slate-400" strokeWidth={1.75} aria-hidden="true" />
          <p className="mt-3 font-bold">No owner has reviewed the {label} yet</p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">Own one? Tell other drivers what it is like to live with.</p>
        </div>
      ) : (
        <>
          {/* The figures and the reviews' texts stay the server's HTML (decision 004): only the votes hydrate. */}
          <StaticIsland printed key={summaryIsland} id={summaryIsland} className="card mt-5 p-5 sm:p-6">
            <ReviewSummaryPanel summary={summary} idPrefix={`model-${model.id}-reviews`} />
          </StaticIsland>

          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <nav aria-label="Order of the reviews">
              <ul className="flex gap-1 rounded-[var(--radius-control)] bg-slate-100 p-1 dark:bg-slate-800">
                {(["latest", "helpful"] as const).map((o) => (
                  <li key={o}>
                    <Link
                      to={urlFor({ order: o, page: 1 })}
                      aria-current={o === order ? "page" : undefined}
                      className={`inline-flex min-h-9 items-center rounded-[calc(var(--radius-control)-2px)] px-3 text-sm font-semibold ${o === order ? "bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white" : "text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"}`}
                    >
                      {orderLabels[o]}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {page.pageCount > 1 ? `Page ${page.page} of ${page.pageCount} · ` : null}
              {page.total} {page.total === 1 ? "review" : "reviews"}
            </p>
          </div>

          <ol className="mt-4 space-y-4" aria-label={`${orderLabels[order]} reviews of the ${label}`}>
            {shownReviews.map((review) => (
              <li key={review.id}>
                <ReviewCard
                  key={reviewIsland(review)}
                  review={review}
                  islandId={reviewIsland(review)}
                  withReport
                  actions={<HelpfulVote reviewId={review.id} count={review.helpfulCount} back={back} reviewTitle={review.title} votes={votes} />}
                />
              </li>
            ))}
          </ol>
          <Pagination page={page.page} pageCount={page.pageCount} hrefFor={(n) => urlFor({ page: n })} label={`Pages of the ${label} reviews`} />
          <ReviewsDemoNote className="mt-5" />
        </>
      )}
    </section>
  );
}
