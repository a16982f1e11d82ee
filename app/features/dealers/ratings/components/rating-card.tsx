import { MessageSquareReply, Star } from "lucide-react";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { formatRating, RATING_MAX, ratingCriterionLabels } from "../rating-rules";

// One buyer's rating as readers see it: the overall score, each criterion, the text, and the
// dealer's answer when it gave one. Scores are said in words too, never by a star's colour alone.

export interface RatingCardData {
  id: number;
  author: string;
  response: number;
  honesty: number;
  asDescribed: number;
  overall: number;
  text: string;
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
}

export function OverallBadge({ value }: { value: number }) {
  return (
    <span className="tabular inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-bold text-amber-950 dark:bg-amber-900/60 dark:text-amber-50">
      <Star aria-hidden="true" className="size-4 fill-current" strokeWidth={1.75} />
      <span>
        {formatRating(value)}
        <span className="font-semibold">/{RATING_MAX}</span>
      </span>
    </span>
  );
}

export function RatingCard({ rating, dealerName, headingLevel = 3, children }: { rating: RatingCardData; dealerName: string; headingLevel?: 3 | 4; children?: React.ReactNode }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const scores = [
    [ratingCriterionLabels.response, rating.response],
    [ratingCriterionLabels.honesty, rating.honesty],
    [ratingCriterionLabels["as-described"], rating.asDescribed],
  ] as const;
  return (
    <article className="space-y-2" aria-labelledby={`rating-${rating.id}-author`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <OverallBadge value={rating.overall} />
        <Heading id={`rating-${rating.id}-author`} className="font-semibold">
          {rating.author}
        </Heading>
        <span className="text-sm text-slate-600 dark:text-slate-400">{formatSouthAfricanDate(rating.createdAt)}</span>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {scores.map(([label, value], i) => (
          <span key={label}>
            {i > 0 ? " · " : ""}
            <span className="tabular whitespace-nowrap">
              {label} {value}/{RATING_MAX}
            </span>
          </span>
        ))}
      </p>
      <p className="whitespace-pre-line break-words">{rating.text}</p>
      {rating.reply ? (
        <div className="mt-2 rounded-[var(--radius-control)] border-l-4 border-primary-600 bg-slate-50 p-3 dark:bg-slate-900">
          <p className="text-sm font-semibold">
            <MessageSquareReply aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" strokeWidth={1.75} />
            Answer from {dealerName}
            {rating.repliedAt ? <span className="font-normal whitespace-nowrap text-slate-600 dark:text-slate-400"> · {formatSouthAfricanDate(rating.repliedAt)}</span> : null}
          </p>
          <p className="mt-1 text-sm whitespace-pre-line break-words">{rating.reply}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
