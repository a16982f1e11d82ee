import { Link } from "react-router";
import { photoUrl } from "~/features/marketplace/photos";
import { VerifiedDealerBadge } from "~/features/dealer-accounts/components/verified-badge";
import { BrandMonogram } from "~/ui/brand-monogram";
import { cityName, provinceName } from "~/lib/places";
import { dealerKindLabels, dealerServiceLabels, telHref } from "../dealer-labels";
import { type DirectoryCard, sellsLabels } from "../directory-params";
import { dealerUrl } from "../urls";

// The chip utility (app.css): the same classes in a twelfth of the bytes, repeated on every card.
const chipClass = "chip";

/**
 * A dealer in the directory: name (the link to its page, covering the card), group and kind,
 * brands, new and/or used, where it is, its phone number, services, and its live ads when it
 * sells on Voitura's marketplace.
 */
export function DirectoryCardView({ dealer }: { dealer: DirectoryCard }) {
  const place = [dealer.suburb, cityName(dealer.city), provinceName(dealer.province)].filter(Boolean).join(", ");
  const sells = [dealer.sellsNew ? sellsLabels.new : null, dealer.sellsUsed ? sellsLabels.used : null].filter((s) => s !== null);
  return (
    <article className="card relative flex h-full w-full flex-col gap-3 p-4 transition-shadow hover:shadow-lg" data-dealer-id={dealer.id}>
      <div className="flex items-start gap-3">
        {dealer.logoKey ? (
          <img src={photoUrl(dealer.logoKey, 320)} alt="" width={64} height={48} loading="lazy" className="h-12 w-16 shrink-0 rounded-md bg-white object-contain ring-1 ring-slate-200 dark:ring-slate-700" />
        ) : dealer.brands.length > 0 ? (
          <span className="flex shrink-0 -space-x-2">
            {dealer.brands.slice(0, 3).map((brand) => (
              <span key={brand.slug} className="rounded-full ring-2 ring-white dark:ring-slate-900">
                <BrandMonogram name={brand.name} colour={brand.colour} size={36} />
              </span>
            ))}
          </span>
        ) : (
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <span className="icon-store size-5" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0">
          <h3 className="leading-snug font-bold">
            <Link to={dealerUrl(dealer)} className="after:absolute after:inset-0 after:rounded-[var(--radius-card)] hover:underline">
              {dealer.name}
            </Link>
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
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

      <p className="flex items-start gap-1.5 text-sm text-slate-700 dark:text-slate-300">
        <span className="icon-map-pin mt-0.5 size-4 text-slate-500" aria-hidden="true" />
        <span>
          <span className="sr-only">Address: </span>
          {place}
        </span>
      </p>

      <ul className="flex flex-wrap gap-1.5" aria-label="Sells and services">
        {sells.map((label) => (
          <li key={label} className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-800 dark:bg-primary-950 dark:text-primary-200">
            {label}
          </li>
        ))}
        {dealer.services.map((service) => (
          <li key={service} className={chipClass}>
            {dealerServiceLabels[service]}
          </li>
        ))}
      </ul>

      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
        {dealer.phone ? (
          <a
            href={telHref(dealer.phone)}
            className="tabular relative z-10 inline-flex min-h-10 items-center gap-1.5 rounded-[var(--radius-control)] text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300"
          >
            <span className="icon-phone size-4" aria-hidden="true" />
            <span className="sr-only">Call {dealer.name} on </span>
            {dealer.phone}
          </a>
        ) : (
          <span />
        )}
        {dealer.onMarketplace ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-bold text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800">
            <span className="icon-badge-check size-4" aria-hidden="true" />
            On Voitura · <span className="tabular">{dealer.liveAds}</span> {dealer.liveAds === 1 ? "ad" : "ads"}
          </span>
        ) : null}
      </div>
    </article>
  );
}
