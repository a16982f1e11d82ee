import { Scale } from "lucide-react";
import { Link, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/model";
import { ModelCardView } from "~/features/catalogue/components/model-card";
import { VersionTable } from "~/features/catalogue/components/version-table";
import { clipText, filterOptions, productJsonLd, VERSION_FILTER_PARAMS } from "~/features/catalogue/page-rules";
import { loadModelPage } from "~/features/catalogue/pages.server";
import { keyFigures, transmissionLabels } from "~/features/catalogue/spec-groups";
import { bodyTypeLabels, fuelLabels, type ModelCard } from "~/features/catalogue/types";
import { brandUrl } from "~/features/catalogue/urls";
import { BannerSlot } from "~/features/banners/components/banner-slot";
import { bannerForSlot } from "~/features/banners/banners.server";
import { CompareLink, CompareWithTrayLink } from "~/features/comparison/components/compare-link";
import { DealersNearYou } from "~/features/dealers/components/dealers-near-you";
import { modelPreview } from "~/features/previews/cards";
import { OwnerReviewsSection, type ShownModelReviews } from "~/features/reviews/components/owner-reviews-section";
import { PRINTED_MODEL_REVIEWS, reviewVoteShell } from "~/features/reviews/review-display";
import { aggregateRating } from "~/features/reviews/review-scores";
import { modelReviewsSection } from "~/features/reviews/reviews.server";
import { isHelpfulVote, MODEL_REVIEWS_ORDER_PARAM, MODEL_REVIEWS_PAGE_PARAM, modelReviewsQueryChanged } from "~/features/reviews/urls";
import { formatPrice, structuredOffer } from "~/lib/format";
import { LeadOfferLink } from "~/features/leads/components/lead-offer-link";
import { publicPageHeaders } from "~/lib/http-cache";
import { absoluteUrl, routeMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { CarDrawingSet, CarIllustration } from "~/ui/car-illustration";
import { JsonLd } from "~/ui/json-ld";
import { StaticIsland } from "~/ui/static-island";
import { usePrintedList } from "~/lib/printed-data";
import { forPrintingOnly, listForPrintingOnly } from "~/lib/printed-data.server";
import type { PageQueryHandle } from "~/lib/page-query";

/** The key under which the loader keeps the similar models for printing only (lib/printed-data). */
const PRINTED_SIMILAR_MODELS = "model-similar-cards";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadModelPage(request, params);
  // Owner reviews: their page and order are in this page's query (?avis=2&tri=utiles, see
  // app/features/reviews/urls.ts), so the section is server HTML and its links work without scripts.
  // The model-side banner is targeted at the model's brand and body type.
  const [reviews, banner] = await Promise.all([
    modelReviewsSection(page.model.id, new URL(request.url).searchParams),
    bannerForSlot("model-side", { brand: page.model.brandSlug, bodyType: page.model.bodyType }),
  ]);
  // The similar models are printed in a static island: a document carries them as HTML only
  // (null here), a client-side navigation gets them as data.
  const similar = listForPrintingOnly(context, PRINTED_SIMILAR_MODELS, page.similar);
  // The reviews' texts are printed in static islands too: a document's data keeps what the votes need.
  const wholeReviews = forPrintingOnly(context, PRINTED_MODEL_REVIEWS, reviews.page.reviews);
  const shownReviews: ShownModelReviews = wholeReviews ? reviews : { ...reviews, page: { ...reviews.page, reviews: reviews.page.reviews.map(reviewVoteShell) } };
  return { ...page, similar, reviews: shownReviews, banner };
}

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [...VERSION_FILTER_PARAMS, MODEL_REVIEWS_PAGE_PARAM, MODEL_REVIEWS_ORDER_PARAM] };

