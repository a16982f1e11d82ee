import { ArrowUpDown, CarFront, MapPin } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/brand";
import { BrandMark } from "~/features/catalogue/components/brand-mark";
import { ModelCardView } from "~/features/catalogue/components/model-card";
import { useHydrated } from "~/ui/use-hydrated";
import { brandSortLabels, brandSorts, clipText } from "~/features/catalogue/page-rules";
import { loadBrandPage } from "~/features/catalogue/pages.server";
import { brandPreview } from "~/features/previews/cards";
import { formatPrice } from "~/lib/format";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { CarDrawingSet } from "~/ui/car-illustration";
import { StaticIsland } from "~/ui/static-island";
import type { PageQueryHandle } from "~/lib/page-query";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadBrandPage(request, params);
}

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: ["sort"] };

function SortForm({ sort, path }: { sort: string; path: string }) {
  const hydrated = useHydrated();
  return (
    <Form method="get" action={path} preventScrollReset className="flex items-end gap-2">
      <div>
        <label htmlFor="brand-sort" className="mb-1 flex items-center gap-1.5 text-sm font-medium">
          <ArrowUpDown className="size-4" strokeWidth={1.75} aria-hidden="true" /> Sort by
        </label>
        <select
          id="brand-sort"
          name="sort"
          defaultValue={sort}
          key={sort}
          className="input py-2"
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {brandSorts.map((value) => (
            <option key={value} value={value}>
              {brandSortLabels[value]}
            </option>
          ))}
        </select>
      </div>
      {/* With scripts the list sorts as the select changes; the button stays for assistive
          technology (a form is sent by its button, not only by a change of value), out of sight
          and out of the tab order. The media query (scripting: none) shows it, not hydration, so
          nothing moves when the scripts start. */}
      <button type="submit" className="sr-only noscript:not-sr-only noscript:btn-secondary" tabIndex={hydrated ? -1 : undefined}>
        Sort
      </button>
    </Form>
  );
}

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand, models, minPrice, sort, canonicalPath } = loaderData;
  const count = models.length;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "New cars", to: "/guide-auto/voitures-neuves" }, { label: brand.name }]} currentPath={canonicalPath} />

      <header className="mt-5 grid gap-5 rounded-[var(--radius-card)] bg-slate-50 p-5 sm:grid-cols-[auto_1fr] sm:p-8 dark:bg-slate-900">
        <BrandMark brand={brand} size={72} />
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{brand.name}</h1>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400" aria-label="At a glance">
            <li className="flex items-center gap-1.5">
              <MapPin className="size-4" strokeWidth={1.75} aria-hidden="true" /> {brand.country}
            </li>
            <li className="flex items-center gap-1.5">
              <CarFront className="size-4" strokeWidth={1.75} aria-hidden="true" /> {count} {count === 1 ? "model" : "models"} on sale
            </li>
            {minPrice ? (
              <li>
                From <span className="tabular font-bold text-slate-900 dark:text-white">{formatPrice(minPrice, { withCurrency: true })}</span>
              </li>
            ) : null}
          </ul>
          <p className="mt-4 max-w-3xl leading-7 text-slate-700 dark:text-slate-300">{brand.description}</p>
        </div>
      </header>

      <section aria-labelledby="brand-models-heading" className="mt-10">
        <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
          <h2 id="brand-models-heading" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {brand.name} <span className="text-primary-700 dark:text-primary-300">models</span>
          </h2>
          {count > 1 ? <SortForm sort={sort} path={canonicalPath} /> : null}
        </div>
        {count === 0 ? (
          <div className="card flex flex-col items-start gap-3 p-6 sm:p-8">
            <CarFront className="size-8 text-slate-500" strokeWidth={1.75} aria-hidden="true" />
            <p className="text-lg font-bold">No {brand.name} models on sale right now</p>
            <p className="max-w-xl text-slate-600 dark:text-slate-400">
              {brand.name} has no new car listed with a price in South Africa at the moment. Its models show here as soon as they are back on
              sale.
            </p>
            <Link to="/guide-auto/voitures-neuves" className="btn-primary">
              Browse every brand
            </Link>
          </div>
        ) : (
          <StaticIsland printed key={`${brand.id}-${sort}`} id={`brand-${brand.id}-models-${sort}`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            <CarDrawingSet id={`brand-${brand.id}-models-${sort}-car`} bodyTypes={models.map((m) => m.bodyType)}>
              {models.map((model) => (
                <ModelCardView key={model.id} model={model} priceRange />
              ))}
            </CarDrawingSet>
          </StaticIsland>
        )}
      </section>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [];
  const { brand, models, minPrice } = page;
  const lead = minPrice
    ? `${brand.name} new car prices in South Africa: ${models.length} ${models.length === 1 ? "model" : "models"} from ${formatPrice(minPrice, { withCurrency: true })}.`
    : `${brand.name} in South Africa: no model on sale right now.`;
  return routeMeta(args, {
    title: `${brand.name}: new car prices and models`,
    description: clipText(`${lead} ${brand.description}`, 300),
    canonicalPath: page.canonicalPath,
    image: brandPreview(page),
  });
}
