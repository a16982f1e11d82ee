import { Link } from "react-router";
import { VerifiedDealerBadge } from "~/features/dealer-accounts/components/verified-badge";
import { formatKm, formatPrice } from "~/lib/format";
import { CarIllustration } from "~/ui/car-illustration";
import { photoSrcSet, photoUrl } from "../photos";
import { cityName } from "~/lib/places";
import type { AdCardData } from "../types";
import { adUrl } from "../urls";
import { findColour, fuelLabels, transmissionLabels } from "../vocabulary";
import { FavouriteToggle } from "../ad-page/components/favourite-toggle";
import { PriceRatingBadge } from "../pricing/components/price-rating-badge";
import { PriceReduced } from "../pricing/components/price-reduced";
import { InstalmentLink } from "~/ui/finance-note";

/**
 * A used ad as a card: cover photo (lazy unless `priority`), title, year, km, fuel, gearbox, town,
 * price (and "Price reduced"), price rating, the instalment estimate when the page adds one, seller kind, photo count and the favourite heart.
 */
export function AdCard({
  ad,
  saved = false,
  priority = false,
  headingLevel = 3,
  sizes = "(min-width: 1024px) 300px, (min-width: 640px) 45vw, 42vw",
}: {
  ad: AdCardData;
  saved?: boolean;
  /** The first cards of a page load eagerly (they are the largest paint). */
  priority?: boolean;
  headingLevel?: 2 | 3;
  sizes?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const sold = ad.status === "sold";
  return (
    /* Phones: the photo beside the text, so a screen shows several results; wider: photo on top. */
    <article className="ad-card" data-ad-id={ad.id}>
      <div className="ad-card-photo">
        {ad.cover ? (
          <img
            src={photoUrl(ad.cover.storageKey, 640)}
            // A card is at most 300 px wide: 640 px covers a phone's and a laptop's dense screens.
            srcSet={photoSrcSet(ad.cover.storageKey, 640)}
            sizes={sizes}
            width={ad.cover.width}
            height={ad.cover.height}
            alt=""
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
          />
        ) : (
          <CarIllustration bodyType={ad.bodyType} colour={findColour(ad.colour)?.hex ?? "#94a3b8"} className="h-full w-full p-6" />
        )}
        <span className="ad-card-count">
          <span className="icon-camera size-3.5" />
          <span className="sr-only">Photos: </span>
          {ad.photoCount}
        </span>
        <FavouriteToggle adId={ad.id} title={ad.title} saved={saved} className="ad-card-heart" />
        {sold ? (
          <span className="ad-card-sold">Sold</span>
        ) : null}
      </div>
      <div className="ad-card-body">
        <Heading className="ad-card-title">
          <Link to={adUrl(ad)} className="card-link">
            {ad.title}
          </Link>
        </Heading>
        <ul className="ad-card-facts" aria-label="Key facts">
          <li>{ad.year}</li>
          <li>{formatKm(ad.mileageKm)}</li>
          <li>{fuelLabels[ad.fuel]}</li>
          <li>{transmissionLabels[ad.transmission]}</li>
        </ul>
        <p className="ad-card-place">
          {`${cityName(ad.city)} · ${ad.sellerKind === "dealer" ? (ad.dealerName ?? "Dealer") : "Private seller"}`}
          {ad.sellerKind === "dealer" && ad.dealerVerified ? <VerifiedDealerBadge className="ml-1 align-top" /> : null}
          {ad.isDemo ? <span className="ml-1 text-xs">(demo data)</span> : null}
        </p>
        <div className="ad-card-foot">
          <PriceReduced priceZar={ad.priceZar} previousPriceZar={ad.previousPriceZar} />
          <div className="ad-card-price-row">
            <p className="ad-card-price">
              {formatPrice(ad.priceZar, { withCurrency: true })}
            </p>
            <PriceRatingBadge code={ad.priceRating} />
          </div>
          {/* The assumptions are stated once per page (FinanceNote). */}
          {ad.instalment ? (
            <InstalmentLink instalment={ad.instalment} className="ad-card-fin" described={false} />
          ) : null}
        </div>
      </div>
    </article>
  );
}
