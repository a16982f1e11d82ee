import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { pageList } from "./page-list";

/** Page numbers as plain links (crawlers follow them; no JavaScript needed), with previous and next. */
export function Pagination({ page, pageCount, hrefFor, label }: { page: number; pageCount: number; hrefFor: (page: number) => string; label: string }) {
  if (pageCount <= 1) return null;
  const item = "inline-flex min-h-10 min-w-10 items-center justify-center rounded-[var(--radius-control)] px-3 py-2 text-sm font-semibold";
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} className={`${item} gap-1 hover:bg-slate-100 dark:hover:bg-slate-800`} rel="prev">
              <ChevronLeft className="size-4" strokeWidth={1.75} aria-hidden="true" /> Previous
            </Link>
          </li>
        ) : null}
        {pageList(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="px-1 text-slate-600 dark:text-slate-400" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className={`${item} tabular bg-primary-600 text-white`}>
                  <span className="sr-only">Page </span>
                  {n}
                </span>
              ) : (
                <Link to={hrefFor(n)} className={`${item} tabular hover:bg-slate-100 dark:hover:bg-slate-800`}>
                  <span className="sr-only">Page </span>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} className={`${item} gap-1 hover:bg-slate-100 dark:hover:bg-slate-800`} rel="next">
              Next <ChevronRight className="size-4" strokeWidth={1.75} aria-hidden="true" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
