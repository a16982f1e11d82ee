// A dealer's values read as the dealer importer reads them (import.ts), shared with the owner's
// details form (dealer-details-rules.ts): one rule for both ways in. No file parsing here, so the
// browser can load it with the form.
import { normalisePhone } from "~/features/contact/schemas";
import { type DealerService, dealerServices } from "../../../db/schema/vocabulary";

export const DEALER_LIMITS = { slug: 120, name: 120, group: 80, streetAddress: 160, suburb: 80, email: 254, website: 200, brands: 12 } as const;

export type Cell<T> = { value: T } | { error: string };

/** "+27 11 555 0123" from any South African way of writing it. */
export function readPhone(text: string): Cell<string> {
  const compact = normalisePhone(text);
  if (!compact) return { error: `'${text}' is not a South African phone number (like 011 555 0123 or +27 11 555 0123)` };
  const national = compact.startsWith("+27") ? compact.slice(3) : compact.slice(1);
  return { value: `+27 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}` };
}

/** A website address; a bare host gets https://. */
export function readWebsite(text: string): Cell<string> {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { error: `'${text}' is not a web address` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { error: "must be an http or https address" };
  if (!url.hostname.includes(".")) return { error: `'${text}' is not a web address` };
  return { value: url.toString().replace(/\/$/, "") };
}

/** A dealer's website: a web address (readWebsite) of at most DEALER_LIMITS.website characters. */
export function readDealerWebsite(text: string): Cell<string> {
  return text.length > DEALER_LIMITS.website ? { error: "is too long" } : readWebsite(text);
}

/** Services by name, in any case: each must be known; stored in the vocabulary's order. */
export function readDealerServices(names: readonly string[]): Cell<DealerService[]> {
  const list = names.map((s) => s.toLowerCase());
  const unknown = list.filter((s) => !(dealerServices as readonly string[]).includes(s));
  if (unknown.length) return { error: `unknown service '${unknown[0]}' (use ${dealerServices.join(", ")})` };
  return { value: dealerServices.filter((s) => list.includes(s)) };
}
