import { Building2, Globe, Info, Mail, MapPin, Navigation, Phone } from "lucide-react";
import { Link } from "react-router";
import { brandUrl } from "~/features/catalogue/urls";
import { photoSrcSet, photoUrl } from "~/features/marketplace/photos";
import { VerifiedDealerBadge } from "~/features/dealer-accounts/components/verified-badge";
import { dealerClaimUrl } from "~/features/dealer-accounts/urls";
import { formatPhone } from "~/lib/phone";
import type { DealerBrand, DealerDetail } from "../dealer-page.server";
import { addressLines, dealerKindLabels, dealerServiceLabels, directionsUrl, stockLabel, telHref, websiteLabel } from "../dealer-labels";
import { OpeningStatusBadge } from "./dealer-opening-hours";

// The dealer page's head (name, group, kind, what it sells, demo note) and its contact card
// (address with a directions link, phone, e-mail, website).

const chipClass =
  "rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700";

/** An e-mail or web address that may wrap after its "@" and before its dots, not inside a word. */
function BreakableAddress({ text }: { text: string }) {
  const parts = text.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </>
  );
}

export function DealerHeading({ dealer }: { dealer: DealerDetail }) {
  return (
    <header>
      {dealer.logoKey ? (
        <img
          src={photoUrl(dealer.logoKey, 320)}
          srcSet={photoSrcSet(dealer.logoKey, 640)}
          sizes="8rem"
          alt={`${dealer.name} logo`}
          width={128}
          height={96}
          className="mb-3 h-24 w-32 rounded-lg bg-white object-contain ring-1 ring-slate-200 dark:ring-slate-700"
          data-testid="dealer-logo"
        />
      ) : null}
      {dealer.groupName ? (
        <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300" data-testid="dealer-group">
          {dealer.groupName}
        </p>
      ) : null}
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{dealer.name}</h1>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="About this dealer">
        <li className={chipClass}>{dealerKindLabels[dealer.kind]}</li>
        <li className={chipClass}>{stockLabel(dealer)}</li>
        {dealer.onMarketplace ? <li className={chipClass}>On Voitura's marketplace</li> : null}
      </ul>
      <OpeningStatusBadge hours={dealer.openingHours} className="mt-3" />
      {/* From the dealer's row, never the visitor's session: the page is public and cached. */}
      {dealer.verified ? (
        <p className="mt-3">
          <VerifiedDealerBadge className="text-sm" />
        </p>
      ) : dealer.claimable ? (
        <p className="mt-3 text-sm">
          <Link to={dealerClaimUrl(dealer.id)} className="link">
            Is this your dealership?
          </Link>
        </p>
      ) : null}
      {dealer.isDemo ? (
        <p className="mt-3 flex items-start gap-2 rounded-md bg-sky-50 p-2.5 text-sm text-sky-950 dark:bg-sky-950/50 dark:text-sky-100" data-testid="demo-note">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
          Demo data: this dealer shows how the directory works; its name, address and numbers are not real.
        </p>
      ) : null}
    </header>
  );
}

export function DealerContactCard({ dealer }: { dealer: DealerDetail }) {
  const lines = addressLines(dealer);
  return (
    <section aria-labelledby="dealer-contact-details" className="card p-5">
      <h2 id="dealer-contact-details" className="flex items-center gap-2 text-lg font-bold">
        <Building2 aria-hidden="true" className="size-5 text-primary-600 dark:text-primary-400" strokeWidth={1.75} />
        Visit or call
      </h2>
      <ul className="mt-3 space-y-3 text-slate-800 dark:text-slate-200">
        <li className="flex items-start gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" strokeWidth={1.75} />
          <div>
            <address className="not-italic" data-testid="dealer-address">
              {lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
            <a href={directionsUrl(dealer)} target="_blank" rel="noopener noreferrer" className="link mt-1 inline-flex items-center gap-1.5 text-sm">
              <Navigation aria-hidden="true" className="size-4" strokeWidth={1.75} />
              Directions<span className="sr-only"> (opens a map in a new tab)</span>
            </a>
          </div>
        </li>
        {dealer.phone ? (
          <li className="flex items-center gap-3">
            <Phone aria-hidden="true" className="size-5 shrink-0 text-slate-500" strokeWidth={1.75} />
            <a href={telHref(dealer.phone)} className="link tabular" data-testid="dealer-phone">
              {formatPhone(dealer.phone)}
            </a>
          </li>
        ) : null}
        {dealer.email ? (
          <li className="flex items-center gap-3">
            <Mail aria-hidden="true" className="size-5 shrink-0 text-slate-500" strokeWidth={1.75} />
            <a href={`mailto:${dealer.email}`} className="link [overflow-wrap:anywhere]">
              <BreakableAddress text={dealer.email} />
            </a>
          </li>
        ) : null}
        {dealer.website ? (
          <li className="flex items-center gap-3">
            <Globe aria-hidden="true" className="size-5 shrink-0 text-slate-500" strokeWidth={1.75} />
            <a href={dealer.website} rel="nofollow noopener" target="_blank" className="link [overflow-wrap:anywhere]">
              <BreakableAddress text={websiteLabel(dealer.website)} />
              <span className="sr-only"> (the dealer's website, opens in a new tab)</span>
            </a>
          </li>
        ) : null}
      </ul>
      {dealer.email ? (
        <a href="#dealer-contact" className="btn-primary mt-4 w-full lg:hidden">
          <Mail aria-hidden="true" className="size-5" strokeWidth={1.75} />
          Write to the dealer
        </a>
      ) : null}
    </section>
  );
}

export function DealerBrandsAndServices({ dealer, brands }: { dealer: DealerDetail; brands: DealerBrand[] }) {
  return (
    <section aria-labelledby="dealer-brands-heading">
      <h2 id="dealer-brands-heading" className="text-xl font-bold tracking-tight">
        {brands.length ? "Brands and services" : "Services"}
      </h2>
      {brands.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Brands" data-testid="dealer-brands">
          {brands.map((brand) => (
            <li key={brand.id}>
              <Link
                to={brandUrl(brand)}
                className="inline-flex min-h-10 items-center rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold hover:border-primary-500 hover:text-primary-700 dark:border-slate-700 dark:hover:text-primary-300"
              >
                {brand.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Services">
        {dealer.services.map((service) => (
          <li key={service} className={chipClass}>
            {dealerServiceLabels[service]}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the owner wrote about the dealer (plain text; its line breaks kept, nothing else read into it). */
export function DealerDescription({ dealer }: { dealer: DealerDetail }) {
  if (!dealer.description) return null;
  return (
    <section aria-labelledby="dealer-about-heading">
      <h2 id="dealer-about-heading" className="mb-2 text-xl font-bold tracking-tight">
        About {dealer.name}
      </h2>
      <p className="max-w-prose whitespace-pre-line text-slate-800 dark:text-slate-200" data-testid="dealer-description">
        {dealer.description}
      </p>
    </section>
  );
}
