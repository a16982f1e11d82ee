import { Fragment } from "react";
import { data, Link, redirect } from "react-router";
import { ActiveFilterChips, SearchEmptyState, SearchNotices } from "~/ui/search-results";
import type { Route } from "./+types/new-car-search";
import { activeChips, hasFilters, resetUrl } from "~/features/search/facets";
import { newCarSearchPage } from "~/features/search/new-car-search.server";
import { Pagination } from "~/features/search/components/pagination";
import { SearchFilters, SortSelect } from "~/features/search/components/search-filters";
import { RESULT_COMPARE_CLASS, SearchResultItem } from "~/features/search/components/search-result-card";
import type { SearchResult } from "~/features/search/new-car-search.server";
import { CompareToggles } from "~/features/comparison/components/compare-toggles";
import { forPrintingOnly } from "~/lib/printed-data.server";
import { usePrintedData } from "~/lib/printed-data";
import { CarDrawingSet } from "~/ui/car-illustration";
import { StaticIsland } from "~/ui/static-island";
import { SEARCH_PAGE_SIZE, SEARCH_PATH, searchUrl } from "~/features/search/search-params";
import { publicPageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { PageQueryHandle } from "~/lib/page-query";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { formatRand } from "~/lib/format";
import { FINANCE_NOTE_ID, FinanceNote } from "~/ui/finance-note";

export const headers = publicPageHeaders;
export const handle: PageQueryHandle = { query: "own" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The finance terms read a monthly budget (issue 47).
  const finance = await currentFinanceSummary();
  const page = await newCarSearchPage(url.searchParams, finance?.terms ?? null);
  // A plain form submission carries empty fields and defaults: answer with the same search,
  // written canonically (only when nothing was ignored, so the notices stay visible).
  if (page.notices.length === 0 && `${url.pathname}${url.search}` !== page.canonicalUrl) throw redirect(page.canonicalUrl);
  // The results are printed into a static island: a document carries them as HTML only.
  const answer = {
    ...page,
    results: forPrintingOnly(context, PRINTED_RESULTS, page.results) ?? null,
    financeNote: page.budget && finance ? finance.note : null,
  };
  // A page after the last one: the page explains it, with a 404 status so it is never indexed.
  return page.pastEnd ? data(answer, { status: 404 }) : answer;
}

const PRINTED_RESULTS = "new-car-search-results";

export default function NewCarSearch({ loaderData }: Route.ComponentProps) {
  const { state, budget, financeNote, counts, brands, notices, total, totalVersions, pageCount, pastEnd, canonicalUrl } = loaderData;
  const printedResults = usePrintedData<SearchResult[]>(PRINTED_RESULTS);
  const results = loaderData.results ?? printedResults ?? [];
  const islandId = `results-${canonicalUrl.replace(/[^a-z0-9]+/gi, "-")}`;
  const brandNames = new Map(brands.map((b) => [b.slug, b.name]));
  const chips = activeChips(state, brandNames);
  const first = (state.page - 1) * SEARCH_PAGE_SIZE + 1;
  const last = Math.min(total, state.page * SEARCH_PAGE_SIZE);

  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Car guide", to: "/guide-auto" }, { label: "New cars", to: "/guide-auto/voitures-neuves" }, { label: "Search" }]} currentPath={SEARCH_PATH} />
      <div className="mt-4 mb-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">New-car search</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Every version on sale in South Africa, filtered your way. Tick what matters; the numbers show how many models each choice leaves.
        </p>
      </div>

      <SearchNotices notices={notices} />

      <div className="grid gap-6 lg:grid-cols-[17rem_1fr] lg:gap-8">
        <aside aria-label="Filters">
          <SearchFilters state={state} counts={counts} brands={brands} total={total} activeCount={chips.length} />
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-heading" className="text-lg font-bold" aria-live="polite">
              <span className="tabular">{total}</span> {total === 1 ? "model" : "models"}
              <span className="font-normal text-slate-600 dark:text-slate-400">
                {" "}
                · <span className="tabular">{totalVersions}</span> {totalVersions === 1 ? "version" : "versions"}
              </span>
            </h2>
            <SortSelect state={state} />
          </div>
          {budget ? (
            <p className="mt-2 font-semibold" data-testid="budget-price">
              Up to <span className="tabular">{formatRand(budget.maxPrice)}</span> at about <span className="tabular">{formatRand(budget.monthly)}</span> a month
              {budget.deposit > 0 ? <> with <span className="tabular">{formatRand(budget.deposit)}</span> down</> : null}
              {state.priceMax !== undefined && state.priceMax < budget.maxPrice ? <> (your maximum price, <span className="tabular">{formatRand(state.priceMax)}</span>, is lower)</> : null}
              <a href={`#${FINANCE_NOTE_ID}`} aria-label="Finance assumptions">*</a>
            </p>
          ) : null}

          <ActiveFilterChips filters={chips.map((c) => ({ key: c.key, label: c.label, url: c.removeUrl }))} resetUrl={resetUrl(state)} />

          {pastEnd && total > 0 ? (
            <SearchEmptyState title={`There is no page ${state.page}`}>
              <p>
                This search has {pageCount} {pageCount === 1 ? "page" : "pages"} of results.
              </p>
              <p className="mt-4 flex flex-wrap justify-center gap-3">
                <Link to={searchUrl({ ...state, page: pageCount })} className="btn-primary">
                  Go to the last page
                </Link>
                <Link to={searchUrl({ ...state, page: 1 })} className="btn-secondary">
                  Back to the first page
                </Link>
              </p>
            </SearchEmptyState>
          ) : total === 0 ? (
            <SearchEmptyState title="No car matches all these filters">
              {chips.length > 0 ? (
                <>
                  <p>Try loosening the search:</p>
                  <ul className="mt-4 flex flex-wrap justify-center gap-2">
                    {chips
                      .slice(-3)
                      .reverse()
                      .map((chip) => (
                        <li key={chip.key}>
                          <Link to={chip.removeUrl} className="btn-secondary">
                            Remove “{chip.label}”
                          </Link>
                        </li>
                      ))}
                    <li>
                      <Link to={resetUrl(state)} className="btn-primary">
                        Reset all filters
                      </Link>
                    </li>
                  </ul>
                </>
              ) : (
                <p>The catalogue has no version on sale right now.</p>
              )}
            </SearchEmptyState>
          ) : (
            <>
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                {hasFilters(state) ? "Matching models" : "All models"} {first}–{last} of {total}
              </p>
              {/* Printed, not hydrated, on the first load; a new search renders its own island. */}
              <Fragment key={canonicalUrl}>
                <StaticIsland id={islandId}>
                  <CarDrawingSet id={`${islandId}-car`} bodyTypes={results.map((result) => result.bodyType)}>
                    <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                      {results.map((result) => (
                        <SearchResultItem key={result.id} result={result} />
                      ))}
                    </ul>
                  </CarDrawingSet>
                </StaticIsland>
                <CompareToggles islandId={islandId} className={RESULT_COMPARE_CLASS} />
              </Fragment>
              <Pagination state={state} pageCount={pageCount} />
            </>
          )}
          {financeNote ? <FinanceNote note={financeNote} className="mt-6" /> : null}
        </section>
      </div>
    </div>
  );
}


export function meta(args: Route.MetaArgs) {
  const total = args.loaderData?.total;
  return routeMeta(args, {
    title: "New-car search",
    description:
      total !== undefined
        ? `Search ${total} new car models on sale in South Africa by brand, body type, fuel, gearbox, drive, price, seats and power, with rand prices.`
        : "Search every new car on sale in South Africa by brand, body type, fuel, gearbox, drive, price, seats and power.",
    canonicalPath: SEARCH_PATH,
  });
}
