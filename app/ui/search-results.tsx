import { CircleAlert, SearchX, X } from "lucide-react";
import { Link } from "react-router";

// Pieces of the faceted searches' result column (new cars, used cars): the notices for search
// settings that could not be used, the active filters as removable chips, and the empty state.

/** Bad parameters dropped from the search, said on the page (never an error). */
export function SearchNotices({ notices }: { notices: readonly string[] }) {
  if (notices.length === 0) return null;
  return (
    <div role="status" className="mb-6 flex gap-3 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <CircleAlert className="size-5 shrink-0" strokeWidth={1.75} aria-hidden="true" />
      <div>
        <p className="font-semibold">Some of the search settings could not be used:</p>
        <ul className="mt-1 list-disc pl-5" data-testid="search-notices">
          {notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

interface ActiveFilter {
  key: string;
  label: string;
  /** The search without this filter. */
  url: string;
}

/** Each active filter as a chip that removes it, and "Reset all". */
export function ActiveFilterChips({ filters, resetUrl }: { filters: readonly ActiveFilter[]; resetUrl: string }) {
  if (filters.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2" aria-label="Active filters">
        {filters.map((chip) => (
          <li key={chip.key}>
            <Link
              to={chip.url}
              preventScrollReset
              className="inline-flex items-center gap-1 rounded-full border border-primary-200 bg-primary-50 py-1 pr-2 pl-3 text-sm font-medium text-primary-800 hover:bg-primary-100 dark:border-primary-800 dark:bg-primary-950 dark:text-primary-200"
              aria-label={`Remove filter: ${chip.label}`}
            >
              {chip.label}
              <X className="size-4" strokeWidth={1.75} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <Link to={resetUrl} className="link text-sm">
        Reset all
      </Link>
    </div>
  );
}

/** Nothing to show (no match, or a page past the last): why, and what to do (`children`). */
export function SearchEmptyState({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mt-6 rounded-[var(--radius-card)] border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
      <SearchX className="mx-auto size-10 text-slate-400" strokeWidth={1.5} aria-hidden="true" />
      <h3 className="mt-3 text-lg font-bold text-slate-900 dark:text-slate-100">{title}</h3>
      <div className="mt-2">{children}</div>
    </div>
  );
}
