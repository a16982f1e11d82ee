import { BadgePercent } from "lucide-react";
import { type LeadPopupPrefill, leadPrefillHref, openLeadPopup } from "../lead-events";

/**
 * "Get offers on this car" on model, version and used-ad pages: opens the lead popup with the page's
 * car chosen; without scripts (or before the app runs) a link to the lead page, prefilled the same.
 */
export function LeadOfferLink({ prefill, className = "btn-secondary" }: { prefill: LeadPopupPrefill; className?: string }) {
  return (
    <a
      href={leadPrefillHref(prefill)}
      className={className}
      data-testid="lead-offer-link"
      onClick={(event) => {
        event.preventDefault();
        openLeadPopup(prefill);
      }}
    >
      <BadgePercent aria-hidden="true" className="size-5" strokeWidth={1.75} />
      Get offers on this car
    </a>
  );
}
