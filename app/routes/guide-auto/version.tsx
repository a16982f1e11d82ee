import { ArrowRight, CircleAlert } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/version";
import { PriceHistoryChart } from "~/features/catalogue/components/price-history-chart";
import { SpecSections } from "~/features/catalogue/components/spec-sections";
import { clipText, productJsonLd } from "~/features/catalogue/page-rules";
import { loadVersionPage } from "~/features/catalogue/pages.server";
import { driveLabels, gearboxLabel, resolveSpecGroups } from "~/features/catalogue/spec-groups";
import { bodyTypeLabels, fuelLabels } from "~/features/catalogue/types";
import { brandUrl, modelUrl, versionUrl } from "~/features/catalogue/urls";
import { CompareLink } from "~/features/comparison/components/compare-link";
import { versionPreview } from "~/features/previews/cards";
import { formatScore, reviewCountLabel } from "~/features/reviews/review-scores";
import { modelReviewSummary } from "~/features/reviews/reviews.server";
import { modelReviewsUrl } from "~/features/reviews/urls";
import { formatPrice, structuredOffer } from "~/lib/format";
import { LeadOfferLink } from "~/features/leads/components/lead-offer-link";
import { publicPageHeaders } from "~/lib/http-cache";
import { absoluteUrl, routeMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { CarIllustration } from "~/ui/car-illustration";
import { JsonLd } from "~/ui/json-ld";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { instalmentEstimate } from "~/features/ownership-costs/finance-estimate";
import { FinanceNote, InstalmentLink } from "~/ui/finance-note";
import { MIN_COMPARABLES } from "~/features/marketplace/pricing/price-rating";
import { CostSummarySection } from "~/features/ownership-costs/components/cost-summary";
import { loadVersionCost } from "~/features/ownership-costs/ownership.server";
import { costSummary } from "~/features/ownership-costs/sections";
import { costPageUrl } from "~/features/ownership-costs/urls";

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadVersionPage(request, params);
  // The model's owner reviews, for the link to them (they are about the model, not one version).
  // A new car on sale: its instalment estimate from its price, the assumptions under it; the key
  // figures of its cost of ownership on the default assumptions, its depreciation from the model's
  // used-car ads with the price rating's minimum (issue 47). The cost page has the rest.
  const [{ count, overall }, finance, costs] = await Promise.all([
    modelReviewSummary(page.model.id),
    currentFinanceSummary(),
    loadVersionCost(request, page.version, page.model, MIN_COMPARABLES),
  ]);
  const estimate = page.version.onSale ? instalmentEstimate(page.version.priceZar, finance?.terms ?? null) : null;
  const instalment = estimate && finance ? { monthly: estimate.monthly, url: estimate.calculatorUrl, note: finance.note } : null;
  return { ...page, ownerReviews: { count, overall }, instalment, costs: costSummary(costs, page.version.fuel) };
}

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