// The version filters run in the browser: a change of query string alone needs no new data, unless
// it asks for another page or order of the owner reviews. A helpful vote answers in place.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (isHelpfulVote(formAction)) return false;
  if (currentUrl.pathname === nextUrl.pathname && (formMethod === undefined || formMethod === "GET") && !modelReviewsQueryChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

const chipClass = "rounded-full bg-white/80 px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700";

export default function ModelPage({ loaderData }: Route.ComponentProps) {
  const { model, versions, canonicalPath, reviews } = loaderData;
  const { list: similar, shown: hasSimilar } = usePrintedList<ModelCard>(loaderData.similar, PRINTED_SIMILAR_MODELS);
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const origin = root?.origin ?? site.url;
  const label = `${model.brandName} ${model.name}`;
  const prices = versions.map((v) => v.priceZar);
  const min = prices.length ? Math.min(...prices) : 0;
  const max = prices.length ? Math.max(...prices) : 0;
  const options = filterOptions(versions);
  const figures = keyFigures(versions);
  const entry = versions[0];
  const offer = structuredOffer({ currency: "ZAR", min, max });

  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[
          { label: "New cars", to: "/guide-auto/voitures-neuves" },
          { label: model.brandName, to: brandUrl({ id: model.brandId, slug: model.brandSlug }) },
          { label: model.name },
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
          image: absoluteUrl(origin, modelPreview(loaderData).path),
          ...(aggregateRating(reviews.summary) ? { aggregateRating: aggregateRating(reviews.summary) } : {}),
        }}
      />

      <section aria-labelledby="model-heading" className="mt-5 grid items-center gap-6 lg:grid-cols-2 lg:gap-10">
        <div className="aspect-[16/9] rounded-[var(--radius-card)] bg-gradient-to-b from-slate-50 to-slate-200 px-6 pt-6 dark:from-slate-800 dark:to-slate-900">
          <CarIllustration bodyType={model.bodyType} colour={model.colour} className="h-full w-full" title={`Illustration of the ${label}`} />
        </div>
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
            <Link to={brandUrl({ id: model.brandId, slug: model.brandSlug })} className="hover:underline">
              {model.brandName}
            </Link>
          </p>
          <h1 id="model-heading" className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {label}
          </h1>
          {entry ? (
            <p className="tabular mt-3 text-slate-600 dark:text-slate-400">
              From <span className="text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white">{formatPrice(min, { withCurrency: true })}</span>
              {max > min ? (
                <>
                  {" "}
                  to <span className="text-lg font-bold text-slate-900 dark:text-white">{formatPrice(max, { withCurrency: true })}</span>
                </>
              ) : null}
            </p>
          ) : (
            <p className="mt-3 font-semibold text-amber-800 dark:text-amber-300">No version of the {label} is on sale right now.</p>
          )}
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Key characteristics">
            {model.isNewArrival ? <li className="rounded-full bg-amber-400 px-2.5 py-1 text-xs font-bold text-slate-950">New</li> : null}
            <li className={chipClass}>{bodyTypeLabels[model.bodyType]}</li>
            {options.fuels.map((fuel) => (
              <li key={fuel} className={chipClass}>
                {fuelLabels[fuel]}
              </li>
            ))}
            {options.transmissions.map((box) => (
              <li key={box} className={chipClass}>
                {transmissionLabels[box]}
              </li>
            ))}
            <li className={chipClass}>
              {versions.length} {versions.length === 1 ? "version" : "versions"}
            </li>
          </ul>
          <p className="mt-4 leading-7 text-slate-700 dark:text-slate-300">{model.description}</p>
          {entry ? (
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <CompareWithTrayLink versionId={entry.id} className="btn-primary">
                <Scale className="size-5" strokeWidth={1.75} aria-hidden="true" /> Compare the {model.name}
              </CompareWithTrayLink>
              <a href="#versions-heading" className="btn-secondary">
                See all {versions.length} {versions.length === 1 ? "version" : "versions"}
              </a>
              <LeadOfferLink prefill={{ car_condition: "new", wanted: [`${model.brandId}:${model.id}`] }} />
            </div>
          ) : null}
        </div>
      </section>

      {figures.length > 0 ? (
        <section aria-labelledby="figures-heading" className="mt-8">
          <h2 id="figures-heading" className="sr-only">
            Key figures
          </h2>
          <dl
            className={`grid grid-cols-2 gap-px overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-slate-200 dark:border-slate-800 dark:bg-slate-800 ${figures.length >= 5 ? "lg:grid-cols-5" : figures.length === 4 ? "sm:grid-cols-4" : "sm:grid-cols-3"}`}
          >
            {figures.map((figure) => (
              <div
                key={figure.key}
                className={`flex flex-col bg-white p-4 last:odd:col-span-2 dark:bg-slate-900 ${figures.length >= 5 ? "lg:last:odd:col-span-1" : "sm:last:odd:col-span-1"}`}
              >
                <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{figure.label}</dt>
                <dd className="tabular order-first text-xl font-extrabold sm:text-2xl">
                  {figure.value} <span className="text-sm font-semibold whitespace-nowrap text-slate-600 dark:text-slate-400">{figure.unit}</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section aria-labelledby="versions-heading" className="mt-10 scroll-mt-24">
        <h2 id="versions-heading" className="mb-4 text-2xl font-extrabold tracking-tight sm:text-3xl">
          Versions and <span className="text-primary-700 dark:text-primary-300">prices</span>
        </h2>
        {versions.length > 0 ? (
          <VersionTable
            versions={versions}
            brandSlug={model.brandSlug}
            modelSlug={model.slug}
            modelLabel={label}
            path={canonicalPath}
            rowAction={(version, versionLabel) => <CompareLink versionId={version.id} label={versionLabel} className="max-sm:w-full" />}
          />
        ) : (
          <div className="card p-6">
            <p className="font-semibold">No version of the {label} is on sale right now.</p>
            <Link to={brandUrl({ id: model.brandId, slug: model.brandSlug })} className="link mt-2 inline-block">
              See the other {model.brandName} models
            </Link>
          </div>
        )}
      </section>

      <BannerSlot banner={loaderData.banner} belowFold className="mx-auto mt-10 max-w-sm" />

      <OwnerReviewsSection model={model} reviews={reviews} />

      <DealersNearYou brandId={model.brandId} brandSlug={model.brandSlug} brandName={model.brandName} />

      {hasSimilar ? (
        <section aria-labelledby="similar-heading" className="mt-12">
          <h2 id="similar-heading" className="mb-5 text-2xl font-extrabold tracking-tight sm:text-3xl">
            Similar <span className="text-primary-700 dark:text-primary-300">models</span>
          </h2>
          <StaticIsland printed key={model.id} id={`model-${model.id}-similar`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <CarDrawingSet id={`model-${model.id}-similar-car`} bodyTypes={similar.map((card) => card.bodyType)}>
              {similar.map((card) => (
                <ModelCardView key={card.id} model={card} priceRange />
              ))}
            </CarDrawingSet>
          </StaticIsland>
        </section>
      ) : null}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [];
  const { model, versions } = page;
  const label = `${model.brandName} ${model.name}`;
  const prices = versions.map((v) => v.priceZar);
  const priceText = prices.length
    ? Math.min(...prices) === Math.max(...prices)
      ? `${formatPrice(prices[0], { withCurrency: true })}`
      : `from ${formatPrice(Math.min(...prices), { withCurrency: true })} to ${formatPrice(Math.max(...prices), { withCurrency: true })}`
    : "";
  const lead = prices.length
    ? `${label} prices in South Africa: ${versions.length} ${versions.length === 1 ? "version" : "versions"} ${priceText}, with full specifications.`
    : `${label}: specifications; no version on sale right now.`;
  return routeMeta(args, {
    title: `${label}: prices and specs`,
    description: clipText(`${lead} ${model.description}`, 300),
    canonicalPath: page.canonicalPath,
    type: "product",
    image: modelPreview(page),
  });
}
