import { Check, X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { StaticIsland } from "~/ui/static-island";
import { formatReviewDate, type ReviewVoteShell, wasEdited } from "../review-display";
import { criterionLabels, formatOwnedFor, reviewCriteria, SCORE_MAX } from "../review-scores";
import type { ReviewView } from "../reviews.server";
import { reportReviewUrl, reviewAnchor } from "../urls";
import { formatKm } from "~/lib/format";

// One owner's review: the score, the title, who and when, the facts of their ownership, what they
// like and dislike (as written: React escapes it, line breaks kept), the criteria, and the
// reader's buttons (helpful, report) when the page gives them.

function ScoreBadge({ value, label }: { value: number; label: string }) {
  return (
    <span
      className="tabular flex size-14 shrink-0 flex-col items-center justify-center rounded-[var(--radius-control)] bg-primary-600 text-white"
      aria-label={label}
      role="img"
    >
      <span className="text-xl leading-none font-extrabold">{value}</span>
      <span className="text-xs font-semibold text-primary-100">/{SCORE_MAX}</span>
    </span>
  );
}

const factClass = "rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200";

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
    <article id={reviewAnchor(review.id)} className={`card scroll-mt-24 p-4 target:ring-2 target:ring-primary-500 sm:p-5 ${className}`} aria-labelledby={`${reviewAnchor(review.id)}-title`}>
      {islandId ? <StaticIsland printed id={islandId}>{body}</StaticIsland> : body}
      {actions || withReport ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3 dark:border-slate-800">
          <div>{actions}</div>
          {withReport ? (
            <Link
              to={reportReviewUrl(review.id)}
              rel="nofollow"
              className="inline-flex min-h-10 items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-red-700 hover:underline dark:text-slate-400 dark:hover:text-red-400"
            >
              <span className="icon-flag size-4" aria-hidden="true" />
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
          {context ? <div className="text-sm font-semibold text-primary-700 dark:text-primary-300">{context}</div> : null}
          <Heading id={`${reviewAnchor(review.id)}-title`} className="text-lg leading-snug font-bold break-words">
            {review.title}
          </Heading>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
            {review.author} · <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
            {edited ? <> · edited <time dateTime={review.updatedAt}>{formatReviewDate(review.updatedAt)}</time></> : null}
            {review.isDemo ? <span className="ml-1 text-xs">(demo data)</span> : null}
          </p>
        </div>
      </div>

      <ul className="mt-3 flex flex-wrap gap-2" aria-label="About this owner's car">
        {review.versionName ? <li className={factClass}>{review.versionName}</li> : null}
        <li className={factClass}>Bought in {review.yearBought}</li>
        <li className={factClass}>{formatKm(review.kilometres)} driven</li>
        <li className={factClass}>Owned for {formatOwnedFor(review.ownedMonths)}</li>
        <li
          className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ${review.recommends ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200" : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"}`}
        >
          {review.recommends ? <Check className="size-3.5" strokeWidth={2} aria-hidden="true" /> : <X className="size-3.5" strokeWidth={2} aria-hidden="true" />}
          {review.recommends ? "Recommends it" : "Would not recommend it"}
        </li>
      </ul>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <Sub className="text-sm font-bold text-green-800 dark:text-green-300">What I like</Sub>
          <p className="mt-1 leading-7 break-words whitespace-pre-line text-slate-700 dark:text-slate-300">{clip(review.likes)}</p>
        </div>
        <div>
          <Sub className="text-sm font-bold text-red-800 dark:text-red-300">What I dislike</Sub>
          <p className="mt-1 leading-7 break-words whitespace-pre-line text-slate-700 dark:text-slate-300">{clip(review.dislikes)}</p>
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
