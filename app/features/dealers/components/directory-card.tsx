import { Link } from "react-router";
import { photoUrl } from "~/features/marketplace/photos";
import { VerifiedDealerBadge } from "~/features/dealer-accounts/components/verified-badge";
import { BrandMonogram } from "~/ui/brand-monogram";
import { cityName, provinceName } from "~/lib/places";
import { dealerKindLabels, dealerServiceLabels, telHref } from "../dealer-labels";
import { type DirectoryCard, sellsLabels } from "../directory-params";
import { dealerUrl } from "../urls";
import { Icon } from "~/ui/icon";

/**
 * A dealer in the directory: name (the link to its page, covering the card), group and kind,
 * brands, new and/or used, where it is, its phone number, services, and its live ads when it
 * sells on Voitura's marketplace. Its parts are named utilities in app.css (`dealer-card-*`), as
 * the directory repeats them 24 times a page (decision 025).
 */
export function DirectoryCardView({ dealer }: { dealer: DirectoryCard }) {
  const place = [dealer.suburb, cityName(dealer.city), provinceName(dealer.province)].filter(Boolean).join(", ");
  const sells = [dealer.sellsNew ? sellsLabels.new : null, dealer.sellsUsed ? sellsLabels.used : null].filter((s) => s !== null);
  return (
    <article className="dealer-card" data-dealer-id={dealer.id}>
      <div className="flex items-start gap-3">
        {dealer.logoKey ? (
          <img src={photoUrl(dealer.logoKey, 320)} alt="" width={64} height={48} loading="lazy" className="h-12 w-16 shrink-0 rounded-md bg-white object-contain ring-1 ring-slate-200 dark:ring-slate-700" />
        ) : dealer.brands.length > 0 ? (
          <span className="dealer-card-marks">
            {dealer.brands.slice(0, 3).map((brand) => (
              <span key={brand.slug} className="dealer-card-mark">
                <BrandMonogram name={brand.name} colour={brand.colour} />
              </span>
            ))}
          </span>
        ) : (
          <span className="dealer-card-store">
            <Icon name="store" className="size-5" />
          </span>
        )}
        <div className="min-w-0">
          <h3 className="dealer-card-name">
            <Link to={dealerUrl(dealer)} className="card-link">
              {dealer.name}
            </Link>
          </h3>
          <p className="dealer-card-kind">
            {dealerKindLabels[dealer.kind]}
            {dealer.groupName ? ` · ${dealer.groupName}` : ""}
            {dealer.isDemo ? <span className="ml-1 text-xs">(demo data)</span> : null}
          </p>
          {dealer.verified ? <VerifiedDealerBadge /> : null}
        </div>
      </div>

      {dealer.brands.length > 0 ? (
        <p className="text-sm">
          <span className="sr-only">Brands: </span>
          {dealer.brands.map((b) => b.name).join(", ")}
        </p>
      ) : null}

      <p className="dealer-card-place">
        <Icon name="map-pin" />
        <span>
          <span className="sr-only">Address: </span>
          {place}
        </span>
      </p>

      <ul className="flex flex-wrap gap-1.5" aria-label="Sells and services">
        {sells.map((label) => (
          <li key={label} className="chip-primary">
            {label}
          </li>
        ))}
        {dealer.services.map((service) => (
          <li key={service} className="chip">
            {dealerServiceLabels[service]}
          </li>
        ))}
      </ul>

      <div className="dealer-card-foot">
        {dealer.phone ? (
          <a
            href={telHref(dealer.phone)}
            className="dealer-card-phone"
          >
            <Icon name="phone" />
            <span className="sr-only">Call {dealer.name} on </span>
            {dealer.phone}
          </a>
        ) : (
          <span />
        )}
        {dealer.onMarketplace ? (
          <span className="dealer-card-live">
            <Icon name="badge-check" />
            On Voitura · <span className="tabular">{dealer.liveAds}</span> {dealer.liveAds === 1 ? "ad" : "ads"}
          </span>
        ) : null}
      </div>
    </article>
  );
}
