import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { Calendar, Eye, Info, MapPin, Tag } from "lucide-react";
import { LeadOfferLink } from "~/features/leads/components/lead-offer-link";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { ShareButtons } from "~/features/editorial/components/share-buttons";
import { formatPrice } from "~/lib/format";
import { absoluteUrl } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { JsonLd } from "~/ui/json-ld";
import type { AdDetail, AdPageAnswer, AdPriceRatingInfo } from "../ad-page.server";
import { FinanceNote, type Instalment, InstalmentLink } from "~/ui/finance-note";
import type { AdCardData } from "../../types";
import { adJsonLd } from "../ad-seo";
import { cityName, provinceName } from "~/lib/places";
import { AD_VIEW_BEACON, MARKETPLACE_PATH } from "../../urls";
import { findColour } from "../../vocabulary";
import { StaticIsland } from "~/ui/static-island";
import { AdEquipment, AdKeyFacts } from "./ad-facts";
import { AdGallery } from "./ad-gallery";
import { SafetyTips } from "../../components/safety-tips";
import { ContactSellerForm } from "./contact-seller-form";
import { FavouriteToggle } from "./favourite-toggle";
import { LowPriceNote } from "../../pricing/components/low-price-note";
import { PriceRatingBadge } from "../../pricing/components/price-rating-badge";
import { PriceReduced } from "../../pricing/components/price-reduced";
import { AdPriceHistory } from "../../pricing/components/price-history";
import { ReportAd } from "./report-ad";
import { PhoneReveal, SellerSummary } from "./seller-card";
import { SimilarAds } from "./similar-ads";

// The ad page (published or sold). On phones: photos, price and seller, details, the contact form,
// safety tips; from 1024 px the seller column sits to the right of the photos and details.

type AdPageViewData = Omit<Extract<AdPageAnswer, { withdrawn: false }>, "similar" | "rating"> & {
  rating: AdPriceRating;
  /** Null when the document carries them as HTML only (SimilarAds). */
  similar: AdCardData[] | null;
  savedIds: number[];
  captcha: boolean;
  contactSent: boolean;
  buyer: { name: string; email: string } | null;
  /** The car's instalment estimate and the page's assumption line (issue 47). */
  instalment?: Instalment | null;
  financeNote?: string | null;
};

const formatDate = (iso: string) => formatSouthAfricanDate(iso);

/** Counts one view once the page runs in a browser (crawlers and caches do not count). */
function useViewBeacon(adId: number) {
  useEffect(() => {
    const body = new FormData();
    body.set("adId", String(adId));
    try {
      if (!navigator.sendBeacon?.(AD_VIEW_BEACON, body)) void fetch(AD_VIEW_BEACON, { method: "POST", body, keepalive: true }).catch(() => {});
    } catch {
      // Counting a view is never worth an error.
    }
  }, [adId]);
}

function SectionHeading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-xl font-bold tracking-tight">
      {children}
    </h2>
  );
}

/**
 * An ad's facts, equipment, description and place: what its page prints in a static island. It
 * reads nothing but the ad (no visitor, URL or nonce), so the island is printed apart and kept
 * while the ad's content stays the same.
 */
