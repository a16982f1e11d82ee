import { formatScore, type ReviewSummary, reviewCountLabel, SCORE_MAX } from "../review-scores";
import { Icon } from "~/ui/icon";

// A model's reviews in figures: the average overall score, the count and the share who recommend,
// each criterion's average as a bar, and how the overall scores spread over the bands. Every bar
// carries its figure in text (no meaning in length or colour alone). The rows and bars are the
// `score-row` and `score-bar` utilities of app.css: a model page has a dozen of them.

function Bar({ percent, tone = "primary" }: { percent: number; tone?: "primary" | "amber" }) {
  return (
    <span aria-hidden="true" className={tone === "primary" ? "score-bar" : "score-bar score-bar-amber"}>
      <span style={{ width: `${Math.max(0, Math.min(100, percent))}%` }} />
    </span>
  );
}

/** The big score: "7.8 /10". */
function OverallScore({ value, size = "lg" }: { value: number; size?: "lg" | "sm" }) {
  return (
    <span className={`tabular font-extrabold text-slate-900 dark:text-white ${size === "lg" ? "text-5xl" : "text-2xl"}`}>
      {formatScore(value)}
      <span className={`font-semibold text-slate-600 dark:text-slate-400 ${size === "lg" ? "text-xl" : "text-sm"}`}>/{SCORE_MAX}</span>
    </span>
  );
}

export function ReviewSummaryPanel({ summary, idPrefix }: { summary: ReviewSummary; idPrefix: string }) {
  if (summary.count === 0 || summary.overall === null) return null;
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_minmax(0,1fr)] md:gap-8">
      <div>
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Average score</p>
        <p className="mt-1">
          <span className="sr-only">{`${formatScore(summary.overall)} out of ${SCORE_MAX}`}</span>
          <span aria-hidden="true">
            <OverallScore value={summary.overall} />
          </span>
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">from {reviewCountLabel(summary.count)}</p>
        {summary.recommendPercent !== null ? (
          <p className="mt-3 flex items-center gap-2 text-sm font-semibold text-green-800 dark:text-green-300">
            <Icon name="thumbs-up" className="size-4" />
            {summary.recommendPercent}% would recommend it
          </p>
        ) : null}
      </div>

      <div>
        <h3 id={`${idPrefix}-criteria`} className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          Scores by criterion
        </h3>
        <dl aria-labelledby={`${idPrefix}-criteria`} className="mt-3 space-y-2.5">
          {summary.criteria.map((c) => (
            <div key={c.criterion} className="score-row">
              <dt>{c.label}</dt>
              <dd className="contents">
                <Bar percent={((c.average ?? 0) / SCORE_MAX) * 100} />
                <span>{c.average === null ? "–" : formatScore(c.average)}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>

      <div>
        <h3 id={`${idPrefix}-distribution`} className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          Overall scores given
        </h3>
        <dl aria-labelledby={`${idPrefix}-distribution`} className="mt-3 space-y-2.5">
          {summary.distribution.map((d) => (
            <div key={d.band} className="score-row">
              <dt>
                {d.label} <span className="tabular text-slate-600 dark:text-slate-400">({d.range})</span>
              </dt>
              <dd className="contents">
                <Bar percent={d.percent} tone="amber" />
                <span>
                  {d.count}
                  <span className="sr-only">{` ${d.count === 1 ? "review" : "reviews"}, ${d.percent}%`}</span>
                </span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
