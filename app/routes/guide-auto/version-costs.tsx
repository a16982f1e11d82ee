import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/version-costs";
import { loadVersionPage } from "~/features/catalogue/pages.server";
import { brandUrl, modelUrl } from "~/features/catalogue/urls";
import { MIN_COMPARABLES } from "~/features/marketplace/pricing/price-rating";
import { costAssumptionParams } from "~/features/ownership-costs/assumptions";
import { CostDetails } from "~/features/ownership-costs/components/cost-section";
import { loadVersionCost } from "~/features/ownership-costs/ownership.server";
import { COST_PAGE_PATH, costPageUrl } from "~/features/ownership-costs/urls";
import { formatPrice, formatRand } from "~/lib/format";
import { publicPageHeaders } from "~/lib/http-cache";
import type { PageQueryHandle } from "~/lib/page-query";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";

// A new car's cost of ownership (issue 47): the table by line and year, the chart, the form that
// changes the assumptions (GET, so a result has an address) and the sources. The version page
// shows its key figures and links here.

export async function loader({ request, params }: Route.LoaderArgs) {
  const { version, model, canonicalPath } = await loadVersionPage(request, params, COST_PAGE_PATH);
  const costs = await loadVersionCost(request, version, model, MIN_COMPARABLES);
  return {
    version: { name: version.name, fuel: version.fuel, priceZar: version.priceZar, onSale: version.onSale },
    model: { id: model.id, name: model.name, slug: model.slug, brandId: model.brandId, brandName: model.brandName, brandSlug: model.brandSlug },
    versionPath: canonicalPath,
    canonicalPath: costPageUrl(canonicalPath),
    costs,
  };
}

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [...costAssumptionParams] };

export default function VersionCostsPage({ loaderData }: Route.ComponentProps) {
  const { version, model, versionPath, canonicalPath, costs } = loaderData;
  const label = `${model.brandName} ${model.name} ${version.name}`;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[
          { label: "New cars", to: "/guide-auto/voitures-neuves" },
          { label: model.brandName, to: brandUrl({ id: model.brandId, slug: model.brandSlug }) },
          { label: model.name, to: modelUrl(model.brandSlug, model) },
          { label: version.name, to: versionPath },
          { label: "Cost of ownership" },
        ]}
        currentPath={canonicalPath}
      />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">
        What the {label} <span className="text-primary-700 dark:text-primary-300">costs to own</span>
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {version.onSale ? `New at ${formatPrice(version.priceZar, { withCurrency: true })}.` : `No longer on sale; last listed at ${formatPrice(version.priceZar, { withCurrency: true })}.`}{" "}
        <Link to={versionPath} className="link inline-flex items-center gap-1">
          <ArrowLeft className="size-4" strokeWidth={1.75} aria-hidden="true" /> Specification and prices
        </Link>
      </p>
      <section aria-label={`Cost of ownership of the ${label}`} className="card mt-6 p-5 sm:p-6">
        <CostDetails section={costs} fuel={version.fuel} action={canonicalPath} carLabel={label} />
      </section>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [];
  const label = `${page.model.brandName} ${page.model.name} ${page.version.name}`;
  const { costs } = page;
  return routeMeta(args, {
    title: `${label}: cost of ownership`,
    description: `What the ${label} costs to own in South Africa: about ${formatRand(costs.result.cost.total)} over ${costs.assumptions.years} years, ${formatRand(costs.result.perMonth)} a month, by line and year, with every assumption and its source.`,
    canonicalPath: page.canonicalPath,
  });
}
