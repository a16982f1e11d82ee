import { CircleAlert, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { renewLinkLoader } from "~/features/marketplace/my-ads/my-ads-actions.server";
import { MY_ADS_PATH } from "~/features/marketplace/my-ads/my-ads-rules";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import type { Route } from "./+types/renew-ad";

// /mon-compte/annonces/renouveler?token=…: the expiry mails' one-click renew link (no sign-in; a
// signed token that works once). A bad, used or outdated link is a 4xx page saying why.

export async function loader({ request }: Route.LoaderArgs) {
  return renewLinkLoader(request);
}

export function headers(): HeadersInit {
  return { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL };
}

export default function RenewAdPage({ loaderData }: Route.ComponentProps) {
  const answer = loaderData;
  return (
    <div className="container-page max-w-2xl py-10 sm:py-16">
      <section className="card p-6 sm:p-8" aria-labelledby="renew-heading" data-testid="renew-result">
        {answer.ok ? (
          <>
            <CircleCheck aria-hidden="true" className="size-10 text-emerald-700 dark:text-emerald-400" strokeWidth={1.75} />
            <h1 id="renew-heading" className="mt-3 text-2xl font-extrabold tracking-tight sm:text-3xl">
              Your ad is online again until {answer.until}
            </h1>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              Buyers can find the {answer.title} in the search again. We will mail you a week before it expires.
            </p>
            <p className="mt-6 flex flex-wrap gap-3">
              <Link to={answer.path} className="btn-primary">
                See the ad
              </Link>
              <Link to={MY_ADS_PATH} className="btn-secondary">
                My ads
              </Link>
            </p>
          </>
        ) : (
          <>
            <CircleAlert aria-hidden="true" className="size-10 text-red-700 dark:text-red-400" strokeWidth={1.75} />
            <h1 id="renew-heading" className="mt-3 text-2xl font-extrabold tracking-tight sm:text-3xl">
              This link cannot renew the ad
            </h1>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              {answer.message}
              {answer.until ? ` It is online until ${answer.until}.` : ""}
            </p>
            <p className="mt-6">
              <Link to={MY_ADS_PATH} className="btn-primary">
                Go to My ads
              </Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: args.loaderData?.ok ? "Your ad is online again" : "Renew your ad", noindex: true });
}
