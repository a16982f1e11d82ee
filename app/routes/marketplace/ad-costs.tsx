import { ArrowLeft } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/ad-costs";
import { loadAdPage } from "~/features/marketplace/ad-page/ad-page.server";
import { MIN_COMPARABLES } from "~/features/marketplace/pricing/price-rating";
import { MARKETPLACE_PATH } from "~/features/marketplace/urls";
import { costAssumptionParams } from "~/features/ownership-costs/assumptions";
import { CostDetails } from "~/features/ownership-costs/components/cost-section";
import { loadAdCost } from "~/features/ownership-costs/ownership.server";
import { COST_PAGE_PATH, costPageUrl } from "~/features/ownership-costs/urls";
import { formatKm, formatPrice, formatRand } from "~/lib/format";
import { livePageHeaders } from "~/lib/http-cache";
import type { PageQueryHandle } from "~/lib/page-query";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";

// A used car's cost of ownership from its ad's price, age and mileage (issue 47), with the
// catalogue version's consumption, mass and service plan. A car no longer for sale, or one the
// catalogue cannot match, has none: its address leads back to the ad.

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadAdPage(request, params, COST_PAGE_PATH);
  if (page.withdrawn || page.ad.status === "sold" || !page.catalogue) throw redirect(page.canonicalPath);
  const { ad } = page;
  const costs = await loadAdCost(request, { ...ad, modelId: page.catalogue.modelId }, MIN_COMPARABLES);
  if (!costs) throw redirect(page.canonicalPath);
  return {
    ad: { title: ad.title, makeName: ad.makeName, priceZar: ad.priceZar, fuel: ad.fuel, mileageKm: ad.mileageKm },
    makeSearchPath: page.makeSearchPath,
    adPath: page.canonicalPath,
    canonicalPath: costPageUrl(page.canonicalPath),
    costs,
  };
}

export const headers = livePageHeaders;
export const handle: PageQueryHandle = { query: [...costAssumptionParams] };

export default function AdCostsPage({ loaderData }: Route.ComponentProps) {
  const { ad, makeSearchPath, adPath, canonicalPath, costs } = loaderData;
  const age = costs.ageYears === 0 ? "this year's car" : `a ${costs.ageYears}-year-old car`;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[
          { label: "Used cars", to: MARKETPLACE_PATH },
          { label: ad.makeName, to: makeSearchPath },
          { label: ad.title, to: adPath },
          { label: "Cost of ownership" },
        ]}
        currentPath={canonicalPath}
      />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">
        What this {ad.title} <span className="text-primary-700 dark:text-primary-300">costs to own</span>
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Asking {formatPrice(ad.priceZar, { withCurrency: true })}.{" "}
        <Link to={adPath} className="link inline-flex items-center gap-1">
          <ArrowLeft className="size-4" strokeWidth={1.75} aria-hidden="true" /> Back to the ad
        </Link>
      </p>
      <section aria-label={`Cost of ownership of this ${ad.title}`} className="card mt-6 p-5 sm:p-6">
        <CostDetails
          section={costs}
          fuel={ad.fuel}
          action={canonicalPath}
          carLabel={ad.title}
          basis={`From this ad's price, ${age} with ${formatKm(ad.mileageKm)}; consumption, mass and service plan of the catalogue's ${costs.versionName}.`}
        />
      </section>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [];
  const { ad, costs } = page;
  return routeMeta(args, {
    title: `${ad.title}: cost of ownership`,
    description: `What this ${ad.title} at ${formatPrice(ad.priceZar, { withCurrency: true })} costs to own: about ${formatRand(costs.result.cost.total)} over ${costs.assumptions.years} years, ${formatRand(costs.result.perMonth)} a month, by line and year.`,
    canonicalPath: page.canonicalPath,
  });
}
