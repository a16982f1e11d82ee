import { CircleAlert, SlidersHorizontal } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/new-cars";
import { bodyTypes, type BodyType } from "../../../db/schema/vocabulary";
import { BrandTile } from "~/features/catalogue/components/brand-tile";
import { GUIDE_CRUMB, GuidePageHeader } from "~/features/catalogue/components/guide-page";
import { CardGridSection } from "~/ui/card-grid-section";
import { ModelCardView } from "~/features/catalogue/components/model-card";
import { EntryCompareLink } from "~/features/comparison/components/compare-link";
import { bodyTypeCounts, modelsForBody } from "~/features/catalogue/lists.server";
import { brandSummaries, popularModels } from "~/features/catalogue/model-cards.server";
import { bodyTypeLabels } from "~/features/catalogue/types";
import { searchUrl, emptySearch } from "~/features/search/search-params";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import { SectionTitle } from "~/ui/section-title";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";

export const headers = publicPageHeaders;

const PATH = "/guide-auto/voitures-neuves";
const BODY_PARAM = "carrosserie";
export const handle: PageQueryHandle = { query: [BODY_PARAM] };
const MODELS_SHOWN = 24;

/** The body type of ?carrosserie=…: a known one, none, or an unknown value to report. */
function parseBody(value: string | null): { body?: BodyType; unknown?: string } {
  const v = value?.trim().toLowerCase();
  if (!v) return {};
  return (bodyTypes as readonly string[]).includes(v) ? { body: v as BodyType } : { unknown: value!.trim().slice(0, 40) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { body, unknown } = parseBody(new URL(request.url).searchParams.get(BODY_PARAM));
  const [bodies, brands, models] = await Promise.all([
    bodyTypeCounts(),
    brandSummaries(body),
    body ? modelsForBody(body) : popularModels(8),
  ]);
  // A body type can have a hundred models: the most popular ones here, the rest in the search.
  const modelTotal = body ? models.length : bodies.reduce((n, b) => n + b.models, 0);
  return { body: body ?? null, unknown: unknown ?? null, bodies, brands, models: models.slice(0, MODELS_SHOWN), modelTotal };
}

const bodyPlural: Record<BodyType, string> = {
  hatchback: "hatchbacks",
  sedan: "sedans",
  suv: "SUVs",
  crossover: "crossovers",
  bakkie: "bakkies",
  "double-cab": "double cabs",
  mpv: "MPVs",
  coupe: "coupés",
  convertible: "convertibles",
  "station-wagon": "station wagons",
  van: "vans",
};

const bodyLink = (body?: BodyType) => (body ? `${PATH}?${BODY_PARAM}=${body}` : PATH);

export default function NewCars({ loaderData }: Route.ComponentProps) {
  const { body, unknown, bodies, brands, models, modelTotal } = loaderData;
  const label = body ? bodyTypeLabels[body] : null;
  const pill = "inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors";
  const on = "border-primary-600 bg-primary-600 text-white";
  const off = "border-slate-300 bg-white text-slate-800 hover:border-primary-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200";

  return (
    <div className="container-page py-6 sm:py-8">
      <GuidePageHeader
        crumbs={body ? [GUIDE_CRUMB, { label: "New cars", to: PATH }, { label: label! }] : [GUIDE_CRUMB, { label: "New cars" }]}
        path={body ? bodyLink(body) : PATH}
        title={body ? `New ${bodyPlural[body]} in South Africa` : "New cars in South Africa"}
        intro={
          <p>
            {body
              ? `${brands.length} ${brands.length === 1 ? "brand sells" : "brands sell"} ${bodyPlural[body]} in South Africa: ${modelTotal} ${modelTotal === 1 ? "model" : "models"} in all. Pick a brand, or compare the most popular below.`
              : `${brands.length} brands and ${brands.reduce((n, b) => n + b.modelCount, 0)} models on sale, with rand prices. Choose a brand, or narrow the list by body type.`}
          </p>
        }
      >
        {unknown ? (
          <p role="status" className="mt-4 flex items-start gap-2 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <CircleAlert className="size-5 shrink-0" strokeWidth={1.75} aria-hidden="true" />
            <span>There is no body type “{unknown}”; showing every new car instead.</span>
          </p>
        ) : null}
        <nav aria-label="Filter by body type" className="mt-5">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to={PATH} className={`${pill} ${body ? off : on}`} aria-current={body ? undefined : "page"} preventScrollReset>
                All body types
              </Link>
            </li>
            {bodies.map((b) => (
              <li key={b.bodyType}>
                <Link to={bodyLink(b.bodyType)} className={`${pill} ${body === b.bodyType ? on : off}`} aria-current={body === b.bodyType ? "page" : undefined} preventScrollReset>
                  {bodyTypeLabels[b.bodyType]} <span className="tabular text-xs opacity-80">{b.models}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </GuidePageHeader>

      <div className="space-y-14">
        <section aria-labelledby="brands-heading">
          <SectionTitle first={body ? "Brands selling" : "Every"} highlight={body ? bodyPlural[body] : "brand"} id="brands-heading" className="mb-5" />
          <StaticIsland printed key={body ?? "all"} id={`new-cars-brands-${body ?? "all"}`}>
            <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-5">
              {brands.map((brand) => (
                <li key={brand.id}>
                  <BrandTile brand={brand} />
                </li>
              ))}
            </ul>
          </StaticIsland>
        </section>

        <CardGridSection
          scope="new-cars"
          name={body ? `models-${body}` : "popular"}
          first="Popular"
          highlight={body ? bodyPlural[body] : "models"}
          to={searchUrl({ ...emptySearch, body: body ? [body] : [] })}
          linkLabel={body ? `All ${modelTotal} ${bodyPlural[body]}` : `All ${modelTotal} models`}
        >
          {models.map((model) => (
            <ModelCardView key={model.id} model={model} action={<EntryCompareLink model={model} />} />
          ))}
        </CardGridSection>

        <p className="flex justify-center">
          <Link to={searchUrl({ ...emptySearch, body: body ? [body] : [] })} className="btn-primary">
            <SlidersHorizontal className="size-5" strokeWidth={1.75} aria-hidden="true" />
            Search by budget, fuel, gearbox and more
          </Link>
        </p>
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const body = args.loaderData?.body ?? null;
  const label = body ? bodyTypeLabels[body] : null;
  return routeMeta(args, {
    title: label ? `New ${label} prices in South Africa` : "New cars: every brand and model",
    description: label
      ? `Every new ${label} on sale in South Africa by brand, with rand prices from the cheapest version.`
      : "Every new car brand and model on sale in South Africa, with the number of models and the starting price in rand.",
    canonicalPath: body ? bodyLink(body) : PATH,
  });
}
