import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { formatRating, RATING_MAX, ratingCriterionLabels } from "../rating-rules";
import { Icon } from "~/ui/icon";

// One buyer's rating as readers see it: the overall score, each criterion, the text, and the
// dealer's answer when it gave one. Scores are said in words too, never by a star's colour alone.
// A page of these sits on the public dealer page, so the markup is lean: one string per line of
// text, the stylesheet's icon and named utilities (decision 025).

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

/** "Response 5/5 · Honesty 4/5 · Car as described 5/5", each part kept on one line. */
export function criteriaLine(rating: Pick<RatingCardData, "response" | "honesty" | "asDescribed">): string {
  return [
    [ratingCriterionLabels.response, rating.response],
    [ratingCriterionLabels.honesty, rating.honesty],
    [ratingCriterionLabels["as-described"], rating.asDescribed],
  ]
    .map(([label, value]) => `${label} ${value}/${RATING_MAX}`.replace(/ /g, "\u00a0"))
    .join(" · ");
}

export function RatingCard({ rating, dealerName, headingLevel = 3, children }: { rating: RatingCardData; dealerName: string; headingLevel?: 3 | 4; children?: React.ReactNode }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="rating-score tabular">
          <Icon name="star" className="size-4 icon-filled" />
          {`${formatRating(rating.overall)}/${RATING_MAX}`}
        </span>
        <Heading className="font-semibold">{rating.author}</Heading>
        <span className="rating-muted">{formatSouthAfricanDate(rating.createdAt)}</span>
      </div>
      <p className="rating-muted">{criteriaLine(rating)}</p>
      <p className="whitespace-pre-line break-words">{rating.text}</p>
      {rating.reply ? (
        <div className="rating-reply">
          <p className="font-semibold">{`Answer from ${dealerName}${rating.repliedAt ? ` · ${formatSouthAfricanDate(rating.repliedAt)}` : ""}`}</p>
          <p className="mt-1 whitespace-pre-line break-words">{rating.reply}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
