import type { ReactNode } from "react";
import { Link } from "react-router";
import { StaticIsland } from "~/ui/static-island";
import { formatReviewDate, type ReviewVoteShell, wasEdited } from "../review-display";
import { criterionLabels, formatOwnedFor, reviewCriteria, SCORE_MAX } from "../review-scores";
import type { ReviewView } from "../reviews.server";
import { reportReviewUrl, reviewAnchor } from "../urls";
import { formatKm } from "~/lib/format";
import { Icon } from "~/ui/icon";

// One owner's review: the score, the title, who and when, the facts of their ownership, what they
// like and dislike (as written: React escapes it, line breaks kept), the criteria, and the
// reader's buttons (helpful, report) when the page gives them. Its parts are named utilities in
// app.css (`review-*`): a list of reviews repeats them on every card (decision 025).

function ScoreBadge({ value, label }: { value: number; label: string }) {
  return (
    <span
      className="review-score"
      aria-label={label}
      role="img"
    >
      <span>{value}</span>
      <span>/{SCORE_MAX}</span>
    </span>
  );
}

export function ReviewCard({
  review,
  headingLevel = 3,
  context,
  actions,
  withReport = false,
  clipAt,
  islandId,
  className = "",
}: {
  /** A vote shell when the review's text is the server's HTML the browser keeps (islandId given). */
  review: ReviewView | ReviewVoteShell;
  headingLevel?: 3 | 4;
  /** A line above the title (the model, in lists of several models' reviews). */
  context?: ReactNode;
  /** The helpful vote, when the page offers it. */
  actions?: ReactNode;
  withReport?: boolean;
  /** In lists of several models' reviews, the texts are cut at this many characters. */
  clipAt?: number;
  /**
   * Keeps the review's text as the server's HTML, not hydrated (decision 004): an id unique to this
   * review's content as shown here. Lists already inside an island leave it out.
   */
  islandId?: string;
  className?: string;
}) {
  // Plain values only, no functions: a printed island is matched to its last print by what it was given.
  const body = "scores" in review ? <ReviewBody review={review} context={context} headingLevel={headingLevel} clipAt={clipAt} /> : null;
  return (
    <article id={reviewAnchor(review.id)} className={className ? `review-card ${className}` : "review-card"} aria-labelledby={`${reviewAnchor(review.id)}-title`}>
      {islandId ? <StaticIsland printed id={islandId}>{body}</StaticIsland> : body}
      {actions || withReport ? (
        <div className="review-foot">
          <div>{actions}</div>
          {withReport ? (
            <Link
              to={reportReviewUrl(review.id)}
              rel="nofollow"
              className="review-report"
            >
              <Icon name="flag" />
              Report<span className="sr-only"> the review “{review.title}”</span>
            </Link>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function ReviewBody({ review, context, headingLevel, clipAt }: { review: ReviewView; context: ReactNode; headingLevel: 3 | 4; clipAt: number | undefined }) {
  const clip = (text: string) => (clipAt && text.length > clipAt ? `${text.slice(0, clipAt).replace(/\s+\S*$/, "")}…` : text);
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const Sub = headingLevel === 3 ? "h4" : "h5";
  const edited = wasEdited(review);
  return (
    <>
      <div className="flex items-start gap-4">
        <ScoreBadge value={review.scores.overall} label={`Overall score ${review.scores.overall} out of ${SCORE_MAX}`} />
        <div className="min-w-0 flex-1">
          {context ? <div className="review-context">{context}</div> : null}
          <Heading id={`${reviewAnchor(review.id)}-title`} className="review-title">
            {review.title}
          </Heading>
          <p className="review-byline">
            {review.author} · <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
            {edited ? <> · edited <time dateTime={review.updatedAt}>{formatReviewDate(review.updatedAt)}</time></> : null}
            {review.isDemo ? <span className="ml-1 text-xs">(demo data)</span> : null}
          </p>
        </div>
      </div>

      <ul className="mt-3 flex flex-wrap gap-2" aria-label="About this owner's car">
        {review.versionName ? <li className="chip-fact">{review.versionName}</li> : null}
        <li className="chip-fact">Bought in {review.yearBought}</li>
        <li className="chip-fact">{formatKm(review.kilometres)} driven</li>
        <li className="chip-fact">Owned for {formatOwnedFor(review.ownedMonths)}</li>
        <li className={review.recommends ? "review-recommends" : "review-not-recommends"}>
          <Icon name={review.recommends ? "check" : "x"} />
          {review.recommends ? "Recommends it" : "Would not recommend it"}
        </li>
      </ul>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <Sub className="review-likes">What I like</Sub>
          <p className="review-text">{clip(review.likes)}</p>
        </div>
        <div>
          <Sub className="review-dislikes">What I dislike</Sub>
          <p className="review-text">{clip(review.dislikes)}</p>
        </div>
      </div>

      {clipAt ? null : (
        // One line of text, not a table: five of these sit on every model page.
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold text-primary-700 dark:text-primary-300">Scores by criterion</summary>
          <p className="tabular mt-2 text-sm text-slate-700 dark:text-slate-300">
            {reviewCriteria.map((criterion) => `${criterionLabels[criterion]} ${review.scores[criterion]}/${SCORE_MAX}`).join(" · ")}
          </p>
        </details>
      )}
    </>
  );
}
