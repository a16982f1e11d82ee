import { ArrowDown, ArrowUp, CalendarDays } from "lucide-react";
import { formatRand } from "~/lib/format";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { changeLabel, firstPrice, listedAgo, priceChanges, type PricePoint } from "../price-history";

/**
 * How long the ad has been listed and, when its price moved, each change newest first with the
 * listing price last. Full dates (with the year), so the server and the browser write the same.
 */
export function AdPriceHistory({ history, listedDays, className = "" }: { history: PricePoint[]; listedDays: number | null; className?: string }) {
  const changes = priceChanges(history);
  const listing = firstPrice(history);
  return (
    <div className={`text-sm ${className}`} data-testid="price-history">
      {listedDays !== null ? (
        <p className="flex items-center gap-1.5 text-slate-700 dark:text-slate-300" data-testid="listed-ago">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.75} />
          {listedAgo(listedDays)}
          {changes.length === 0 ? <span className="text-slate-600 dark:text-slate-400"> · price unchanged</span> : null}
        </p>
      ) : null}
      {changes.length > 0 && listing ? (
        <section aria-labelledby="price-history-heading" className="mt-2">
          <h2 id="price-history-heading" className="font-semibold text-slate-900 dark:text-white">
            Price history
          </h2>
          {/* A date column and the change beside it, which wraps within its column on a phone. */}
          <ol className="mt-1 space-y-1">
            {changes.map((change) => (
              <li key={change.at} className="grid grid-cols-[8.75rem_minmax(0,1fr)] gap-x-3">
                <span className="tabular whitespace-nowrap text-slate-600 dark:text-slate-400">{formatSouthAfricanDate(change.at)}</span>{" "}
                <span>
                  <span className={`font-semibold ${change.change < 0 ? "text-emerald-800 dark:text-emerald-300" : "text-amber-800 dark:text-amber-300"}`}>
                    {change.change < 0 ? <ArrowDown aria-hidden="true" className="mr-0.5 inline size-3.5 align-[-2px]" strokeWidth={2} /> : <ArrowUp aria-hidden="true" className="mr-0.5 inline size-3.5 align-[-2px]" strokeWidth={2} />}
                    {changeLabel(change.change)}
                  </span>{" "}
                  <span className="tabular whitespace-nowrap text-slate-700 dark:text-slate-300">to {formatRand(change.priceZar)}</span>
                </span>
              </li>
            ))}
            <li className="grid grid-cols-[8.75rem_minmax(0,1fr)] gap-x-3">
              <span className="tabular whitespace-nowrap text-slate-600 dark:text-slate-400">{formatSouthAfricanDate(listing.changedAt)}</span>{" "}
              <span className="tabular text-slate-700 dark:text-slate-300">Listed at {formatRand(listing.priceZar)}</span>
            </li>
          </ol>
        </section>
      ) : null}
    </div>
  );
}
