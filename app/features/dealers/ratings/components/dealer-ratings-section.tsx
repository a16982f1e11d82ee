import { Star } from "lucide-react";
import { Link } from "react-router";
import { formatRating, RATING_MAX, RATING_WAIT_DAYS, ratingCountLabel } from "../rating-rules";
import type { DealerRatingsPage } from "../ratings.server";
import { dealerRatingsUrl, rateDealerUrl, ratingAnchor, RATINGS_ANCHOR, reportRatingUrl } from "../urls";
import { RatingCard } from "./rating-card";
import { Icon } from "~/ui/icon";

// The dealer page's "Buyers' ratings": the count and the averages, a page of the latest ratings
// with the dealer's answers, and the links to rate and to report. Public and cached like the page:
// nothing here depends on who reads it (the rating page says whether the reader may rate).

export function DealerRatingsSection({ dealer, ratings }: { dealer: { id: number; slug: string; name: string }; ratings: DealerRatingsPage }) {
  const { summary, page, pageCount } = ratings;
  const rateLink = (
    <Link to={rateDealerUrl(dealer)} className="btn-secondary" data-testid="rate-dealer">
      <Star aria-hidden="true" className="size-4" strokeWidth={1.75} />
      Rate this dealer
    </Link>
  );
  return (
    <section id={RATINGS_ANCHOR} aria-labelledby="dealer-ratings-heading" className="scroll-mt-24" data-testid="dealer-ratings">
      <h2 id="dealer-ratings-heading" className="text-xl font-bold tracking-tight">
        Buyers' ratings
      </h2>
      <p className="mt-1 rating-muted">{`From buyers who contacted ${dealer.name} through Voitura at least ${RATING_WAIT_DAYS} days before rating it.`}</p>
      {summary.count === 0 || summary.overall === null ? (
        <div className="card mt-4 flex flex-col items-start gap-3 p-5">
          <p>{`No buyer has rated ${dealer.name} yet.`}</p>
          {rateLink}
        </div>
      ) : (
        <>
          <div className="card mt-4 grid gap-5 p-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-8">
            <div>
              <p className="tabular text-4xl font-extrabold" data-testid="ratings-average">
                <span className="sr-only">{`Average ${formatRating(summary.overall)} out of ${RATING_MAX}`}</span>
                <span aria-hidden="true">{`${formatRating(summary.overall)}/${RATING_MAX}`}</span>
              </p>
              <p className="rating-muted" data-testid="ratings-count">{`from ${ratingCountLabel(summary.count)}`}</p>
            </div>
            <dl className="grid grid-cols-[auto_auto] justify-start gap-x-6 gap-y-1 text-sm">
              {summary.criteria.map((c) => (
                <div key={c.criterion} className="contents">
                  <dt>{c.label}</dt>
                  <dd className="tabular font-semibold">{c.average === null ? "–" : `${formatRating(c.average)}/${RATING_MAX}`}</dd>
                </div>
              ))}
            </dl>
            <div className="sm:col-span-2">{rateLink}</div>
          </div>
          <ul className="mt-4 space-y-3" aria-label={`Ratings of ${dealer.name}, newest first`}>
            {ratings.ratings.map((rating) => (
              <li key={rating.id} id={ratingAnchor(rating.id)} className="card scroll-mt-24 p-4 sm:p-5" data-testid="dealer-rating">
                <RatingCard rating={rating} dealerName={dealer.name}>
                  <Link to={reportRatingUrl(rating.id)} className="rating-report" rel="nofollow">
                    <Icon name="flag" className="size-3.5" />
                    Report<span className="sr-only">{` the rating by ${rating.author}`}</span>
                  </Link>
                </RatingCard>
              </li>
            ))}
          </ul>
          {pageCount > 1 ? (
            <nav aria-label="Pages of ratings" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
              {page > 1 ? (
                <Link to={dealerRatingsUrl(dealer, page - 1)} className="btn-secondary" rel="prev">
                  Newer ratings
                </Link>
              ) : null}
              <span className="text-slate-600 dark:text-slate-400">
                Page {page} of {pageCount}
              </span>
              {page < pageCount ? (
                <Link to={dealerRatingsUrl(dealer, page + 1)} className="btn-secondary" rel="next">
                  Older ratings
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
