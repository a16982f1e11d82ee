import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { pageList } from "../facets";
import { type SearchState, searchUrl } from "../schemas";

/** Page numbers as plain links (crawlers follow them; no JavaScript needed). */
export function Pagination({ state, pageCount }: { state: SearchState; pageCount: number }) {
  if (pageCount <= 1) return null;
  const current = state.page;
  const to = (page: number) => searchUrl({ ...state, page });
  const item = "inline-flex min-w-10 items-center justify-center rounded-[var(--radius-control)] px-3 py-2 text-sm font-semibold";
  return (
    <nav aria-label="Pages of results" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {current > 1 ? (
          <li>
            <Link to={to(current - 1)} className={`${item} gap-1 hover:bg-slate-100 dark:hover:bg-slate-800`} rel="prev">
              <ChevronLeft className="size-4" strokeWidth={1.75} aria-hidden="true" /> Previous
            </Link>
          </li>
        ) : null}
        {pageList(current, pageCount).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="px-1 text-slate-600 dark:text-slate-400" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              {page === current ? (
                <span aria-current="page" className={`${item} tabular bg-primary-600 text-white`}>
                  <span className="sr-only">Page </span>
                  {page}
                </span>
              ) : (
                <Link to={to(page)} className={`${item} tabular hover:bg-slate-100 dark:hover:bg-slate-800`}>
                  <span className="sr-only">Page </span>
                  {page}
                </Link>
              )}
            </li>
          ),
        )}
        {current < pageCount ? (
          <li>
            <Link to={to(current + 1)} className={`${item} gap-1 hover:bg-slate-100 dark:hover:bg-slate-800`} rel="next">
              Next <ChevronRight className="size-4" strokeWidth={1.75} aria-hidden="true" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
