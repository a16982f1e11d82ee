import { Building2, Phone, UserRound } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { VerifiedDealerBadge } from "~/features/dealer-accounts/components/verified-badge";
import type { AdSeller } from "../ad-page.server";
import { formatPhone } from "~/lib/phone";
import { answerFor } from "../ad-actions";
import { cityName, provinceName } from "~/lib/places";

// Who sells the car, and the counted "show phone number" reveal: a POST (a fetcher once scripts
// run; without them the page comes back with the number).

/** `dealerPath` is the dealer's page, given by the route (the dealers' pages build on the marketplace). */
export function SellerSummary({ seller, dealerPath }: { seller: AdSeller; dealerPath: (dealer: { id: number; slug: string }) => string }) {
  const Icon = seller.kind === "dealer" ? Building2 : UserRound;
  return (
    <div className="flex items-start gap-3">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300">
        <Icon aria-hidden="true" className="size-5" strokeWidth={1.75} />
      </span>
      {seller.kind === "dealer" ? (
        <div>
          <p className="font-bold" data-testid="seller-name">
            <Link to={dealerPath(seller)} className="link">
              {seller.name}
            </Link>
          </p>
          {seller.verified ? <VerifiedDealerBadge /> : null}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Dealer in {cityName(seller.city)}, {provinceName(seller.province)} ·{" "}
            <Link to={dealerPath(seller)} className="link">
              Opening hours and stock
            </Link>
          </p>
        </div>
      ) : (
        <div>
          <p className="font-bold" data-testid="seller-name">
            {seller.firstName}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">Private seller · member since {seller.memberSince}</p>
        </div>
      )}
    </div>
  );
}

export function PhoneReveal({ pageAnswer }: { pageAnswer: unknown }) {
  const fetcher = useFetcher();
  const answer = answerFor(fetcher.data, "phone") ?? answerFor(pageAnswer, "phone");
  if (answer?.ok) {
    return (
      <p className="mt-4 flex items-center gap-2 text-lg font-bold" data-testid="seller-phone">
        <Phone aria-hidden="true" className="size-5 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
        <a href={`tel:${answer.phone.replace(/\s/g, "")}`} className="link tabular">
          {formatPhone(answer.phone)}
        </a>
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="mt-4">
      <input type="hidden" name="intent" value="phone" />
      <button type="submit" className="btn-secondary w-full" disabled={fetcher.state !== "idle"}>
        <Phone aria-hidden="true" className="size-5" strokeWidth={1.75} />
        Show phone number
      </button>
      {answer && !answer.ok ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {answer.formError}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
