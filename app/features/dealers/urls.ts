// Canonical dealer-directory URLs (spec section 2: /concessionnaires; the car guide's entry is
// /guide-auto/liste-des-concessionnaires, a 200 page whose canonical link names the directory).

export const DEALER_DIRECTORY_PATH = "/concessionnaires";
export const GUIDE_DEALER_LIST_PATH = "/guide-auto/liste-des-concessionnaires";

/** A dealer's page: numeric id, then its slug (a stale slug is 301'd to this). */
export const dealerUrl = (dealer: { id: number; slug: string }) => `${DEALER_DIRECTORY_PATH}/${dealer.id}-${dealer.slug}`;

/** The directory with filters, e.g. dealerDirectoryUrl({ brand: "toyota", province: "gauteng" }). */
export function dealerDirectoryUrl(filters: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${DEALER_DIRECTORY_PATH}?${text}` : DEALER_DIRECTORY_PATH;
}
