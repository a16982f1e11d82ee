import { Link } from "react-router";
import { brandUrl, modelUrl } from "~/features/catalogue/urls";
import type { ModelCard } from "~/features/catalogue/types";
import { AdCardItem } from "~/features/marketplace/components/ad-card-item";
import { DemoDataNote } from "~/features/marketplace/components/demo-note";
import { submitStaticFavourite } from "~/features/marketplace/ad-page/components/favourite-toggle";
import { MARKETPLACE_PATH } from "~/features/marketplace/urls";
import { formatPrice } from "~/lib/format";
import { CarIllustration } from "~/ui/car-illustration";
import { Pagination } from "~/ui/pagination";
import { StaticIsland } from "~/ui/static-island";
import { FinanceNote } from "~/ui/finance-note";
import type { DealerAds, DealerBrand } from "../dealer-page.server";
import { usePrintedData } from "~/lib/printed-data";
import type { AdCardData } from "~/features/marketplace/types";

/** The key the dealer page's loader keeps its cards under for the document's render (printed-data.ts). */
export const PRINTED_DEALER_ADS = "dealer-ads";

// What a dealer sells: the catalogue's new models of its brands with their prices, and its live
// used ads as the marketplace's cards. Both are printed, not hydrated, on the first load.

/** The new models, a compact list per brand: illustration, name, price range, number of versions. */
export function DealerNewModels({ dealerId, dealerName, brands, models }: { dealerId: number; dealerName: string; brands: DealerBrand[]; models: ModelCard[] }) {
  const byBrand = brands.map((brand) => ({ brand, models: models.filter((m) => m.brandId === brand.id) })).filter((group) => group.models.length > 0);
  if (byBrand.length === 0) return null;
  return (
    <section aria-labelledby="dealer-new-heading">
      <h2 id="dealer-new-heading" className="text-xl font-bold tracking-tight">
        New cars at {dealerName}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Recommended retail prices of the versions on sale; the dealer confirms stock and offers.</p>
      <StaticIsland printed id={`dealer-${dealerId}-new-models`} className="mt-4 space-y-6">
        {byBrand.map(({ brand, models: list }) => (
          <div key={brand.id}>
            <h3 className="text-base font-bold">
              <Link to={brandUrl(brand)} className="link">
                {brand.name}
              </Link>
            </h3>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2" data-testid="dealer-new-models">
              {list.map((model) => (
                <li key={model.id}>
                  <Link
                    to={modelUrl(model.brandSlug, model)}
                    className="flex items-center gap-3 rounded-[var(--radius-control)] border border-slate-200 p-2 hover:border-primary-400 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800"
                  >
                    <CarIllustration bodyType={model.bodyType} colour={model.colour} className="h-10 w-20 shrink-0" />
                    <span className="min-w-0">
                      <span className="block font-semibold">
                        {model.brandName} {model.name}
                      </span>
                      <span className="tabular block text-sm text-slate-600 dark:text-slate-400">
                        {model.maxPrice > model.minPrice
                          ? `${formatPrice(model.minPrice, { withCurrency: true })} – ${formatPrice(model.maxPrice, { withCurrency: true })}`
                          : formatPrice(model.minPrice, { withCurrency: true })}
                        {" · "}
                        {model.versionCount} {model.versionCount === 1 ? "version" : "versions"}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </StaticIsland>
    </section>
  );
}

/** The dealer's live used ads, a page of cards with page links when there are more. */
export function DealerUsedAds({
  dealerName,
  ads,
  canonicalPath,
  savedIds,
  financeNote,
}: {
  dealerName: string;
  /** A document's cards are printed only (null here, read from the render's printed data). */
  ads: Omit<DealerAds, "ads"> & { ads: AdCardData[] | null };
  canonicalPath: string;
  savedIds: readonly number[];
  /** The assumptions of the cards' instalment estimates, when the page gives them (issue 47). */
  financeNote?: string | null;
}) {
  const printedCards = usePrintedData<AdCardData[]>(PRINTED_DEALER_ADS);
  const cards = ads.ads ?? printedCards ?? [];
  const hrefFor = (page: number) => (page === 1 ? `${canonicalPath}#dealer-ads` : `${canonicalPath}?page=${page}#dealer-ads`);
  const first = (ads.page - 1) * ads.perPage + 1;
  // Each page of the list is an island of its own.
  const pagePath = ads.page === 1 ? canonicalPath : `${canonicalPath}?page=${ads.page}`;
  return (
    <section id="dealer-ads" aria-labelledby="dealer-ads-heading" className="scroll-mt-24">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dealer-ads-heading" className="text-xl font-bold tracking-tight">
          Used cars for sale at {dealerName}
        </h2>
        {ads.total > 0 ? (
          <p className="tabular text-sm text-slate-600 dark:text-slate-400" data-testid="dealer-ads-count">
            {ads.pageCount > 1 ? `${first}–${Math.min(ads.total, ads.page * ads.perPage)} of ` : ""}
            {ads.total} {ads.total === 1 ? "car" : "cars"}
          </p>
        ) : null}
      </div>
      {ads.total === 0 ? (
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          No car of this dealer is for sale on Voitura right now.{" "}
          <Link to={MARKETPLACE_PATH} className="link">
            See every used car for sale
          </Link>
          .
        </p>
      ) : (
        <>
          <DemoDataNote className="mt-2" />
          <StaticIsland key={pagePath} id={`dealer-ads-${pagePath.replace(/[^a-z0-9]+/gi, "-")}`} onSubmit={submitStaticFavourite}>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {cards.map((ad) => (
                <AdCardItem key={ad.id} className="flex *:w-full" ad={ad} saved={savedIds.includes(ad.id)} />
              ))}
            </ul>
          </StaticIsland>
          {financeNote ? <FinanceNote note={financeNote} className="mt-3" /> : null}
          <Pagination page={ads.page} pageCount={ads.pageCount} hrefFor={hrefFor} label="Pages of this dealer's cars" />
        </>
      )}
    </section>
  );
}
