import { CircleAlert, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { queueLoader } from "~/features/moderation/item-actions.server";
import { MODERATION_PATH } from "~/features/moderation/urls";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { routeMeta } from "~/lib/seo";
import type { Route } from "./+types/queue";

// /moderation: the queue of reported ads and reviews (feature: app/features/moderation).

const kindLabels = { ad: "Ad", review: "Owner review", "dealer-rating": "Dealer rating", "dealer-claim": "Dealer claim" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  return queueLoader(request);
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Moderation queue", description: "Reported ads and reviews, and dealer claims, waiting for a moderator.", canonicalPath: MODERATION_PATH, noindex: true });
}

export default function ModerationQueue({ loaderData }: Route.ComponentProps) {
  const { items, moderator } = loaderData;
  return (
    <div className="container-page max-w-4xl py-6 sm:py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">Moderation queue</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Signed in as {moderator}. Ads whose sellers asked for a review come first, then the newest reports and dealer claims.
      </p>
      {items.length === 0 ? (
        <div className="card mt-6 flex flex-col items-start gap-3 p-6" data-testid="moderation-empty">
          <CircleCheck aria-hidden="true" className="size-8 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
          <p className="font-semibold">Nothing to moderate: no ad, review or dealer rating has an open report, and no dealer claim waits for a decision.</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Reported items">
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="card p-4 sm:p-5" data-testid="moderation-item" data-kind={item.kind} data-id={item.id}>
              <div className="flex flex-wrap items-center gap-2 text-xs font-bold tracking-wide uppercase">
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-800 dark:bg-slate-800 dark:text-slate-200">{kindLabels[item.kind]}</span>
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">{item.statusLabel}</span>
                {item.reviewRequested ? <span className="rounded-full bg-primary-100 px-2.5 py-0.5 text-primary-900 dark:bg-primary-900/60 dark:text-primary-100">Seller asked for a review</span> : null}
              </div>
              <h2 className="mt-2 text-lg font-bold break-words">
                <Link to={item.path} className="hover:underline">
                  {item.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {item.kind === "dealer-claim" ? (
                  <>Asked {formatSouthAfricanDate(item.latestAt)}</>
                ) : (
                  <>
                    {item.openReports} open {item.openReports === 1 ? "report" : "reports"}
                    {item.reasons.length ? `: ${item.reasons.join(", ")}` : ""} · {formatSouthAfricanDate(item.latestAt)}
                  </>
                )}
              </p>
              {item.signals.length ? (
                <ul className="mt-2 space-y-1">
                  {item.signals.map((signal) => (
                    <li key={signal.kind} className="flex items-start gap-1.5 text-sm font-medium text-amber-900 dark:text-amber-200">
                      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
                      {signal.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
