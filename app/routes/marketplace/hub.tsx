import { CarFront, MapPin, Tag, Wallet } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/hub";
import { currentUser } from "~/features/accounts/accounts.server";
import { AdCardItem } from "~/features/marketplace/components/ad-card-item";
import { submitStaticFavourite } from "~/features/marketplace/ad-page/components/favourite-toggle";
import { StaticIsland } from "~/ui/static-island";
import { savedAdIds } from "~/features/marketplace/ad-page/favourites.server";
import { DemoDataNote } from "~/features/marketplace/components/demo-note";
import { QuickSearch } from "~/features/marketplace/search/components/quick-search";
import { SellCarLink } from "~/features/marketplace/selling/components/sell-car-link";
import { SafetyTips } from "~/features/marketplace/components/safety-tips";
import { type HubLink, marketplaceHub } from "~/features/marketplace/hub.server";
import { MARKETPLACE_PATH, MARKETPLACE_SEARCH_PATH, VALUATION_PATH } from "~/features/marketplace/urls";
import { livePageHeaders } from "~/lib/http-cache";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { PageQueryHandle } from "~/lib/page-query";
import { groupDigits } from "~/lib/format";
import { usePrintedData } from "~/lib/printed-data";
import { forPrintingOnly } from "~/lib/printed-data.server";
import type { AdCardData } from "~/features/marketplace/types";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { withInstalments } from "~/features/ownership-costs/finance-estimate";
import { FinanceNote } from "~/ui/finance-note";

// Live marketplace data: a shared cache keeps it seconds, so a new or sold ad shows quickly.
export const headers = livePageHeaders;
export const handle: PageQueryHandle = { query: [] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const [hub, user, finance] = await Promise.all([marketplaceHub(), currentUser(request), currentFinanceSummary()]);
  // A signed-in shopper sees the hearts of the ads they saved filled in.
  const savedIds = [...(await savedAdIds(user?.id, hub.newest.map((ad) => ad.id)))];
  // The browser does not read these on the first load: the newest ads are printed in their island,
  // and the quick search fetches the models of a make when one is chosen (forPrintingOnly: a
  // client-side navigation gets them as usual).
  const { quick, ...rest } = hub;
  // Each card's instalment estimate, its assumptions stated once under them (issue 47).
  const newest = withInstalments(hub.newest, finance?.terms);
  return {
    ...rest,
    newest: forPrintingOnly(context, PRINTED_HUB_ADS, newest) ?? null,
    financeNote: finance && newest.some((ad) => ad.instalment) ? finance.note : null,
    quick: { ...quick, models: forPrintingOnly(context, "hub-quick-models", quick.models) ?? null },
    savedIds,
    signedIn: user !== null,
  };
}

/** The key under which the hub's loader keeps its newest ads for printing only (lib/printed-data). */
const PRINTED_HUB_ADS = "hub-newest-ads";

const count = (n: number) => groupDigits(n);

function LinkList({ id, title, Icon, links }: { id: string; title: string; Icon: typeof Tag; links: HubLink[] }) {
  return (
    <section aria-labelledby={id} className="card p-5">
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
        <Icon className="size-5 text-primary-600" strokeWidth={1.75} aria-hidden="true" />
        {title}
      </h2>
      <ul className="mt-3 grid gap-x-4 sm:grid-cols-2">
        {links.map((l) => (
          <li key={l.url}>
            <Link to={l.url} className="flex items-center justify-between gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
              <span className="font-medium">{l.label}</span>
              <span className="tabular text-slate-600 dark:text-slate-400">{count(l.count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function MarketplaceHub({ loaderData }: Route.ComponentProps) {
  const { total, quick, bodies, budgets, makes, provinces, savedIds } = loaderData;
  const printedAds = usePrintedData<AdCardData[]>(PRINTED_HUB_ADS);
  const newest = loaderData.newest ?? printedAds ?? [];
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Used cars" }]} currentPath={MARKETPLACE_PATH} />
      <header className="mt-4 mb-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Used cars for sale in South Africa</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          <span className="tabular">{count(total)}</span> cars from private sellers and dealers, priced against similar ads wherever there are enough to compare.
        </p>
        <DemoDataNote className="mt-2" />
      </header>

      <QuickSearch data={quick} total={total} />

      <section aria-labelledby="newest-heading" className="mt-10">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="newest-heading" className="text-2xl font-extrabold tracking-tight">
            Newest ads
          </h2>
          <Link to={MARKETPLACE_SEARCH_PATH} className="link text-sm font-semibold">
            See all {count(total)} ads
          </Link>
        </div>
        {/* Printed, not hydrated, on the first load (the page's start-up work on phones). */}
        <StaticIsland id="hub-newest-ads" onSubmit={submitStaticFavourite}>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {newest.map((ad, i) => (
              <AdCardItem key={ad.id} className="flex" ad={ad} priority={i < 2} saved={savedIds.includes(ad.id)} />
            ))}
          </ul>
        </StaticIsland>
        {loaderData.financeNote ? <FinanceNote note={loaderData.financeNote} className="mt-3" /> : null}
      </section>

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <LinkList id="bodies-heading" title="By body type" Icon={CarFront} links={bodies} />
        <LinkList id="budgets-heading" title="By budget" Icon={Wallet} links={budgets} />
        <LinkList id="makes-heading" title="Most listed makes" Icon={Tag} links={makes} />
        <LinkList id="provinces-heading" title="By province" Icon={MapPin} links={provinces} />
      </div>

      <div className="mt-10 grid gap-6 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="sell-heading" className="card flex flex-col items-start gap-3 bg-primary-50 p-5 dark:bg-primary-950">
          <h2 id="sell-heading" className="text-lg font-bold">
            Selling your car?
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">Post a free ad with photos in a few minutes; buyers contact you without seeing your email address.</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <Link to={VALUATION_PATH} className="link font-semibold">
              What is my car worth?
            </Link>{" "}
            A price range from similar cars for sale here.
          </p>
          <SellCarLink signedIn={loaderData.signedIn} className="btn-primary mt-auto">
            Sell my car
          </SellCarLink>
        </section>
        <SafetyTips />
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const total = args.loaderData?.total;
  return routeMeta(args, {
    title: "Used cars for sale",
    description:
      total !== undefined
        ? `${count(total)} used cars for sale in South Africa from private sellers and dealers: search by make, model, price, year, mileage and province.`
        : "Used cars for sale in South Africa from private sellers and dealers.",
    canonicalPath: MARKETPLACE_PATH,
  });
}
