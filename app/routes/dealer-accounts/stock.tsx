import { CarFront, CircleAlert, Plus, Upload } from "lucide-react";
import { Link } from "react-router";
import { ThirtyDays } from "~/features/dealers/dashboard/components/thirty-days";
import { StockList } from "~/features/dealers/dashboard/components/stock-list";
import { stockFilterLabels, stockFilters, stockSearch } from "~/features/dealers/dashboard/dashboard-rules";
import { stockAction, stockLoader } from "~/features/dealers/dashboard/stock-page.server";
import { dealerDashboardUrl } from "~/features/dealer-accounts/urls";
import { FormSuccess } from "~/ui/form";
import { useHydrated } from "~/ui/use-hydrated";
import type { Route } from "./+types/stock";

// /mon-compte/concession/{dealerId}: the dealer's 30 days and its stock with filters, paging and
// bulk actions (feature: app/features/dealers/dashboard/stock-page.server.ts).

export async function loader({ request, params }: Route.LoaderArgs) {
  return stockLoader(request, params);
}

export async function action({ request, params }: Route.ActionArgs) {
  return stockAction(request, params);
}

export default function DealerStock({ loaderData, actionData }: Route.ComponentProps) {
  const { dealerId, query, counts, rows, pageCount, notice, sellPath, feedPath, picture } = loaderData;
  const hydrated = useHydrated();
  const here = dealerDashboardUrl(dealerId);
  const pageLink = (page: number) => `${here}${stockSearch({ ...query, page })}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Stock</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={feedPath} className="btn-secondary">
            <Upload aria-hidden="true" className="size-4" strokeWidth={2} />
            Stock feed
          </Link>
          <Link to={sellPath} className="btn-primary">
            <Plus aria-hidden="true" className="size-4" strokeWidth={2} />
            Add a car
          </Link>
        </div>
      </div>

      {notice && !actionData ? <FormSuccess>{notice}</FormSuccess> : null}
      {actionData && !actionData.ok ? (
        <div role="alert" className="flex items-start gap-2 rounded-[var(--radius-control)] border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
          <p>{actionData.message}</p>
        </div>
      ) : null}

      <ThirtyDays days={picture.days} weeks={picture.weeks} />

      {counts.all === 0 ? (
        <div className="card flex flex-col items-start gap-3 p-6" data-testid="stock-empty">
          <CarFront aria-hidden="true" className="size-8 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
          <p className="text-lg font-semibold">No cars in your stock yet</p>
          <p className="text-slate-700 dark:text-slate-300">Add your cars one by one, or send us your stock feed and we keep your ads in step with it.</p>
          <div className="flex flex-wrap gap-2">
            <Link to={sellPath} className="btn-primary">
              Add a car
            </Link>
            <Link to={feedPath} className="btn-secondary">
              Set up the stock feed
            </Link>
          </div>
        </div>
      ) : (
        <section aria-labelledby="stock-list" className="flex flex-col gap-3">
          <h2 id="stock-list" className="text-lg font-bold">
            Your ads
          </h2>
          <nav aria-label="Filter your ads">
            <ul className="flex flex-wrap gap-2">
              {stockFilters.map((filter) => {
                const active = filter === query.filter;
                return (
                  <li key={filter}>
                    <Link
                      to={`${here}${stockSearch({ filter, page: 1 })}`}
                      aria-current={active ? "page" : undefined}
                      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold ${
                        active
                          ? "border-primary-700 bg-primary-700 text-white dark:border-primary-300 dark:bg-primary-300 dark:text-slate-950"
                          : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
                      }`}
                    >
                      {stockFilterLabels[filter]}
                      <span className="tabular">({counts[filter].toLocaleString("en-ZA")})</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {rows.length === 0 ? (
            <p className="card p-5 text-slate-700 dark:text-slate-300" data-testid="stock-filter-empty">
              No ads under “{stockFilterLabels[query.filter]}”.{" "}
              <Link to={here} className="link">
                See all your ads
              </Link>
            </p>
          ) : (
            <StockList dealerId={dealerId} rows={rows} query={query} hydrated={hydrated} />
          )}
          {pageCount > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
              {query.page > 1 ? (
                <Link to={pageLink(query.page - 1)} className="btn-secondary" rel="prev">
                  Previous page
                </Link>
              ) : (
                <span />
              )}
              <p>
                Page {query.page} of {pageCount}
              </p>
              {query.page < pageCount ? (
                <Link to={pageLink(query.page + 1)} className="btn-secondary" rel="next">
                  Next page
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}
