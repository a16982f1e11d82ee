import { data, type HeadersArgs, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { CONTACT_SENT_PARAM } from "~/features/marketplace/ad-page/ad-actions";
import { PUBLISHED_NOTICE_PARAM, publishedNotice } from "~/features/marketplace/selling/ad-draft-steps";
import { adPageStatus, loadAdPage } from "~/features/marketplace/ad-page/ad-page.server";
import { adPageAction } from "~/features/marketplace/ad-page/ad-page-actions.server";
import { adPageDescription, adPageTitle } from "~/features/marketplace/ad-page/ad-seo";
import { AdGone } from "~/features/marketplace/ad-page/components/ad-gone";
import { dealerUrl } from "~/features/dealers/urls";
import { AdPageView } from "~/features/marketplace/ad-page/components/ad-page-view";
import { savedAdIds } from "~/features/marketplace/ad-page/favourites.server";
import { photoUrl } from "~/features/marketplace/photos";
import { PRINTED_SIMILAR_ADS } from "~/features/marketplace/ad-page/components/similar-ads";
import { captchaEnabled } from "~/lib/captcha.server";
import { listForPrintingOnly } from "~/lib/printed-data.server";
import { livePageHeaders, PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { absoluteUrl, routeMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { FormSuccess } from "~/ui/form";
import type { Route } from "./+types/ad";
import type { PageQueryHandle } from "~/lib/page-query";
import { currentFinanceSummary } from "~/features/ownership-costs/finance-summary.server";
import { instalmentEstimate, withInstalments } from "~/features/ownership-costs/finance-estimate";
import { MIN_COMPARABLES } from "~/features/marketplace/pricing/price-rating";
import { CostSummarySection } from "~/features/ownership-costs/components/cost-summary";
import { loadAdCost } from "~/features/ownership-costs/ownership.server";
import { costSummary } from "~/features/ownership-costs/sections";
import { costPageUrl } from "~/features/ownership-costs/urls";

export const handle: PageQueryHandle = { query: [CONTACT_SENT_PARAM, PUBLISHED_NOTICE_PARAM] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [page, user, finance] = await Promise.all([loadAdPage(request, params), currentUser(request), currentFinanceSummary()]);
  // The key figures of what the car would cost its buyer (issue 47), on the default assumptions in
  // the ad's province, read beside the favourites: none for a car no longer for sale or one the
  // catalogue cannot match. The cost page has the rest.
  const [saved, costSection] = await Promise.all([
    savedAdIds(user?.id, [page.ad.id, ...page.similar.map((a) => a.id)]),
    !page.withdrawn && page.ad.status !== "sold" && page.catalogue ? loadAdCost(request, { ...page.ad, modelId: page.catalogue.modelId }, MIN_COMPARABLES) : null,
  ]);
  if (page.withdrawn) {
    const similar = listForPrintingOnly(context, PRINTED_SIMILAR_ADS, page.similar);
    return data({ ...page, similar, savedIds: [...saved] }, { status: adPageStatus(page) });
  }
  // The instalment estimate of the car (not of a sold one) and of each similar car, their
  // assumptions stated once on the page (issue 47).
  const estimate = page.ad.status === "sold" ? null : instalmentEstimate(page.ad.priceZar, finance?.terms ?? null);
  const similarCards = withInstalments(page.similar, finance?.terms);
  // The similar cars are printed into a static island: a document carries them as HTML only.
  const similar = listForPrintingOnly(context, PRINTED_SIMILAR_ADS, similarCards);
  const search = new URL(request.url).searchParams;
  const contactSent = search.get(CONTACT_SENT_PARAM) === "sent";
  // After publishing or saving changes, the seller lands here with a notice.
  const sellerNotice = publishedNotice(search.get(PUBLISHED_NOTICE_PARAM));
  const costs = costSection ? costSummary(costSection, page.ad.fuel) : null;
  const body = {
    ...page,
    similar,
    savedIds: [...saved],
    captcha: captchaEnabled(),
    contactSent,
    buyer: user ? { name: user.name, email: user.email } : null,
    sellerNotice,
    instalment: estimate ? { monthly: estimate.monthly, url: estimate.calculatorUrl } : null,
    financeNote: finance && (estimate || similarCards.some((c) => c.instalment)) ? finance.note : null,
    costs,
  };
  // The "message sent" page is this visitor's alone: never kept by a shared cache.
  const headers: HeadersInit | undefined = contactSent || sellerNotice ? { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL } : undefined;
  return data(body, { status: 200, headers });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return adPageAction(request, context, params);
}

// The page's own POSTs (contact, phone, report) answer in place: the page keeps what it shows
// (a reporter who just hid the ad still reads the thanks), so no reload of the ad follows.
export function shouldRevalidate({ formMethod, formData, currentUrl, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (formMethod === "POST" && formAction === currentUrl.pathname && (intent === "contact" || intent === "phone" || intent === "report")) return false;
  return defaultShouldRevalidate;
}

// Public for visitors, for ten seconds (live marketplace data). Views are counted by a beacon the
// page sends once it runs, so a page served from a cache still counts (app/features/marketplace/
// ad-page/ad-page-actions.server.ts).
export function headers({ loaderHeaders }: HeadersArgs): HeadersInit {
  const own = loaderHeaders.get("Cache-Control");
  return own ? { "Cache-Control": own } : livePageHeaders();
}

export default function AdRoute({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { origin?: string } | undefined;
  const origin = root?.origin ?? site.url;
  if (loaderData.withdrawn) return <AdGone page={loaderData} savedIds={loaderData.savedIds} />;
  return (
    <>
      {loaderData.sellerNotice ? (
        <div className="container-page pt-6">
          <FormSuccess>{loaderData.sellerNotice}</FormSuccess>
        </div>
      ) : null}
      <AdPageView
        page={loaderData}
        origin={origin}
        actionData={actionData}
        dealerPath={dealerUrl}
        costs={
          loaderData.costs ? (
            <CostSummarySection summary={loaderData.costs} costPagePath={costPageUrl(loaderData.canonicalPath)} />
          ) : null
        }
      />
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData;
  if (!page) return [];
  if (page.withdrawn) {
    const { ad } = page;
    return routeMeta(args, {
      title: ad.status === "under_review" ? `Under review: ${ad.title}` : `No longer available: ${ad.title}`,
      description: `The ad for this ${ad.year} ${ad.makeName} ${ad.modelName} is not on sale on Voitura now. See similar used cars for sale.`,
      canonicalPath: page.canonicalPath,
      type: "product",
      noindex: true,
    });
  }
  const { ad, canonicalPath, photos } = page;
  const tags = routeMeta(args, {
    title: adPageTitle(ad),
    description: adPageDescription(ad),
    canonicalPath,
    type: "product",
  });
  const cover = photos[0];
  if (!cover) return tags;
  // The cover photo is the ad's link preview (a 4:3 WebP rather than the site's 1200x630 card).
  const root = args.matches.find((m) => m?.id === "root");
  const origin = (root?.loaderData as { origin?: string } | undefined)?.origin ?? site.url;
  const image = absoluteUrl(origin, photoUrl(cover.storageKey, 1280));
  const alt = cover.alt || ad.title;
  return [
    ...tags.filter((t) => !("property" in t && String(t.property).startsWith("og:image")) && !("name" in t && String(t.name).startsWith("twitter:image"))),
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/webp" },
    { property: "og:image:width", content: "1280" },
    { property: "og:image:height", content: "960" },
    { property: "og:image:alt", content: alt },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: alt },
  ];
}
