import { Info } from "lucide-react";
import { Link } from "react-router";
import { usePrintedData } from "~/lib/printed-data";
import { type Crumb, Breadcrumbs } from "~/ui/breadcrumbs";
import { Pagination } from "~/ui/pagination";
import { ActiveFilterChips, SearchEmptyState, SearchNotices } from "~/ui/search-results";
import { StaticIsland } from "~/ui/static-island";
import {
  DIRECTORY_PAGE_SIZE,
  type DirectoryCard,
  type DirectoryPageData,
  directoryChips,
  directoryHeading,
  directorySearchUrl,
  hasDirectoryFilters,
  PRINTED_DIRECTORY_CARDS,
  withoutDirectoryFilters,
} from "../directory-params";
import { DirectoryCardView } from "./directory-card";
import { DirectoryFilters, DirectorySortSelect } from "./directory-filters";
import { groupDigits } from "~/lib/format";

// The dealer directory's page body, shared by /concessionnaires and the car guide's entry
// (/guide-auto/liste-des-concessionnaires): only the breadcrumb differs. Every link and the
// filter form lead to /concessionnaires, the canonical directory.

export function DirectoryView({ page, crumbs, currentPath }: { page: DirectoryPageData; crumbs: Crumb[]; currentPath: string }) {
  const { search, notices, total, facets, brandName, pageCount, pastEnd, canonicalUrl } = page;
  const printedCards = usePrintedData<DirectoryCard[]>(PRINTED_DIRECTORY_CARDS);
  const cards = page.cards ?? printedCards ?? [];
  const chips = directoryChips(search, (slug) => (slug === search.brand && brandName ? brandName : slug));
  const resetUrl = directorySearchUrl(withoutDirectoryFilters(search));
  const first = (search.page - 1) * DIRECTORY_PAGE_SIZE + 1;
  const last = Math.min(total, search.page * DIRECTORY_PAGE_SIZE);

  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={crumbs} currentPath={currentPath} />
      <div className="mt-4 mb-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{directoryHeading(search, brandName)}</h1>
        <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-400">
          Franchise and independent dealers across the nine provinces: the brands they sell, new or used, their services and how to reach them.
        </p>
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Info className="size-4 shrink-0" strokeWidth={1.75} aria-hidden="true" />
          The dealers marked “demo data” are examples generated for this site, not real businesses.
        </p>
      </div>

      <SearchNotices notices={notices} />

      <div className="grid gap-6 lg:grid-cols-[17rem_1fr] lg:gap-8">
        <aside aria-label="Filters">
          <DirectoryFilters search={search} facets={facets} total={total} activeCount={chips.length} />
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          {/* The no-script Sort button leaves once the app runs: on phones the sort has a line of
              its own and a fixed height, so nothing below moves. */}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:gap-3">
            <h2 id="results-heading" className="text-lg font-bold" aria-live="polite">
              {total === 0 ? (
                "No dealers"
              ) : pastEnd ? (
                "Dealers"
              ) : (
                <>
                  <span className="tabular">{groupDigits(total)}</span> {total === 1 ? "dealer" : "dealers"}
                  {pageCount > 1 ? (
                    <span className="font-normal text-slate-600 dark:text-slate-400">
                      {" "}
                      · <span className="tabular">{first}</span>–<span className="tabular">{last}</span>
                    </span>
                  ) : null}
                </>
              )}
            </h2>
            <DirectorySortSelect search={search} />
          </div>

          <ActiveFilterChips filters={chips} resetUrl={resetUrl} />

          {pastEnd && total > 0 ? (
            <SearchEmptyState title={`There is no page ${search.page}`}>
              <p>
                This list has {pageCount} {pageCount === 1 ? "page" : "pages"} of dealers.
              </p>
              <p className="mt-4 flex flex-wrap justify-center gap-3">
                <Link to={directorySearchUrl({ ...search, page: pageCount })} className="btn-primary">
                  Go to the last page
                </Link>
                <Link to={directorySearchUrl({ ...search, page: 1 })} className="btn-secondary">
                  Back to the first page
                </Link>
              </p>
            </SearchEmptyState>
          ) : total === 0 ? (
            <SearchEmptyState title={hasDirectoryFilters(search) ? "No dealer matches all these filters" : "The directory is empty"}>
              {hasDirectoryFilters(search) ? (
                <>
                  <p>Try loosening the search:</p>
                  <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label="Ways to widen the search">
                    {chips
                      .slice(-3)
                      .reverse()
                      .map((chip) => (
                        <li key={chip.key}>
                          <Link to={chip.url} className="btn-secondary">
                            Remove “{chip.label.replace(/^“|”$/g, "")}”
                          </Link>
                        </li>
                      ))}
                    <li>
                      <Link to={resetUrl} className="btn-primary">
                        Clear all filters
                      </Link>
                    </li>
                  </ul>
                </>
              ) : (
                <p>No dealer is listed yet. Come back soon.</p>
              )}
            </SearchEmptyState>
          ) : (
            <>
              {/* Not hydrated on the first load, and printed once per list of cards on the server (they
                  read nothing but the dealers: decision 012); a new search renders its own island. */}
              <StaticIsland printed key={canonicalUrl} id={`dealers-${canonicalUrl.replace(/[^a-z0-9]+/gi, "-")}`}>
                <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="dealer-results">
                  {cards.map((dealer) => (
                    <li key={dealer.id} className="flex">
                      <DirectoryCardView dealer={dealer} />
                    </li>
                  ))}
                </ul>
              </StaticIsland>
              <Pagination page={search.page} pageCount={pageCount} hrefFor={(n) => directorySearchUrl({ ...search, page: n })} label="Pages of dealers" />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