export default function VersionPage({ loaderData }: Route.ComponentProps) {
  const { version, model, priceHistory, siblings, canonicalPath, today, ownerReviews, instalment, costs } = loaderData;
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const origin = root?.origin ?? site.url;
  const modelLabel = `${model.brandName} ${model.name}`;
  const label = `${modelLabel} ${version.name}`;
  const modelPath = modelUrl(model.brandSlug, model);
  const offer = version.onSale ? structuredOffer({ currency: "ZAR", min: version.priceZar }) : undefined;
  const groups = resolveSpecGroups([version]);

  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[
          { label: "New cars", to: "/guide-auto/voitures-neuves" },
          { label: model.brandName, to: brandUrl({ id: model.brandId, slug: model.brandSlug }) },
          { label: model.name, to: modelPath },
          { label: version.name },
        ]}
        currentPath={canonicalPath}
      />
      <JsonLd
        data={{
          ...productJsonLd({
            name: label,
            brandName: model.brandName,
            category: bodyTypeLabels[model.bodyType],
            description: model.description,
            url: absoluteUrl(origin, canonicalPath),
            offer,
          }),
          image: absoluteUrl(origin, versionPreview(loaderData).path),
        }}
      />

      <section aria-labelledby="version-heading" className="mt-5 grid items-center gap-6 md:grid-cols-[2fr_3fr] lg:gap-10">
        <div className="aspect-[16/9] rounded-[var(--radius-card)] bg-gradient-to-b from-slate-50 to-slate-200 px-5 pt-5 dark:from-slate-800 dark:to-slate-900">
          <CarIllustration bodyType={model.bodyType} colour={model.colour} className="h-full w-full" />
        </div>
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
            <Link to={modelPath} className="hover:underline">
              {modelLabel}
            </Link>
          </p>
          <h1 id="version-heading" className="mt-1 text-2xl font-extrabold tracking-tight sm:text-4xl">
            {label}
          </h1>
          <p className="tabular mt-3 text-3xl font-extrabold">
            <span className="sr-only">Price: </span>
            {formatPrice(version.priceZar, { withCurrency: true })}
          </p>
          {instalment ? (
            <>
              <p className="mt-1 font-semibold" data-testid="version-finance">
                On finance: <InstalmentLink instalment={instalment} />
              </p>
              <FinanceNote note={instalment.note} className="mt-1 max-w-xl" />
            </>
          ) : null}
          {version.onSale ? null : (
            <p role="note" className="mt-3 flex items-start gap-2 rounded-[var(--radius-control)] bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              <CircleAlert className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
              <span>
                This version is no longer on sale. The price shown is its last list price.{" "}
                <Link to={modelPath} className="font-semibold underline">
                  See the versions on sale
                </Link>
              </span>
            </p>
          )}
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Key characteristics">
            <li className="chip-fact">{fuelLabels[version.fuel]}</li>
            <li className="chip-fact">{gearboxLabel(version.transmission, version.gears)}</li>
            <li className="chip-fact">{driveLabels[version.drive]}</li>
            <li className="chip-fact">{version.powerKw} kW</li>
          </ul>
          <p className="mt-4 text-sm">
            <Link to={modelReviewsUrl(model.brandSlug, model)} className="link">
              {ownerReviews.count > 0 && ownerReviews.overall !== null
                ? `Owners rate the ${model.name} ${formatScore(ownerReviews.overall)}/10: read the ${reviewCountLabel(ownerReviews.count)}`
                : `Owner reviews of the ${model.name}`}
            </Link>
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {version.onSale ? <CompareLink versionId={version.id} label={label} /> : null}
            <Link to={modelPath} className="btn-secondary">
              All {model.name} versions <ArrowRight className="size-4" strokeWidth={1.75} aria-hidden="true" />
            </Link>
            <LeadOfferLink prefill={{ car_condition: "new", wanted: [`${model.brandId}:${model.id}`] }} />
          </div>
        </div>
      </section>

      <CostSummarySection summary={costs} costPagePath={costPageUrl(canonicalPath)} className="mt-10" />

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="spec-heading" className="min-w-0">
          <h2 id="spec-heading" className="mb-5 text-2xl font-extrabold tracking-tight sm:text-3xl">
            Full <span className="text-primary-700 dark:text-primary-300">specification</span>
          </h2>
          <StaticIsland printed key={version.id} id={`version-${version.id}-spec`}>
            <SpecSections groups={groups} idPrefix={`spec-${version.id}`} />
          </StaticIsland>
        </section>

        <aside className="space-y-6" aria-label="Price history and other versions">
          <section aria-labelledby="history-heading" className="card p-5">
            <h2 id="history-heading" className="mb-3 text-lg font-bold">
              Price history
            </h2>
            <StaticIsland printed key={version.id} id={`version-${version.id}-history`}>
              <PriceHistoryChart points={priceHistory} today={today} />
            </StaticIsland>
          </section>

          <section aria-labelledby="siblings-heading" className="card p-5">
            <h2 id="siblings-heading" className="mb-3 text-lg font-bold">
              Other {model.name} versions
            </h2>
            {siblings.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No other version of the {modelLabel} is on sale.</p>
            ) : (
              <ul className="-mx-2 text-sm">
                {siblings.map((sibling) => (
                  <li key={sibling.id}>
                    <Link
                      to={versionUrl(model.brandSlug, model.slug, sibling)}
                      className="flex items-baseline justify-between gap-3 rounded-[var(--radius-control)] px-2 py-2 hover:bg-slate-50 dark:hover:bg-slate-800"
                      prefetch="intent"
                    >
                      <span className="font-medium text-primary-700 dark:text-primary-300">{sibling.name}</span>
                      <span className="tabular shrink-0 font-semibold">{formatPrice(sibling.priceZar, { withCurrency: true })}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [];
  const { version, model } = page;
  const label = `${model.brandName} ${model.name} ${version.name}`;
  const lead = version.onSale
    ? `${label}: ${formatPrice(version.priceZar, { withCurrency: true })} in South Africa.`
    : `${label}: no longer on sale, last listed at ${formatPrice(version.priceZar, { withCurrency: true })}.`;
  const facts = `${fuelLabels[version.fuel]}, ${gearboxLabel(version.transmission, version.gears)}, ${version.powerKw} kW. Full specification, equipment and price history.`;
  return routeMeta(args, {
    title: `${label}: price and specifications`,
    description: clipText(`${lead} ${facts}`, 300),
    canonicalPath: page.canonicalPath,
    type: "product",
    image: versionPreview(page),
  });
}
