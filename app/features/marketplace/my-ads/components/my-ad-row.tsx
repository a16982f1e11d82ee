import { Clock, Eye, Heart, MessageSquare, Phone } from "lucide-react";
import type { FetcherWithComponents } from "react-router";
import { Link } from "react-router";
import { formatPrice } from "~/lib/format";
import { CarIllustration } from "~/ui/car-illustration";
import type { MyAdRow as Row } from "../my-ads-actions.server";
import { DELETE_STEP_PARAM, editAdPath, MY_ADS_PATH, type MyAdButton, type MyAdIntent, SCRIPTED_FIELD } from "../my-ads-rules";
import { adStatusLabels, findColour } from "../../vocabulary";
import { PriceReduced } from "../../pricing/components/price-reduced";

// One of the seller's ads in My ads: cover, title, status, price, figures, time left and the
// buttons its status allows. Each button is a small POST form: with scripts it goes through the
// page's fetcher (a toast answers), without scripts the page reloads with a banner.

const statusTone: Record<Row["status"], string> = {
  published: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  paused: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  sold: "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900",
  expired: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
  draft: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  removed: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  under_review: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
};

const buttonLabels: Record<Exclude<MyAdButton, "delete">, string> = {
  edit: "Edit",
  sold: "Mark as sold",
  renew: "Renew",
  pause: "Pause",
  unpause: "Put back on sale",
  "review-again": "I have fixed it, review again",
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-ZA")} ${n === 1 ? one : many}`;

export function MyAdRow({
  ad,
  fetcher,
  scripted,
  onDelete,
}: {
  ad: Row;
  fetcher: FetcherWithComponents<unknown>;
  /** Once scripts run: forms answer through the fetcher with scripted=1. */
  scripted: boolean;
  /** Opens the confirm dialog (scripts); without them Delete is a link to the confirm step. */
  onDelete: (ad: Row) => void;
}) {
  const headingId = `my-ad-${ad.id}`;
  const pendingIntent = fetcher.state !== "idle" && fetcher.formData?.get("adId") === String(ad.id) ? String(fetcher.formData.get("intent")) : null;
  const action = (intent: Exclude<MyAdIntent, "delete">, primary: boolean) => (
    <fetcher.Form key={intent} method="post" action={MY_ADS_PATH}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="adId" value={ad.id} />
      {scripted ? <input type="hidden" name={SCRIPTED_FIELD} value="1" /> : null}
      <button
        type="submit"
        className={`${primary ? "btn-primary" : "btn-secondary"} px-3 py-2`}
        disabled={pendingIntent !== null}
        aria-busy={pendingIntent === intent || undefined}
        aria-describedby={headingId}
      >
        {buttonLabels[intent]}
      </button>
    </fetcher.Form>
  );
  return (
    /* Phones: a small photo beside the title and price, figures and buttons below across the card;
       wider: the photo in its own column. */
    <li
      className="card grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-3 p-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-x-5 sm:p-5"
      data-testid="my-ad"
      data-ad-id={ad.id}
      data-status={ad.status}
    >
      <div className="relative aspect-[4/3] self-start overflow-hidden rounded-[var(--radius-control)] bg-slate-100 sm:row-span-2 dark:bg-slate-800">
        {ad.cover ? (
          <img src={ad.cover.src} width={ad.cover.width} height={ad.cover.height} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
        ) : (
          <CarIllustration bodyType={ad.bodyType} colour={findColour(ad.colour)?.hex ?? "#94a3b8"} className="h-full w-full p-3" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-col-reverse items-start gap-1.5 sm:flex-row sm:justify-between sm:gap-4">
          <h2 id={headingId} className="min-w-0 text-base leading-snug font-bold break-words sm:text-lg">
            {ad.path ? (
              <Link to={ad.path} className="hover:underline">
                {ad.title}
              </Link>
            ) : (
              ad.title
            )}
          </h2>
          <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide whitespace-nowrap uppercase ${statusTone[ad.status]}`} data-testid="my-ad-status">
            <span className="sr-only">Status: </span>
            {adStatusLabels[ad.status]}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="tabular text-lg font-extrabold sm:text-xl">{formatPrice(ad.priceZar, { withCurrency: true })}</p>
          <PriceReduced priceZar={ad.priceZar} previousPriceZar={ad.previousPriceZar} />
        </div>
        {ad.worth ? (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="my-ad-worth">
            {ad.worth.line}{" "}
            <Link to={ad.worth.url} className="link whitespace-nowrap">
              See the valuation
            </Link>
          </p>
        ) : null}
      </div>
      <div className="col-span-2 flex min-w-0 flex-col gap-2 sm:col-span-1 sm:col-start-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300" aria-label="Figures" data-testid="my-ad-figures">
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
        {ad.timeLine || ad.publishedOn ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            {ad.timeLine ? (
              <span className={`inline-flex items-center gap-1.5 font-semibold ${ad.status === "expired" ? "text-red-800 dark:text-red-300" : "text-slate-800 dark:text-slate-200"}`} data-testid="my-ad-time">
                <Clock aria-hidden="true" className="size-4" strokeWidth={1.75} />
                {ad.timeLine}
              </span>
            ) : null}
            {ad.publishedOn ? <span>Published on {ad.publishedOn}</span> : null}
          </p>
        ) : null}
        {ad.review ? (
          <div className="rounded-[var(--radius-control)] border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100" data-testid="my-ad-review">
            <p className="font-semibold">Buyers reported this ad, so it is hidden until a person on our team has looked at it.</p>
            {ad.review.reasons.length > 0 ? (
              <>
                <p className="mt-1">What they said:</p>
                <ul className="mt-1 list-disc pl-5">
                  {ad.review.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <p className="mt-1">
              {ad.review.requested
                ? "You asked us to review it again: it is first in our queue, and we will mail you the outcome."
                : "Correct what is wrong with Edit, then ask us to review it again."}
            </p>
          </div>
        ) : null}
        {ad.buttons.length > 0 ? (
          <div className="mt-1 flex flex-wrap items-center gap-2">
            {ad.buttons.map((button, index) =>
              button === "edit" ? (
                // FORM's edit entry: a POST that opens (or resumes) the edit draft of this ad.
                <form key="edit" method="post" action={editAdPath(ad.id)}>
                  <button type="submit" className="btn-secondary px-3 py-2" aria-describedby={headingId}>
                    Edit
                  </button>
                </form>
              ) : button === "delete" ? (
                <Link
                  key="delete"
                  to={`${MY_ADS_PATH}?${DELETE_STEP_PARAM}=${ad.id}`}
                  className="btn ml-auto px-3 py-2 text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950/40"
                  aria-describedby={headingId}
                  onClick={(event) => {
                    if (!scripted || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    onDelete(ad);
                  }}
                >
                  Delete
                </Link>
              ) : (
                action(button, index === 0)
              ),
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}
