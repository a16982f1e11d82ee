import { Link } from "react-router";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { AdPageViewData } from "./ad-page-view";
import { MARKETPLACE_PATH } from "../urls";
import { SimilarAds } from "./similar-ads";

// The 410 page of a removed, expired or paused ad: it says so, and offers similar cars still for sale.

export function AdGone({ page, savedIds }: { page: Pick<AdPageViewData, "ad" | "similar" | "canonicalPath" | "makeSearchPath">; savedIds: number[] }) {
  const { ad, similar, canonicalPath } = page;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Used cars", to: MARKETPLACE_PATH }, { label: ad.title }]} currentPath={canonicalPath} />
      <section aria-labelledby="gone-heading" className="card mt-6 p-6 sm:p-8" data-testid="ad-gone">
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          {ad.status === "expired" ? "Ad expired" : ad.status === "paused" ? "Ad paused" : "Ad removed"}
        </p>
        <h1 id="gone-heading" className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
          This ad is no longer available
        </h1>
        <p className="mt-3 max-w-2xl text-slate-700 dark:text-slate-300">
          {ad.status === "expired"
            ? `The ad for the ${ad.title} has expired and the car is no longer offered here.`
            : ad.status === "paused"
              ? `The seller has paused the ad for the ${ad.title}: the car is not offered here for now.`
              : `The ad for the ${ad.title} was taken down and is no longer offered here.`}{" "}
          Here are similar cars that are still for sale.
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
        <SimilarAds ads={similar} savedIds={new Set(savedIds)} redirectTo={canonicalPath} />
      </div>
    </div>
  );
}
