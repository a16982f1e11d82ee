// Words and links of the dealer page that the browser needs too (no database code here).
import { cityName, provinceName } from "~/lib/places";
import type { DealerKind, DealerService } from "../../../db/schema/vocabulary";

export const dealerKindLabels: Record<DealerKind, string> = { franchise: "Franchise dealer", independent: "Independent dealer" };

export const dealerServiceLabels: Record<DealerService, string> = { sales: "Car sales", service: "Servicing", parts: "Parts", finance: "Finance" };

/** "New and used cars", "New cars", "Used cars". */
export function stockLabel(dealer: { sellsNew: boolean; sellsUsed: boolean }): string {
  if (dealer.sellsNew && dealer.sellsUsed) return "New and used cars";
  return dealer.sellsNew ? "New cars" : "Used cars";
}

type Address = { streetAddress: string; suburb: string; city: string; province: string; postalCode: string };

/** The address as lines: street, suburb, "Town 0181", province. Empty parts left out. */
export function addressLines(dealer: Address): string[] {
  return [dealer.streetAddress, dealer.suburb, [cityName(dealer.city), dealer.postalCode].filter(Boolean).join(" "), provinceName(dealer.province)].filter(Boolean);
}

/** A plain link to a maps search for the address (no map script on our page; it opens in a new tab). */
export function directionsUrl(dealer: Address & { name: string }): string {
  const query = [dealer.name, ...addressLines(dealer), "South Africa"].join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A tel: link's number, digits and the leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** A website address without its scheme and trailing slash, for display. */
export const websiteLabel = (url: string) => url.replace(/^https?:\/\//, "").replace(/\/$/, "");
