import { Link } from "react-router";
import { pageList } from "./page-list";
import { Icon } from "~/ui/icon";

/** Page numbers as plain links (crawlers follow them; no JavaScript needed), with previous and next. */
export function Pagination({ page, pageCount, hrefFor, label }: { page: number; pageCount: number; hrefFor: (page: number) => string; label: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} className="page-link" rel="prev">
              <Icon name="chevron-left" className="size-4" /> Previous
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
                <span aria-current="page" className="page-current">
                  <span className="sr-only">Page </span>
                  {n}
                </span>
              ) : (
                <Link to={hrefFor(n)} className="page-link">
                  <span className="sr-only">Page </span>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} className="page-link" rel="next">
              Next <Icon name="chevron-right" className="size-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
