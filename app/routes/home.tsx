import { Mail, Scale, Zap } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { BannerSlot } from "~/features/banners/components/banner-slot";
import { bannerForSlot } from "~/features/banners/banners.server";
import { BrandTile } from "~/features/catalogue/components/brand-tile";
import { CardGridSection, SectionHeader } from "~/ui/card-grid-section";
import { ModelCardView, PromotionCardView } from "~/features/catalogue/components/model-card";
import { brandSummaries, currentPromotions, electricPicks, newArrivals, popularModels } from "~/features/catalogue/model-cards.server";
import { formatPrice } from "~/lib/format";
import { publicPageHeaders } from "~/lib/http-cache";
import { SITE_PREVIEW } from "~/lib/link-preview";
import { routeMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import type { loader as rootLoader } from "~/root";
import { SectionTitle } from "~/ui/section-title";
import { StaticIsland } from "~/ui/static-island";
import { listForPrintingOnly } from "~/lib/printed-data.server";
import { usePrintedList } from "~/lib/printed-data";
import { useOpenNewsletter } from "~/shell/app-shell";
import { guideTaxonomyUrl } from "~/shell/navigation";
import type { PageQueryHandle } from "~/lib/page-query";

// The same for every visitor: CDNs and browsers may cache it (docs/decisions/005-http-caching.md).
export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: [] };

export async function loader({ context }: Route.LoaderArgs) {
  const [popular, promotions, arrivals, electric, brands] = await Promise.all([
    popularModels(8),
    currentPromotions(4),
    newArrivals(4),
    electricPicks(4),
    brandSummaries(),
  ]);
  // Every list is printed in a static island: a document carries it as HTML only (a client-side
  // navigation gets it as usual).
  return {
    popular: listForPrintingOnly(context, PRINTED_HOME_LISTS.popular, popular),
    promotions: listForPrintingOnly(context, PRINTED_HOME_LISTS.promotions, promotions),
    arrivals: listForPrintingOnly(context, PRINTED_HOME_LISTS.arrivals, arrivals),
    electric: listForPrintingOnly(context, PRINTED_HOME_LISTS.electric, electric),
    brands: listForPrintingOnly(context, PRINTED_HOME_LISTS.brands, brands),
    catalogue: {
      brands: brands.length,
      models: brands.reduce((n, b) => n + b.modelCount, 0),
      entryPrice: brands.length ? Math.min(...brands.map((b) => b.minPrice)) : null,
    },
    banner: await bannerForSlot("home-top"),
  };
}

