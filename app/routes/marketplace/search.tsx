import { data, Link, redirect } from "react-router";
import { ActiveFilterChips, SearchEmptyState, SearchNotices } from "~/ui/search-results";
import type { Route } from "./+types/search";
import { BannerSlot } from "~/features/banners/components/banner-slot";
import { bannerForUsedSearch } from "~/features/banners/banners.server";
import { AdCardItem } from "~/features/marketplace/components/ad-card-item";
import { DemoDataNote } from "~/features/marketplace/components/demo-note";
import { UsedSearchFilters, UsedSortSelect } from "~/features/marketplace/search/components/used-search-filters";
import { hasUsedFilters, USED_PAGE_SIZE, usedSearchUrl, withoutFilters } from "~/features/marketplace/search/search-params";
import { parseUsedSearch } from "~/features/marketplace/search/search-parse";
import { MARKETPLACE_PATH, MARKETPLACE_SEARCH_PATH } from "~/features/marketplace/urls";
import { usedSearchPage } from "~/features/marketplace/search/used-search.server";
import { currentUser } from "~/features/accounts/accounts.server";
import { savedAdIds } from "~/features/marketplace/ad-page/favourites.server";
import { livePageHeaders } from "~/lib/http-cache";
import { absoluteUrl, routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { Pagination } from "~/ui/pagination";
import { StaticIsland } from "~/ui/static-island";
import { CarDrawingSet } from "~/ui/car-illustration";
import { usePrintedData } from "~/lib/printed-data";
import { forPrintingOnly } from "~/lib/printed-data.server";
import type { AdCardData } from "~/features/marketplace/types";
import { submitStaticFavourite } from "~/features/marketplace/ad-page/components/favourite-toggle";
import { SaveSearchButton } from "~/features/marketplace/search/components/save-search-button";
import { savedQueryOf } from "~/features/marketplace/search/saved-search-rules";
import type { PageQueryHandle } from "~/lib/page-query";
import { formatRand, groupDigits } from "~/lib/format";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { withInstalments } from "~/features/ownership-costs/finance-estimate";
import { FINANCE_NOTE_ID, FinanceNote } from "~/ui/finance-note";

// Live marketplace data: a shared cache keeps it seconds, so a new or sold ad shows quickly.
export const headers = livePageHeaders;
export const handle: PageQueryHandle = { query: "own" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The finance terms read a monthly budget and give each card its instalment estimate (issue 47).
  const finance = await currentFinanceSummary();
  const [page, user] = await Promise.all([usedSearchPage(parseUsedSearch(url.searchParams), finance?.terms ?? null), currentUser(request)]);
  // A plain form submission carries empty fields: answer with the same search written
  // canonically (only when nothing was ignored, so the notices stay visible).
  if (page.notices.length === 0 && `${url.pathname}${url.search}` !== page.canonicalUrl) throw redirect(page.canonicalUrl);
  // A signed-in shopper sees the hearts of the ads they saved filled in.
  const savedIds = [...(await savedAdIds(user?.id, page.cards.map((c) => c.id)))];
  // The cards and the filters' fields are printed into static islands: a document carries them as
  // HTML only.
  const cards = withInstalments(page.cards, finance?.terms);
  const answer = {
    ...page,
    cards: forPrintingOnly(context, PRINTED_CARDS, cards) ?? null,
    facets: forPrintingOnly(context, PRINTED_FACETS, page.facets) ?? null,
    financeNote: finance && (page.budget || cards.some((c) => c.instalment)) ? finance.note : null,
    savedQuery: savedQueryOf(page.search),
    savedIds,
    banner: await bannerForUsedSearch(page.search),
  };
  // A page after the last one explains itself, with a 404 so it is never indexed.
  return page.pastEnd ? data(answer, { status: 404 }) : answer;
}

const PRINTED_CARDS = "used-search-cards";
const PRINTED_FACETS = "used-search-facets";

const count = (n: number) => groupDigits(n);

export default function UsedCarSearch({ loaderData }: Route.ComponentProps) {
  const { search, budget, notices, total, chips, widen, pageCount, pastEnd, canonicalUrl, savedIds, banner, financeNote, savedQuery } = loaderData;
  const printedCards = usePrintedData<AdCardData[]>(PRINTED_CARDS);
  const cards = loaderData.cards ?? printedCards ?? [];
  const printedFacets = usePrintedData<NonNullable<typeof loaderData.facets>>(PRINTED_FACETS);
  const facets = loaderData.facets ?? printedFacets ?? null;
  const first = (search.page - 1) * USED_PAGE_SIZE + 1;
  const last = Math.min(total, search.page * USED_PAGE_SIZE);

  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Used cars", to: MARKETPLACE_PATH }, { label: "Search" }]} currentPath={MARKETPLACE_SEARCH_PATH} />
      <div className="mt-4 mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl" aria-live="polite">
            <span className="tabular">{count(total)}</span> used {total === 1 ? "car" : "cars"} for sale
          </h1>
          {budget ? (
            <p className="mt-2 font-semibold" data-testid="budget-price">
              Up to <span className="tabular">{formatRand(budget.maxPrice)}</span> at about <span className="tabular">{formatRand(budget.monthly)}</span> a month
              {budget.deposit > 0 ? <> with <span className="tabular">{formatRand(budget.deposit)}</span> down</> : null}
              {search.priceMax !== undefined && search.priceMax < budget.maxPrice ? <> (your maximum price, <span className="tabular">{formatRand(search.priceMax)}</span>, is lower)</> : null}
              <a href={`#${FINANCE_NOTE_ID}`} aria-label="Finance assumptions">*</a>
            </p>
          ) : null}
          <DemoDataNote className="mt-2" />
        </div>
        <SaveSearchButton key={canonicalUrl} query={savedQuery} searchUrl={canonicalUrl} />
      </div>

      <SearchNotices notices={notices} />

      <div className="grid gap-6 lg:grid-cols-[18rem_1fr] lg:gap-8">
        <aside aria-label="Filters">
          <UsedSearchFilters search={search} facets={facets} total={total} activeCount={chips.length} />
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-heading" className="text-lg font-bold">
              {total === 0 ? "No results" : pastEnd ? "Results" : `Ads ${count(first)}–${count(last)} of ${count(total)}`}
            </h2>
            <UsedSortSelect search={search} />
          </div>

          <ActiveFilterChips filters={chips} resetUrl={usedSearchUrl(withoutFilters(search))} />

          {pastEnd && total > 0 ? (
            <SearchEmptyState title={`There is no page ${search.page}`}>
              <p>
                This search has {pageCount} {pageCount === 1 ? "page" : "pages"} of results.
              </p>
              <p className="mt-4 flex flex-wrap justify-center gap-3">
                <Link to={usedSearchUrl({ ...search, page: pageCount })} className="btn-primary">
                  Go to the last page
                </Link>
                <Link to={usedSearchUrl({ ...search, page: 1 })} className="btn-secondary">
                  Back to the first page
                </Link>
              </p>
            </SearchEmptyState>
          ) : total === 0 ? (
            <SearchEmptyState title={hasUsedFilters(search) ? "No car matches all these filters" : "No car is for sale right now"}>
              {hasUsedFilters(search) ? (
                <>
                  <p>
                    {chips.length === 1
                      ? `Nothing is listed for ${chips[0]!.label.startsWith("“") ? chips[0]!.label : `“${chips[0]!.label}”`} at the moment.`
                      : `No ad matches these ${chips.length} filters together.`}{" "}
                    {widen.length > 0 ? "Widen the search:" : "Try fewer filters:"}
                  </p>
                  <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label="Ways to widen the search">
                    {widen.map((offer) => (
                      <li key={offer.url}>
                        <Link to={offer.url} className="btn-secondary">
                          {offer.label} <span className="tabular font-normal">({count(offer.count)})</span>
                        </Link>
                      </li>
                    ))}
                    <li>
                      <Link to={usedSearchUrl(withoutFilters(search))} className="btn-primary">
                        Reset all filters
                      </Link>
                    </li>
                  </ul>
                </>
              ) : (
                <p>Come back soon, or sell yours.</p>
              )}
            </SearchEmptyState>
          ) : (
            <>
              {/* Printed, not hydrated, on the first load (the page's start-up work on phones); a
                  new search renders its own island. */}
              <StaticIsland key={canonicalUrl} id={`results-${canonicalUrl.replace(/[^a-z0-9]+/gi, "-")}`} onSubmit={submitStaticFavourite}>
                {/* Ads without photos show a drawing of their body type, drawn once for the list. */}
                <CarDrawingSet id="results-car" bodyTypes={cards.filter((ad) => !ad.cover).map((ad) => ad.bodyType)}>
                  <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="search-results">
                    {cards.map((ad, i) => (
                      <AdCardItem key={ad.id} className="flex" ad={ad} priority={i < 3} saved={savedIds.includes(ad.id)} />
                    ))}
                  </ul>
                </CarDrawingSet>
              </StaticIsland>
              <BannerSlot banner={banner} belowFold className="mt-8" />
              <Pagination page={search.page} pageCount={pageCount} hrefFor={(page) => usedSearchUrl({ ...search, page })} label="Pages of results" />
            </>
          )}
          {financeNote ? <FinanceNote note={financeNote} className="mt-6" /> : null}
        </section>
      </div>
    </div>
  );
}


export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  const origin = root?.origin ?? "";
  const title = page && page.search.page > 1 ? `Used cars for sale, page ${page.search.page}` : "Used cars for sale";
  return [
    ...routeMeta(args, {
      title: page?.chips.length ? `${page.chips.map((c) => c.label).join(", ")}: used cars for sale` : title,
      description:
        page !== undefined
          ? `${count(page.total)} used cars for sale in South Africa from private sellers and dealers, with prices in rand, mileage, photos and a price rating.`
          : "Used cars for sale in South Africa from private sellers and dealers.",
      canonicalPath: page?.canonicalUrl ?? MARKETPLACE_SEARCH_PATH,
      noindex: page ? page.pastEnd || page.notices.length > 0 : undefined,
    }),
    ...(page?.prevUrl ? [{ tagName: "link", rel: "prev", href: absoluteUrl(origin, page.prevUrl) }] : []),
    ...(page?.nextUrl ? [{ tagName: "link", rel: "next", href: absoluteUrl(origin, page.nextUrl) }] : []),
  ];
}
