import { Link } from "react-router";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { WithdrawnAd } from "../ad-page.server";
import type { AdCardData } from "../../types";
import { MARKETPLACE_PATH } from "../../urls";
import { SimilarAds } from "./similar-ads";

// The page of an ad off sale: removed or expired (a 410), or under review after reports (a 200
// that says so, with no way to contact the seller). It names the car and offers similar cars
// still for sale; it knows nothing else of the ad.

const labels: Record<WithdrawnAd["status"], { tag: string; heading: string; text: (title: string) => string }> = {
  expired: { tag: "Ad expired", heading: "This ad is no longer available", text: (t) => `The ad for the ${t} has expired and the car is no longer offered here.` },
  removed: { tag: "Ad removed", heading: "This ad is no longer available", text: (t) => `The ad for the ${t} was taken down and is no longer offered here.` },
  under_review: {
    tag: "Under review",
    heading: "This ad is under review",
    text: (t) => `Buyers reported the ad for the ${t}, so it is hidden while a person on our team checks it. The seller cannot be contacted through it until then.`,
  },
};

export function AdGone({
  page,
  savedIds,
}: {
  page: { ad: WithdrawnAd; similar: AdCardData[] | null; canonicalPath: string; makeSearchPath: string };
  savedIds: number[];
}) {
  const { ad, similar, canonicalPath } = page;
  const words = labels[ad.status];
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Used cars", to: MARKETPLACE_PATH }, { label: ad.title }]} currentPath={canonicalPath} />
      <section aria-labelledby="gone-heading" className="card mt-6 p-6 sm:p-8" data-testid="ad-gone">
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          {words.tag}
        </p>
        <h1 id="gone-heading" className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
          {words.heading}
        </h1>
        <p className="mt-3 max-w-2xl text-slate-700 dark:text-slate-300">
          {words.text(ad.title)} Here are similar cars that are still for sale.
        </p>
        <p className="mt-5 flex flex-wrap gap-3">
          <Link to={page.makeSearchPath} className="btn-primary">
            Search used {ad.makeName} cars
          </Link>
          <Link to={MARKETPLACE_PATH} className="btn-secondary">
            All used cars
          </Link>
        </p>
      </section>
      <div className="mt-10">
        <SimilarAds ads={similar} savedIds={new Set(savedIds)} pagePath={canonicalPath} />
      </div>
    </div>
  );
}
