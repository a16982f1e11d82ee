import { dealerServices, type DealerKind, type DealerService } from "../../../db/schema/vocabulary";
import { cityName, provinceName } from "~/lib/places";
import { dealerServiceLabels } from "./dealer-labels";
import { DEALER_DIRECTORY_PATH } from "./urls";

// The dealer directory's URL parameters: the search they describe, its one canonical writing
// and the labels the page shows. No validation library here: the filter form imports this and
// its values come from the form's own choices; the loader reads URLs with directory-parse.ts.

export const DIRECTORY_PAGE_SIZE = 24;

export const DIRECTORY_LIMITS = {
  qMax: 80,
} as const;

export const directorySorts = ["name", "town"] as const;
type DirectorySort = (typeof directorySorts)[number];

export const directorySortLabels: Record<DirectorySort, string> = {
  name: "Name (A to Z)",
  town: "Town (A to Z)",
};

export const sellsChoices = ["new", "used"] as const;
type SellsChoice = (typeof sellsChoices)[number];

export const sellsLabels: Record<SellsChoice, string> = { new: "New cars", used: "Used cars" };

export interface DirectorySearch {
  /** Words to find in a dealer's name, group, suburb or town. */
  q: string;
  /** A brand slug. */
  brand?: string;
  /** A province slug (places.ts). */
  province?: string;
  /** A town slug (places.ts). */
  city?: string;
  sells?: SellsChoice;
  /** Every one of these (a dealer must offer them all). */
  services: DealerService[];
  /** Only dealers listing their stock on Voitura's marketplace. */
  marketplace: boolean;
  sort: DirectorySort;
  page: number;
}

export const directoryParamLabels = {
  q: "Name or town",
  brand: "Brand",
  province: "Province",
  city: "Town",
  sells: "New or used",
  services: "Services",
  marketplace: "On Voitura",
  sort: "Sort",
  page: "Page",
} as const;

export function emptyDirectorySearch(): DirectorySearch {
  return { q: "", services: [], marketplace: false, sort: "name", page: 1 };
}

export function directorySearchWith(fields: Partial<DirectorySearch>): DirectorySearch {
  return { ...emptyDirectorySearch(), ...fields };
}

/** The parameters in the one canonical order; empty values and defaults left out. */
function toDirectoryParams(search: DirectorySearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set("q", search.q);
  if (search.brand) params.set("brand", search.brand);
  if (search.province) params.set("province", search.province);
  if (search.city) params.set("city", search.city);
  if (search.sells) params.set("sells", search.sells);
  // Services in the vocabulary's order, whatever order they were ticked in.
  for (const service of dealerServices) if (search.services.includes(service)) params.append("services", service);
  if (search.marketplace) params.set("marketplace", "1");
  if (search.sort !== "name") params.set("sort", search.sort);
  if (search.page > 1) params.set("page", String(search.page));
  return params;
}

/** The directory's address for a search (always /concessionnaires, the canonical directory). */
export function directorySearchUrl(search: DirectorySearch): string {
  const query = toDirectoryParams(search).toString();
  return query ? `${DEALER_DIRECTORY_PATH}?${query}` : DEALER_DIRECTORY_PATH;
}

/** The same search with every filter cleared (the sort is kept). */
export function withoutDirectoryFilters(search: DirectorySearch): DirectorySearch {
  return directorySearchWith({ sort: search.sort });
}

/** A filter is active (paging and sorting are not filters). */
export function hasDirectoryFilters(search: DirectorySearch): boolean {
  return (
    search.q !== "" ||
    [search.brand, search.province, search.city, search.sells].some((v) => v !== undefined) ||
    search.services.length > 0 ||
    search.marketplace
  );
}

export function directoryPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));
}

interface DirectoryChip {
  key: string;
  label: string;
  /** The search without this filter, back on page 1. */
  url: string;
}

/** One removable chip per active filter, in the form's order. */
export function directoryChips(search: DirectorySearch, brandName: (slug: string) => string): DirectoryChip[] {
  const base: DirectorySearch = { ...search, page: 1 };
  const chips: DirectoryChip[] = [];
  const push = (key: string, label: string, without: Partial<DirectorySearch>) => chips.push({ key, label, url: directorySearchUrl({ ...base, ...without }) });
  if (search.q) push("q", `“${search.q}”`, { q: "" });
  if (search.brand) push("brand", brandName(search.brand), { brand: undefined });
  if (search.province) push("province", provinceName(search.province), { province: undefined });
  if (search.city) push("city", cityName(search.city), { city: undefined });
  if (search.sells) push("sells", sellsLabels[search.sells], { sells: undefined });
  for (const service of search.services) push(`services:${service}`, dealerServiceLabels[service], { services: search.services.filter((s) => s !== service) });
  if (search.marketplace) push("marketplace", "On Voitura", { marketplace: false });
  return chips;
}