export function AdDetails({ ad }: { ad: AdDetail }) {
  return (
    <>
      <section aria-labelledby="facts-heading">
        <SectionHeading id="facts-heading">Key facts</SectionHeading>
        <div className="mt-3">
          <AdKeyFacts ad={ad} />
        </div>
      </section>

      <section aria-labelledby="equipment-heading">
        <SectionHeading id="equipment-heading">Equipment</SectionHeading>
        <div className="mt-3">
          <AdEquipment items={ad.equipment} />
        </div>
      </section>

      <section aria-labelledby="description-heading">
        <SectionHeading id="description-heading">Description</SectionHeading>
        {/* Plain text as the seller typed it: line breaks kept by CSS, never HTML. */}
        <p className="mt-3 leading-7 break-words whitespace-pre-line text-slate-800 dark:text-slate-200" data-testid="ad-description">
          {ad.description || "The seller wrote no description."}
        </p>
      </section>

      <section aria-labelledby="where-heading">
        <SectionHeading id="where-heading">Where and when</SectionHeading>
        <ul className="mt-3 space-y-2 text-slate-700 dark:text-slate-300">
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-5 shrink-0" strokeWidth={1.75} />
            {cityName(ad.city)}, {provinceName(ad.province)}
          </li>
          {ad.publishedAt ? (
            <li className="flex items-center gap-2">
              <Calendar aria-hidden="true" className="size-5 shrink-0" strokeWidth={1.75} />
              Published on {formatDate(ad.publishedAt)}
            </li>
          ) : null}
          <li className="flex items-center gap-2">
            <Eye aria-hidden="true" className="size-5 shrink-0" strokeWidth={1.75} />
            <span className="tabular">
              {ad.viewCount.toLocaleString("en-ZA")} {ad.viewCount === 1 ? "view" : "views"}
            </span>
          </li>
          <li className="flex items-center gap-2 text-sm">
            <Tag aria-hidden="true" className="size-5 shrink-0" strokeWidth={1.75} />
            Ad number <span className="tabular">{ad.id}</span>
          </li>
        </ul>
      </section>
    </>
  );
}

type AdPriceRating = AdPriceRatingInfo;

