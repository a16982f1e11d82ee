import { Info } from "lucide-react";
import { Link } from "react-router";
import { RatingCard } from "~/features/dealers/ratings/components/rating-card";
import { RatingForm } from "~/features/dealers/ratings/components/rating-form";
import { rateDealerAction, rateDealerLoader } from "~/features/dealers/ratings/rating-actions.server";
import type { RateDealerAnswer } from "~/features/dealers/ratings/rating-answers";
import { overallOf, RATING_WAIT_DAYS } from "~/features/dealers/ratings/rating-rules";
import { rateDealerUrl } from "~/features/dealers/ratings/urls";
import { DEALER_DIRECTORY_PATH, dealerUrl } from "~/features/dealers/urls";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { Route } from "./+types/rate";

// /concessionnaires/{id}-{slug}/evaluer: a buyer rates a dealer they contacted through Voitura.
// Signed in only (a visitor goes to the login page and comes back). Says who may rate; a buyer
// who may not is told why (and from when), one who already rated sees their rating.

export async function loader({ request, params }: Route.LoaderArgs) {
  return rateDealerLoader(request, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return rateDealerAction(request, context, params);
}

export default function RateDealer({ loaderData, actionData }: Route.ComponentProps) {
  const { dealer, dealerPath, eligible, refusal, own } = loaderData;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[{ label: "Dealers", to: DEALER_DIRECTORY_PATH }, { label: dealer.name, to: dealerUrl(dealer) }, { label: "Rate this dealer" }]}
        currentPath={rateDealerUrl(dealer)}
      />
      <div className="card mx-auto mt-6 max-w-2xl p-5 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Rate {dealer.name}</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Buyers who contacted {dealer.name} through Voitura (a message from its page or about one of its cars, or a “find my vehicle” request sent to it)
          can rate it once, {RATING_WAIT_DAYS} days or more after their first contact: on its response, its honesty and whether the car was as described.
        </p>
        <div className="mt-6">
          {own ? (
            <div className="space-y-4" data-testid="own-rating">
              <p className="font-semibold">You rated {dealer.name} on {formatSouthAfricanDate(own.createdAt)}. A buyer rates each dealer once.</p>
              {own.hidden ? (
                <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
                  Your rating is hidden while a person on our team looks at reports about it.
                </p>
              ) : null}
              <div className="rounded-[var(--radius-card)] border border-slate-200 p-4 dark:border-slate-700">
                <RatingCard
                  rating={{ ...own, author: "Your rating", overall: Math.round(overallOf(own) * 10) / 10, repliedAt: null }}
                  dealerName={dealer.name}
                  headingLevel={3}
                />
              </div>
              <Link to={dealerPath} className="btn-secondary">
                See it on {dealer.name}'s page
              </Link>
            </div>
          ) : !eligible ? (
            <div className="space-y-4">
              <p role="status" className="flex items-start gap-2 rounded-[var(--radius-control)] border border-sky-200 bg-sky-50 p-4 text-sky-950 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-100" data-testid="rating-refusal">
                <Info aria-hidden="true" className="mt-1 size-4 shrink-0" strokeWidth={1.75} />
                <span>{refusal}</span>
              </p>
              <Link to={dealerUrl(dealer)} className="btn-secondary">
                Back to {dealer.name}
              </Link>
            </div>
          ) : (
            <RatingForm dealerName={dealer.name} answer={actionData as RateDealerAnswer | undefined} />
          )}
        </div>
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const name = args.loaderData?.dealer.name ?? "a dealer";
  return routeMeta(args, { title: `Rate ${name}`, description: `Rate ${name} on its response, honesty and the car as described.`, noindex: true });
}
