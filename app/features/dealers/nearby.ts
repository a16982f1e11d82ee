import type { OpeningHours } from "../../../db/schema/vocabulary";
import { findProvince } from "~/lib/places";
import { directorySearchUrl, directorySearchWith } from "./directory-params";

// "Dealers near you" on model pages: the model page is a cached public page, so the section's
// dealers load in the browser from a small cacheable JSON resource, for the province the visitor
// chose (remembered in this browser). Shapes and addresses shared by the resource and the section.

const NEARBY_DEALERS_PATH = "/concessionnaires/proches.json";
/** Dealers the section shows at most. */
export const NEARBY_DEALERS_LIMIT = 4;
/** Where the visitor's province is remembered (localStorage). */
const DEALER_PROVINCE_KEY = "dealer-province";

interface NearbyDealer {
  id: number;
  name: string;
  /** The dealer's page. */
  url: string;
  suburb: string;
  /** The town's name. */
  town: string;
  phone: string | null;
  /** For "open now", worked out in the browser (the answer is cached). */
  openingHours: OpeningHours | null;
  isDemo: boolean;
}

export interface NearbyDealers {
  /** Dealers of the brand selling new cars in the province (or the country), all of them. */
  total: number;
  dealers: NearbyDealer[];
  /** The directory filtered the same way. */
  directoryUrl: string;
}

export const nearbyDealersUrl = (brandId: number, province?: string): string =>
  `${NEARBY_DEALERS_PATH}?brand=${brandId}${province ? `&province=${encodeURIComponent(province)}` : ""}`;

/** The directory's list of the brand's new-car dealers in a province (or the whole country). */
export const nearbyDirectoryUrl = (brandSlug: string, province?: string): string =>
  directorySearchUrl(directorySearchWith({ brand: brandSlug, province, sells: "new" }));

export interface NearbyQuery {
  brandId: number;
  province?: string;
}

/** The resource's parameters: a positive whole brand id and an optional known province. */
export function parseNearbyQuery(params: URLSearchParams): NearbyQuery | { error: string } {
  const brand = params.get("brand") ?? "";
  if (!/^\d{1,9}$/.test(brand) || Number(brand) < 1) return { error: "brand must be a positive whole number" };
  const province = params.get("province")?.trim() || undefined;
  if (province !== undefined && !findProvince(province)) return { error: "province must be one of the nine provinces' slugs" };
  return { brandId: Number(brand), province };
}

/** The province this browser chose last ("" when none, or when storage is switched off). */
export function rememberedProvince(): string {
  try {
    const value = localStorage.getItem(DEALER_PROVINCE_KEY) ?? "";
    return findProvince(value) ? value : "";
  } catch {
    return "";
  }
}

/** Remembers (or forgets, for "") the visitor's province in this browser. */
export function rememberProvince(province: string): void {
  try {
    if (province) localStorage.setItem(DEALER_PROVINCE_KEY, province);
    else localStorage.removeItem(DEALER_PROVINCE_KEY);
  } catch {
    // storage switched off or full: the choice lasts for this page only
  }
}
