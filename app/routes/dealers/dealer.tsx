import { data, type HeadersArgs, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { clipText } from "~/features/catalogue/page-rules";
import { DealerContactForm } from "~/features/dealers/components/dealer-contact-form";
import { DealerBrandsAndServices, DealerContactCard, DealerDescription, DealerHeading } from "~/features/dealers/components/dealer-details";
import { DealerOpeningHours } from "~/features/dealers/components/dealer-opening-hours";
import { DealerNewModels, DealerUsedAds, PRINTED_DEALER_ADS } from "~/features/dealers/components/dealer-stock";
import { DEALER_CONTACT_SENT_PARAM, topicsFor } from "~/features/dealers/dealer-contact";
import { dealerContactAction } from "~/features/dealers/dealer-contact-action.server";
import { dealerKindLabels } from "~/features/dealers/dealer-labels";
import { loadDealerPage } from "~/features/dealers/dealer-page.server";
import { dealerJsonLd } from "~/features/dealers/dealer-seo";
import { DealerRatingsSection } from "~/features/dealers/ratings/components/dealer-ratings-section";
import { RATINGS_PAGE_PARAM } from "~/features/dealers/ratings/urls";
import { DEALER_DIRECTORY_PATH, dealerDirectoryUrl } from "~/features/dealers/urls";
import { savedAdIds } from "~/features/marketplace/ad-page/favourites.server";
import { cityName, provinceName } from "~/lib/places";
import { captchaEnabled } from "~/lib/captcha.server";
import { PRIVATE_PAGE_CACHE_CONTROL, publicPageHeaders } from "~/lib/http-cache";
import { forPrintingOnly } from "~/lib/printed-data.server";
import { routeMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { JsonLd } from "~/ui/json-ld";
import type { Route } from "./+types/dealer";
import type { PageQueryHandle } from "~/lib/page-query";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { withInstalments } from "~/features/ownership-costs/finance-estimate";

export const handle: PageQueryHandle = { query: ["page", RATINGS_PAGE_PARAM, DEALER_CONTACT_SENT_PARAM] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [page, user, finance] = await Promise.all([loadDealerPage(request, params), currentUser(request), currentFinanceSummary()]);
  const saved = page.ads ? await savedAdIds(user?.id, page.ads.ads.map((ad) => ad.id)) : new Set<number>();
  const contactSent = new URL(request.url).searchParams.get(DEALER_CONTACT_SENT_PARAM) === "sent";
  // Each used car's instalment estimate, its assumptions stated once under the cards (issue 47).
  const cards = page.ads ? withInstalments(page.ads.ads, finance?.terms) : [];
  const body = {
    ...page,
    // The cards are printed into a static island: a document carries them as HTML only.
    ads: page.ads ? { ...page.ads, ads: forPrintingOnly(context, PRINTED_DEALER_ADS, cards) ?? null } : null,
    financeNote: finance && cards.some((ad) => ad.instalment) ? finance.note : null,
    savedIds: [...saved],
    captcha: captchaEnabled(),
    contactSent,
    topics: topicsFor(page.dealer),
    // The structured data's holiday hours start from the render's day (the browser reuses it).
    renderedAt: new Date().toISOString(),
  };
  // The "message sent" page is this visitor's alone: never kept by a shared cache.
  return data(body, { headers: contactSent ? { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL } : undefined });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return dealerContactAction(request, context, params);
}

// The contact form answers in place: the page keeps what it shows, no reload of the dealer.
export function shouldRevalidate({ formMethod, formAction, currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod === "POST" && formAction && new URL(formAction, currentUrl).pathname === currentUrl.pathname) return false;
  return defaultShouldRevalidate;
}

// Public and cached: the page holds nothing per visitor ("open now" is worked out in the browser).
export function headers({ loaderHeaders }: HeadersArgs): HeadersInit {
  const own = loaderHeaders.get("Cache-Control");
  return own ? { "Cache-Control": own } : publicPageHeaders();
}

export default function DealerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { dealer, brands, newModels, ads, ratings, canonicalPath, savedIds, captcha, contactSent, topics, renderedAt } = loaderData;
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const origin = root?.origin ?? site.url;
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[
          { label: "Dealers", to: DEALER_DIRECTORY_PATH },
          { label: provinceName(dealer.province), to: dealerDirectoryUrl({ province: dealer.province }) },
          { label: dealer.name },
        ]}
        currentPath={canonicalPath}
      />
      <JsonLd data={dealerJsonLd({ origin, canonicalPath, now: new Date(renderedAt), dealer, brands, ratings: ratings.summary })} />

      {/* The parts stand in a phone's reading order, so a page arriving in pieces never paints a
          part and then pushes it down with one above it; wide screens float the contact card and
          form to the right of the rest (decision 028). The description opens the second left
          block, not the first: a float cannot start above an earlier one, so a long description
          beside the contact card would have held the form down, leaving a gap under the card. */}
      <div className="mt-4 flex flex-col gap-8 lg:flow-root">
        <div className="lg:float-left lg:w-[calc(100%-24.5rem)]">
          <DealerHeading dealer={dealer} />
        </div>

        <div className="lg:float-right lg:w-[22rem]">
          <DealerContactCard dealer={dealer} />
        </div>

        <div className="flex flex-col gap-8 lg:float-left lg:clear-left lg:mt-10 lg:w-[calc(100%-24.5rem)] lg:gap-10">
          {dealer.description ? <DealerDescription dealer={dealer} /> : null}
          <div className="flex flex-col gap-8 lg:grid lg:grid-cols-2">
            <section aria-labelledby="dealer-hours-heading">
              <h2 id="dealer-hours-heading" className="mb-3 text-xl font-bold tracking-tight">
                Opening hours
              </h2>
              <DealerOpeningHours hours={dealer.openingHours} phone={dealer.phone} />
            </section>
            <DealerBrandsAndServices dealer={dealer} brands={brands} />
          </div>
          {newModels.length > 0 ? <DealerNewModels dealerId={dealer.id} dealerName={dealer.name} brands={brands} models={newModels} /> : null}
          {ads ? <DealerUsedAds dealerName={dealer.name} ads={ads} canonicalPath={canonicalPath} savedIds={savedIds} financeNote={loaderData.financeNote} /> : null}
          <DealerRatingsSection dealer={dealer} ratings={ratings} />
        </div>

        {dealer.email ? (
          <section id="dealer-contact" aria-labelledby="dealer-contact-heading" className="card scroll-mt-24 p-5 lg:float-right lg:clear-right lg:mt-6 lg:w-[22rem]">
            <h2 id="dealer-contact-heading" className="text-lg font-bold">
              Write to {dealer.name}
            </h2>
            <DealerContactForm dealerName={dealer.name} topics={topics} captcha={captcha} pageAnswer={actionData} sentWithoutScripts={contactSent} />
          </section>
        ) : null}
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [];
  const { dealer, brands, ads } = page;
  const town = cityName(dealer.city);
  const stock = dealer.sellsNew && dealer.sellsUsed ? "new and used cars" : dealer.sellsNew ? "new cars" : "used cars";
  const facts = [
    `${dealer.name}, ${dealerKindLabels[dealer.kind].toLowerCase()} in ${[dealer.suburb, town].filter(Boolean).join(", ")} (${provinceName(dealer.province)}): `,
    "address, phone, opening hours",
    brands.length ? `, ${brands.map((b) => b.name).join(", ")}` : "",
    dealer.sellsNew && page.newModels.length ? ", new-car prices" : "",
    ads && ads.total ? ` and ${ads.total} used ${ads.total === 1 ? "car" : "cars"} for sale.` : ".",
  ].join("");
  return routeMeta(args, {
    title: `${dealer.name}: ${stock} in ${town}`,
    description: clipText(facts, 300),
    canonicalPath: ads && ads.page > 1 ? `${page.canonicalPath}?page=${ads.page}` : page.canonicalPath,
  });
}