/** The keys under which the loader keeps the page's lists for printing only (lib/printed-data). */
const PRINTED_HOME_LISTS = {
  popular: "home-popular",
  promotions: "home-promotions",
  arrivals: "home-arrivals",
  electric: "home-electric",
  brands: "home-brands",
} as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { catalogue, banner } = loaderData;
  const popular = usePrintedList(loaderData.popular, PRINTED_HOME_LISTS.popular);
  const promotions = usePrintedList(loaderData.promotions, PRINTED_HOME_LISTS.promotions);
  const arrivals = usePrintedList(loaderData.arrivals, PRINTED_HOME_LISTS.arrivals);
  const electric = usePrintedList(loaderData.electric, PRINTED_HOME_LISTS.electric);
  const brands = usePrintedList(loaderData.brands, PRINTED_HOME_LISTS.brands);
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const openNewsletter = useOpenNewsletter();

  return (
    <>
      <section className="bg-gradient-to-br from-primary-700 via-primary-600 to-slate-900 text-white" aria-labelledby="hero-heading">
        <div className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <h1 id="hero-heading" className="text-3xl font-extrabold tracking-tight sm:text-5xl">
              Find the right new car at the right price.
            </h1>
            <p className="mt-4 max-w-xl text-lg text-primary-50">
              Every new car sold in South Africa, with rand prices, full specifications and this month's promotions, side by side.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/guide-auto/voitures-neuves" className="btn bg-white text-primary-800 hover:bg-primary-50">
                Browse new cars
              </Link>
              <Link to="/comparateur" className="btn border border-white/60 text-white hover:bg-white/10">
                <Scale className="size-5" strokeWidth={1.75} aria-hidden="true" /> Compare cars
              </Link>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-3 text-center">
            {[
              [String(catalogue.brands), "brands"],
              [String(catalogue.models), "models"],
              [catalogue.entryPrice !== null ? formatPrice(catalogue.entryPrice) : "-", "ZAR entry price"],
            ].map(([value, label]) => (
              <div key={label} className="flex flex-col rounded-[var(--radius-card)] bg-white/10 px-2 py-4 backdrop-blur sm:px-4">
                <dt className="text-sm text-primary-50">{label}</dt>
                <dd className="tabular order-first text-xl font-extrabold sm:text-3xl">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="container-page space-y-14 py-12">
        <BannerSlot banner={banner} />
        <CardGridSection scope="home" name="popular" gridClassName="sm:grid-cols-2 lg:grid-cols-4" carBodyTypes={popular.list.map((m) => m.bodyType)} first="Popular" highlight="models" to="/guide-auto/voitures-neuves" linkLabel="All new cars">
          {popular.list.map((model) => (
            <ModelCardView key={model.id} model={model} />
          ))}
        </CardGridSection>

        {promotions.shown ? (
          <CardGridSection scope="home" name="promotions" gridClassName="sm:grid-cols-2 lg:grid-cols-4" carBodyTypes={promotions.list.map((p) => p.bodyType)} first="Current" highlight="promotions" to="/guide-auto/promos-du-moment" linkLabel="All promotions">
            {promotions.list.map((promotion) => (
              <PromotionCardView key={promotion.id} promotion={promotion} />
            ))}
          </CardGridSection>
        ) : null}

        {arrivals.shown ? (
          <CardGridSection scope="home" name="arrivals" gridClassName="sm:grid-cols-2 lg:grid-cols-4" carBodyTypes={arrivals.list.map((m) => m.bodyType)} first="New on the" highlight="market" to="/guide-auto/nouveautes-au-marche" linkLabel="All new arrivals">
            {arrivals.list.map((model) => (
              <ModelCardView key={model.id} model={model} />
            ))}
          </CardGridSection>
        ) : null}

        {electric.shown ? (
          <CardGridSection scope="home" name="electric" gridClassName="sm:grid-cols-2 lg:grid-cols-4" carBodyTypes={electric.list.map((m) => m.bodyType)} first="Electric" highlight="picks" to="/guide-auto/voitures-electriques" linkLabel="All electric cars">
            {electric.list.map((model) => (
              <ModelCardView key={model.id} model={model} />
            ))}
          </CardGridSection>
        ) : null}

        <section aria-labelledby="guides-heading" className="rounded-[var(--radius-card)] bg-slate-50 p-6 sm:p-8 dark:bg-slate-900">
          <SectionTitle first="Practical" highlight="guides" id="guides-heading" />
          <p className="mt-2 text-slate-600 dark:text-slate-400">Licences, licence discs, roadworthy, insurance and finance, explained for South Africa.</p>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {(root?.menus.guideTaxonomies ?? []).map((taxonomy) => (
              <li key={taxonomy.slug}>
                <Link to={guideTaxonomyUrl(taxonomy)} className="card block h-full p-4 hover:border-primary-400">
                  <span className="block font-bold">{taxonomy.menuLabel}</span>
                  <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{taxonomy.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="brands-heading">
          <SectionHeader first="Every" highlight="brand" id="brands-heading" to="/guide-auto/voitures-neuves" linkLabel="Browse by brand" />
          <StaticIsland printed id="home-brands">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {brands.list.map((brand) => (
              <li key={brand.id}>
                <BrandTile brand={brand} />
              </li>
            ))}
          </ul>
          </StaticIsland>
        </section>

        <section
          aria-labelledby="newsletter-heading"
          className="flex flex-col items-start gap-4 rounded-[var(--radius-card)] bg-slate-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8 dark:bg-slate-800"
        >
          <div>
            <h2 id="newsletter-heading" className="flex items-center gap-2 text-xl font-bold">
              <Mail className="size-6" strokeWidth={1.75} aria-hidden="true" /> The {site.name} newsletter
            </h2>
            <p className="mt-1 text-slate-300">New launches, price changes and the best deals in South Africa, once a week.</p>
          </div>
          <button type="button" className="btn bg-amber-400 text-slate-950 hover:bg-amber-300" onClick={openNewsletter}>
            <Zap className="size-5" strokeWidth={1.75} aria-hidden="true" /> Subscribe
          </button>
        </section>
      </div>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: site.tagline,
    description: site.description,
    canonicalPath: "/",
    image: SITE_PREVIEW,
  });
}
