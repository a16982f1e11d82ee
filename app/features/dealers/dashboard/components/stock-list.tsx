import { Clock, Eye, Heart, ImageOff, MessageSquare, Pencil, Phone } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { dealerDashboardUrl } from "~/features/dealer-accounts/urls";
import { findColour } from "~/features/marketplace/vocabulary";
import { formatPrice } from "~/lib/format";
import { CarIllustration } from "~/ui/car-illustration";
import { bulkIntentLabels, bulkIntents, stockSearch, type StockQuery } from "../dashboard-rules";
import type { StockRow } from "../stock-page.server";

// The dealer's stock as a list of ticked rows inside one plain POST form: the bulk buttons at the
// top send the ticked ads' ids (works without scripts; with them, "Select all" appears). It posts
// to `?index`: the dashboard's address without it is the layout route, which has no action.

const statusTone: Record<StockRow["status"], string> = {
  published: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  paused: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  sold: "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900",
  expired: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
  draft: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  removed: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  under_review: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-ZA")} ${n === 1 ? one : many}`;

function StockItem({ ad }: { ad: StockRow }) {
  const headingId = `stock-ad-${ad.id}`;
  return (
    <li className="card grid grid-cols-[auto_5.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 p-3 sm:grid-cols-[auto_9rem_minmax(0,1fr)] sm:gap-x-4 sm:p-4" data-testid="stock-ad" data-ad-id={ad.id} data-status={ad.status}>
      <div className="pt-1">
        <input type="checkbox" name="adId" value={ad.id} aria-labelledby={`select-${ad.id} ${headingId}`} className="size-5 accent-primary-600" />
        <span id={`select-${ad.id}`} className="sr-only">
          Select
        </span>
      </div>
      <div className="relative aspect-[4/3] self-start overflow-hidden rounded-[var(--radius-control)] bg-slate-100 dark:bg-slate-800">
        {ad.cover ? (
          <img src={ad.cover.src} width={ad.cover.width} height={ad.cover.height} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
        ) : (
          <CarIllustration bodyType={ad.bodyType} colour={findColour(ad.colour)?.hex ?? "#94a3b8"} className="h-full w-full p-2" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-col-reverse items-start gap-1 sm:flex-row sm:justify-between sm:gap-3">
          <h2 id={headingId} className="min-w-0 leading-snug font-bold break-words sm:text-lg">
            {ad.path ? (
              <Link to={ad.path} className="hover:underline">
                {ad.title}
              </Link>
            ) : (
              ad.title
            )}
          </h2>
          <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide whitespace-nowrap uppercase ${statusTone[ad.status]}`} data-testid="stock-ad-status">
            <span className="sr-only">Status: </span>
            {ad.statusLabel}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="tabular text-lg font-extrabold">{formatPrice(ad.priceZar, { withCurrency: true })}</p>
          {ad.rating ? (
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-bold ${ad.rating.high ? "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100" : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"}`}
              data-testid="stock-ad-rating"
            >
              {ad.rating.label}
            </span>
          ) : null}
          {ad.stockNumber ? <span className="text-sm text-slate-700 dark:text-slate-300">Stock no. {ad.stockNumber}</span> : null}
        </div>
      </div>
      <div className="col-span-3 flex min-w-0 flex-col gap-2 sm:col-span-1 sm:col-start-3">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300" aria-label="Figures" data-testid="stock-ad-figures">
          <li className="inline-flex items-center gap-1.5">
            <Eye aria-hidden="true" className="size-4" strokeWidth={1.75} />
            {count(ad.viewCount, "view", "views")}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <MessageSquare aria-hidden="true" className="size-4" strokeWidth={1.75} />
            {count(ad.contactCount, "message", "messages")}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Phone aria-hidden="true" className="size-4" strokeWidth={1.75} />
            {count(ad.phoneRevealCount, "phone reveal", "phone reveals")}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Heart aria-hidden="true" className="size-4" strokeWidth={1.75} />
            {count(ad.favouriteCount, "favourite", "favourites")}
          </li>
        </ul>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          {ad.daysOnMarket ? (
            <span className="inline-flex items-center gap-1.5 font-semibold text-slate-800 dark:text-slate-200" data-testid="stock-ad-days">
              <Clock aria-hidden="true" className="size-4" strokeWidth={1.75} />
              {ad.daysOnMarket}
            </span>
          ) : null}
          {ad.timeLine ? <span>{ad.timeLine}</span> : null}
          {ad.photoCount === 0 ? (
            <span className="inline-flex items-center gap-1.5 font-semibold text-amber-800 dark:text-amber-300">
              <ImageOff aria-hidden="true" className="size-4" strokeWidth={1.75} />
              No photos
            </span>
          ) : null}
          {ad.editPath ? (
            <Link to={ad.editPath} className="link inline-flex items-center gap-1" aria-describedby={headingId}>
              <Pencil aria-hidden="true" className="size-3.5" strokeWidth={1.75} />
              Edit
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export function StockList({ dealerId, rows, query, hydrated }: { dealerId: number; rows: StockRow[]; query: StockQuery; hydrated: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.has("adId");
  const selectAll = (event: React.ChangeEvent<HTMLInputElement>) => {
    for (const box of formRef.current?.querySelectorAll<HTMLInputElement>('input[name="adId"]') ?? []) box.checked = event.target.checked;
  };
  return (
    <Form ref={formRef} method="post" action={`${dealerDashboardUrl(dealerId)}?index`} className="flex flex-col gap-3" aria-label="Your stock">
      <input type="hidden" name="back" value={stockSearch(query).replace(/^\?/, "")} />
      <div className="flex flex-wrap items-center gap-2 rounded-[var(--radius-control)] border border-slate-200 bg-slate-50 p-2.5 dark:border-slate-800 dark:bg-slate-900" role="group" aria-label="Bulk actions">
        {hydrated ? (
          <label className="mr-2 inline-flex items-center gap-2 text-sm font-semibold">
            <input type="checkbox" onChange={selectAll} className="size-5 accent-primary-600" />
            Select all on this page
          </label>
        ) : null}
        <span className="text-sm text-slate-700 dark:text-slate-300">With the ticked ads:</span>
        {bulkIntents.map((intent) => (
          <button key={intent} type="submit" name="intent" value={intent} className="btn-secondary px-3 py-1.5" disabled={busy}>
            {bulkIntentLabels[intent]}
          </button>
        ))}
      </div>
      <ul className="flex flex-col gap-3" aria-label="Ads">
        {rows.map((ad) => (
          <StockItem key={ad.id} ad={ad} />
        ))}
      </ul>
    </Form>
  );
}
