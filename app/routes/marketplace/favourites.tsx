import { Heart, TrendingDown, TrendingUp } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { requireUser } from "~/features/accounts/accounts.server";
import { AdCard } from "~/features/marketplace/components/ad-card";
import { priceChangeSentence } from "~/features/marketplace/ad-page/favourite-rules";
import { favouritesOf } from "~/features/marketplace/ad-page/favourites.server";
import { type PriceDropMailsAnswer, priceDropMailsAction } from "~/features/marketplace/ad-page/price-drop-actions.server";
import { priceDropMailsOn } from "~/features/marketplace/ad-page/price-drop-mails.server";
import { priceDropSentence } from "~/features/marketplace/pricing/price-history";
import { FAVOURITE_ACTION, FAVOURITES_PATH, MARKETPLACE_SEARCH_PATH } from "~/features/marketplace/urls";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { MailSwitchButton } from "~/ui/mail-switch";
import type { Route } from "./+types/favourites";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { withInstalments } from "~/features/ownership-costs/finance-estimate";
import { FinanceNote } from "~/ui/finance-note";

// /mon-compte/favoris: the signed-in user's saved ads, with how each price moved since it was
// saved and its latest drop; sold ones marked, removed or expired ones listed as no longer
// available; and the switch of the daily price-drop mails (a plain POST form, in place with scripts).

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [favourites, mailsOn, finance] = await Promise.all([favouritesOf(user.id), priceDropMailsOn(user.id), currentFinanceSummary()]);
  // The cars still for sale get their instalment estimate, its assumptions stated once (issue 47).
  const withEstimates = favourites.map((f) => (f.available && f.ad.status !== "sold" ? { ...f, ad: withInstalments([f.ad], finance?.terms)[0]! } : f));
  // "Today" from the server, so the dates' years read the same in the browser.
  return {
    favourites: withEstimates,
    financeNote: finance && withEstimates.some((f) => f.ad.instalment) ? finance.note : null,
    mailsOn,
    today: new Date().toISOString(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  return priceDropMailsAction(request, context, user.id);
}

function PriceDropMailsSwitch({ mailsOn }: { mailsOn: boolean }) {
  const fetcher = useFetcher<PriceDropMailsAnswer>();
  // Shown as asked at once; the page's next load confirms it.
  const pending = fetcher.formData?.get("mails");
  const on = pending ? pending === "on" : mailsOn;
  return (
    <fetcher.Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="drop-mails" />
      <input type="hidden" name="mails" value={on ? "off" : "on"} />
      <MailSwitchButton on={on} label="Mail me when a favourite's price drops" onText="Price-drop mails on (one a day at most)" offText="Price-drop mails off" />
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-400">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function RemoveButton({ adId, title }: { adId: number; title: string }) {
  // A plain form (the page reloads with the list): works the same with or without scripts.
  return (
    <form method="post" action={FAVOURITE_ACTION}>
      <input type="hidden" name="adId" value={adId} />
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="redirectTo" value={FAVOURITES_PATH} />
      <button type="submit" className="link text-sm" aria-label={`Remove ${title} from your list`}>
        Remove
      </button>
    </form>
  );
}

export default function FavouritesPage({ loaderData }: Route.ComponentProps) {
  const { favourites, mailsOn, today } = loaderData;
  const available = favourites.filter((f) => f.available);
  const gone = favourites.filter((f) => !f.available);
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "My account", to: "/mon-compte" }, { label: "Favourites" }]} currentPath={FAVOURITES_PATH} />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Your favourites</h1>
      {favourites.length === 0 ? (
        <div className="card mt-6 flex flex-col items-start gap-3 p-6" data-testid="favourites-empty">
          <Heart aria-hidden="true" className="size-8 text-rose-600" strokeWidth={1.75} />
          <p className="text-lg font-semibold">No saved cars yet</p>
          <p className="text-slate-700 dark:text-slate-300">Press the heart on any used car to keep it here and follow its price.</p>
          <Link to={MARKETPLACE_SEARCH_PATH} className="btn-primary">
            Find used cars
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {favourites.length} saved {favourites.length === 1 ? "car" : "cars"}. Prices are compared with the price when you saved each one.
          </p>
          <PriceDropMailsSwitch mailsOn={mailsOn} />
          {available.length > 0 ? (
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Saved cars">
              {available.map((entry) => {
                const change = priceChangeSentence(entry.priceChange);
                const Trend = entry.priceChange < 0 ? TrendingDown : TrendingUp;
                return (
                  <li key={entry.ad.id} className="flex flex-col gap-2">
                    <AdCard ad={entry.ad} saved headingLevel={2} />
                    {entry.drop && entry.ad.status === "published" ? (
                      <p className="flex items-center gap-1.5 px-1 text-sm font-semibold text-emerald-800 dark:text-emerald-300" data-testid="favourite-drop">
                        <TrendingDown aria-hidden="true" className="size-4" strokeWidth={1.75} />
                        {priceDropSentence(entry.drop, today)}
                      </p>
                    ) : null}
                    <div className="flex items-center justify-between gap-3 px-1">
                      {change ? (
                        <p className={`flex items-center gap-1.5 text-sm font-semibold ${entry.priceChange < 0 ? "text-emerald-800 dark:text-emerald-300" : "text-amber-800 dark:text-amber-300"}`}>
                          <Trend aria-hidden="true" className="size-4" strokeWidth={1.75} />
                          {change}
                        </p>
                      ) : (
                        <p className="text-sm text-slate-600 dark:text-slate-400">{entry.ad.status === "sold" ? "Sold" : "Same price as when you saved it"}</p>
                      )}
                      <RemoveButton adId={entry.ad.id} title={entry.ad.title} />
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {loaderData.financeNote ? <FinanceNote note={loaderData.financeNote} className="mt-4" /> : null}
          {gone.length > 0 ? (
            <section aria-labelledby="gone-heading" className="mt-10">
              <h2 id="gone-heading" className="text-xl font-bold">
                No longer available
              </h2>
              <ul className="mt-3 divide-y divide-slate-200 rounded-[var(--radius-card)] border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {gone.map((entry) => (
                  <li key={entry.ad.id} className="flex items-center justify-between gap-4 p-4">
                    <span>
                      <span className="font-semibold">{entry.ad.title}</span>
                      <span className="block text-sm text-slate-600 dark:text-slate-400">This ad {entry.ad.status === "expired" ? "has expired" : "was removed"}.</span>
                    </span>
                    <RemoveButton adId={entry.ad.id} title={entry.ad.title} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Your favourites", description: "The used cars you saved on Voitura, with their price changes.", noindex: true });
}
