import { Icon } from "~/ui/icon";

// "Verified dealer": the dealer's claim was approved (a code from its listed address, or a person
// checked it). Small and drawn by the stylesheet, since it repeats on every card of a dealer's ad.

export function VerifiedDealerBadge({ className }: { className?: string }) {
  return (
    <span className={className ? `verified-badge ${className}` : "verified-badge"}>
      <Icon name="badge-check" className="size-4" />
      Verified dealer
    </span>
  );
}
