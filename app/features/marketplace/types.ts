import type { AdStatus, AdDrive, SellerKind } from "../../../db/schema/marketplace";
import type { BodyType, FuelType, Transmission } from "../../../db/schema/catalogue";

export interface AdPhoto {
  storageKey: string;
  width: number;
  height: number;
  alt: string;
}

/** What a result card, the hub, similar ads and the favourites list show of an ad. */
export interface AdCardData {
  id: number;
  slug: string;
  title: string;
  makeName: string;
  modelName: string;
  year: number;
  mileageKm: number;
  fuel: FuelType;
  transmission: Transmission;
  bodyType: BodyType;
  drive: AdDrive;
  colour: string;
  /** City and province slugs (places.ts). */
  city: string;
  province: string;
  priceZar: number;
  /** The price before the latest reduction ("Price reduced"); null when the price never dropped or rose since. */
  previousPriceZar: number | null;
  negotiable: boolean;
  /** 0 none, 1 great … 4 high (price-rating.ts). */
  priceRating: number;
  sellerKind: SellerKind;
  dealerName: string | null;
  /** The selling dealer's claim was approved: "Verified dealer" (issue 46). */
  dealerVerified: boolean;
  photoCount: number;
  cover: AdPhoto | null;
  status: AdStatus;
  publishedAt: string | null;
  isDemo: boolean;
  /** The instalment estimate ("about R 4 310 a month*") and the calculator filled in with this car; added by the page (issue 47). */
  instalment?: { monthly: number; url: string } | null;
}