/**
 * The filter form's values written as the canonical search (with scripts the form navigates
 * there itself). The form offers only valid choices; anything else is left for the server to
 * drop with a notice, so it is passed through as typed.
 */
export function directoryUrlFromForm(data: Iterable<[string, string]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of data) if (value.trim() !== "") params.append(key, value.trim());
  const search = emptyDirectorySearch();
  search.q = (params.get("q") ?? "").replace(/\s+/g, " ").slice(0, DIRECTORY_LIMITS.qMax).trim();
  const brand = params.get("brand");
  const province = params.get("province");
  const city = params.get("city");
  const sells = params.get("sells");
  const sort = params.get("sort");
  if (brand) search.brand = brand;
  if (province) search.province = province;
  if (city) search.city = city;
  if (sells === "new" || sells === "used") search.sells = sells;
  search.services = dealerServices.filter((s) => params.getAll("services").includes(s));
  search.marketplace = params.has("marketplace");
  if (sort === "town") search.sort = "town";
  return directorySearchUrl(search);
}

/** A dealer as a directory card shows it. */
export interface DirectoryCard {
  id: number;
  slug: string;
  name: string;
  groupName: string | null;
  kind: DealerKind;
  sellsNew: boolean;
  sellsUsed: boolean;
  suburb: string;
  city: string;
  province: string;
  phone: string | null;
  services: DealerService[];
  onMarketplace: boolean;
  /** Published used ads of the dealer on the marketplace. */
  liveAds: number;
  brands: { slug: string; name: string; colour: string }[];
  isDemo: boolean;
  /** The logo its owner uploaded (photo renditions' key), or null. */
  logoKey: string | null;
  /** A claim was approved: "Verified dealer" (issue 46). */
  verified: boolean;
}

export interface DirectoryFacetChoice {
  value: string;
  label: string;
  /** Dealers with this value, the other filters applied. */
  count: number;
}

/** Each filter's choices with their counts (the rule: directory.server.ts). */
export interface DirectoryFacets {
  brand: DirectoryFacetChoice[];
  province: DirectoryFacetChoice[];
  city: (DirectoryFacetChoice & { province: string })[];
  sells: Record<SellsChoice, number>;
  services: Record<DealerService, number>;
  marketplace: number;
}

export interface DirectoryPage {
  search: DirectorySearch;
  notices: string[];
  total: number;
  facets: DirectoryFacets;
  cards: DirectoryCard[];
  /** The chosen brand's name (for the title and its chip). */
  brandName: string | null;
  pageCount: number;
  /** The requested page is after the last one. */
  pastEnd: boolean;
  /** The same search written canonically on /concessionnaires. */
  canonicalUrl: string;
  prevUrl: string | null;
  nextUrl: string | null;
}

/** The page's heading: "Toyota dealers in Gauteng", "Car dealers in South Africa". */
export function directoryHeading(search: DirectorySearch, brandName: string | null): string {
  const place = search.city ? cityName(search.city) : search.province ? provinceName(search.province) : "South Africa";
  return `${brandName ?? "Car"} dealers in ${place}`;
}

/** What the directory's pages get from their loader: the cards may reach a document as HTML only. */
export type DirectoryPageData = Omit<DirectoryPage, "cards"> & { cards: DirectoryCard[] | null };

/** The key under which a document's cards are kept for printing (app/lib/printed-data). */
export const PRINTED_DIRECTORY_CARDS = "dealer-directory-cards";

/** Title, description and robots rule of a directory page (both of its addresses). */
export function directoryMetaFields(page: DirectoryPageData | undefined): { title: string; description: string; noindex?: boolean } {
  if (!page) return { title: "Car dealers in South Africa", description: "Find car dealers in South Africa by brand, province and town." };
  const heading = directoryHeading(page.search, page.brandName);
  return {
    title: page.search.page > 1 ? `${heading}, page ${page.search.page}` : heading,
    description: `${heading}: ${page.total} ${page.total === 1 ? "dealer" : "dealers"} with their brands, new or used cars, services, address and phone number, in the Voitura dealer directory.`,
    noindex: page.pastEnd || page.notices.length > 0,
  };
}