/** The price, its reduction, its rating and why, and the buyer's warning when it is far under similar ads. */
export function AdPrice({ ad, rating }: { ad: AdDetail; rating: AdPriceRating }) {
  return (
    <>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="tabular text-3xl font-extrabold text-slate-900 dark:text-white" data-testid="ad-price">
          {formatPrice(ad.priceZar, { withCurrency: true })}
        </span>
        {ad.negotiable ? <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">Negotiable</span> : null}
      </p>
      <PriceReduced priceZar={ad.priceZar} previousPriceZar={ad.previousPriceZar} className="mt-2 text-sm" />
      <div className="mt-3" data-testid="price-rating">
        <PriceRatingBadge code={rating.code} />
        <p className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">{rating.reason}.</p>
      </div>
      {/* A sold car takes no deposits: the warning is for a car still on sale. */}
      {ad.status === "sold" ? null : (
        <LowPriceNote priceZar={ad.priceZar} median={rating.median} comparables={rating.comparables} className="mt-3" />
      )}
    </>
  );
}

export function AdPageView({
  page,
  origin,
  actionData,
  dealerPath,
  costs,
}: {
  page: AdPageViewData;
  origin: string;
  actionData: unknown;
  dealerPath: (dealer: { id: number; slug: string }) => string;
  /** The cost of ownership section, rendered by the route (it comes from another feature). */
  costs?: ReactNode;
}) {
  const { ad, photos, seller, catalogue, rating, similar, canonicalPath } = page;
  const sold = ad.status === "sold";
  const saved = new Set(page.savedIds);
  useViewBeacon(ad.id);

  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[
          { label: "Used cars", to: MARKETPLACE_PATH },
          { label: ad.makeName, to: page.makeSearchPath },
          { label: ad.title },
        ]}
        currentPath={canonicalPath}
      />
      <JsonLd data={adJsonLd({ origin, canonicalPath, ad, photos, seller })} />

      {sold ? (
        <div role="status" className="mt-4 flex items-start gap-3 rounded-[var(--radius-card)] border border-slate-300 bg-slate-100 p-4 dark:border-slate-700 dark:bg-slate-800" data-testid="sold-notice">
          <span className="rounded-md bg-slate-950 px-2 py-0.5 text-sm font-bold tracking-wide text-white uppercase">Sold</span>
          <p>
            This car has been sold{ad.soldAt ? ` (${formatDate(ad.soldAt)})` : ""}. The ad stays here for reference; see{" "}
            <a href="#similar-heading" className="link">
              similar cars for sale
            </a>
            .
          </p>
        </div>
      ) : null}

      {/* The parts stand in a phone's reading order, so a page arriving in pieces never paints the
          details and then pushes them down with the card above them; wide screens float the cards
          to the right of the gallery and the details (decision 028). */}
      <div className="mt-4 flex flex-col gap-6 lg:flow-root">
        <div className="lg:float-left lg:w-[calc(100%-26rem)]">
          <AdGallery photos={photos} title={ad.title} bodyType={ad.bodyType} colourHex={findColour(ad.colour)?.hex ?? "#94a3b8"} />
        </div>

        <section aria-labelledby="ad-heading" className="card p-5 lg:float-right lg:w-96">
          <h1 id="ad-heading" className="text-2xl leading-tight font-extrabold tracking-tight">
            {ad.title}
          </h1>
          <AdPrice ad={ad} rating={rating} />
          {page.instalment ? (
            <p className="mt-3 text-sm font-semibold" data-testid="ad-finance">
              On finance: <InstalmentLink instalment={page.instalment} />
            </p>
          ) : null}
          {page.financeNote ? <FinanceNote note={page.financeNote} className="mt-1" /> : null}
          <AdPriceHistory history={page.priceHistory} listedDays={sold ? null : page.listedDays} className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800" />
          {catalogue ? (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              {catalogue.newPriceFrom ? (
                <>
                  New price from <span className="tabular font-semibold">{formatPrice(catalogue.newPriceFrom, { withCurrency: true })}</span>:{" "}
                </>
              ) : null}
              <Link to={catalogue.path} className="link">
                the new {catalogue.brandName} {catalogue.modelName}
              </Link>
            </p>
          ) : null}
          {ad.isDemo ? (
            <p className="mt-3 flex items-start gap-2 rounded-md bg-sky-50 p-2.5 text-sm text-sky-950 dark:bg-sky-950/50 dark:text-sky-100">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
              Demo data: this ad shows how the marketplace works; the car and the seller are not real.
            </p>
          ) : null}
          <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
            <SellerSummary seller={seller} dealerPath={dealerPath} />
            {sold ? null : ad.hasPhone ? <PhoneReveal pageAnswer={actionData} /> : null}
            <div className="mt-3">
              <FavouriteToggle adId={ad.id} title={ad.title} saved={saved.has(ad.id)} withLabel className="[&>button]:w-full" />
            </div>
            {/* Dealers' offers on the same car (the lead popup), linked to the catalogue model when known. */}
            <LeadOfferLink
              className="btn-secondary mt-3 w-full"
              prefill={{ car_condition: "used", wanted: catalogue ? [`${catalogue.brandId}:${catalogue.modelId}`] : undefined }}
            />
          </div>
        </section>

        <div className="flex flex-col gap-8 lg:float-left lg:clear-left lg:mt-8 lg:w-[calc(100%-26rem)]">
          {/* Facts, equipment, description and place never change in the browser: not hydrated on
              the first load, and printed once per ad content on the server (decision 012); another
              ad's page renders its own island. */}
          <StaticIsland printed key={canonicalPath} id={`ad-details-${ad.id}`} className="flex flex-col gap-8">
            <AdDetails ad={ad} />
          </StaticIsland>

          {costs}

          <div className="flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-6 dark:border-slate-800">
            <ShareButtons url={absoluteUrl(origin, canonicalPath)} title={ad.title} />
            <ReportAd pageAnswer={actionData} />
          </div>
        </div>

        <div className="flex flex-col gap-6 lg:float-right lg:clear-right lg:mt-6 lg:w-96">
          {sold ? null : (
            <section id="contact-seller" aria-labelledby="contact-heading" className="card scroll-mt-24 p-5">
              <h2 id="contact-heading" className="text-xl font-bold tracking-tight">
                Contact the seller
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Your message goes to the seller by email; their answer comes straight to you. All fields are required unless marked optional.
              </p>
              <ContactSellerForm
                adTitle={ad.title}
                captcha={page.captcha}
                pageAnswer={actionData}
                sentWithoutScripts={page.contactSent}
                defaultName={page.buyer?.name}
                defaultEmail={page.buyer?.email}
              />
            </section>
          )}

          <SafetyTips variant="caution" />
        </div>
      </div>

      <div className="mt-12">
        <SimilarAds ads={similar} savedIds={saved} pagePath={canonicalPath} />
      </div>
    </div>
  );
}
