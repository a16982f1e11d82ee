import type { AdDrive, AdStatus, ReportReason, SellerKind, ServiceHistory } from "../../../db/schema/marketplace";
import type { Drive } from "../../../db/schema/catalogue";

export { bodyTypeLabels, fuelLabels, transmissionLabels } from "~/features/catalogue/types";

// The marketplace's words: labels for every coded value an ad carries, the colours a car comes
// in (with the paint the illustrations and demo photos use), and the equipment a seller can tick.

export const adDriveLabels: Record<AdDrive, string> = { "2wd": "2WD", "4x4": "4x4", awd: "AWD" };

/** The catalogue's drive as a buyer sees it: front- and rear-wheel drive are both 2WD. */
export function adDriveOf(drive: Drive): AdDrive {
  return drive === "4x4" ? "4x4" : drive === "awd" ? "awd" : "2wd";
}

export const serviceHistoryLabels: Record<ServiceHistory, string> = {
  full: "Full service history",
  partial: "Partial service history",
  none: "No service history",
};

export const sellerKindLabels: Record<SellerKind, string> = { private: "Private seller", dealer: "Dealer" };

export const adStatusLabels: Record<AdStatus, string> = {
  draft: "Draft",
  published: "For sale",
  paused: "Paused",
  sold: "Sold",
  expired: "Expired",
  removed: "Removed",
  under_review: "Under review",
};

export const reportReasonLabels: Record<ReportReason, string> = {
  scam: "Looks like a scam",
  sold: "The car is already sold",
  "wrong-details": "Wrong details (price, year, mileage…)",
  offensive: "Offensive content",
  other: "Something else",
};

interface AdColour {
  slug: string;
  name: string;
  /** Paint for the illustration and the demo photos. */
  hex: string;
  /** Share of demo listings (white and silver dominate South African roads). */
  share: number;
}

export const adColours: readonly AdColour[] = [
  { slug: "white", name: "White", hex: "#f1f5f9", share: 0.3 },
  { slug: "silver", name: "Silver", hex: "#b8c0c8", share: 0.17 },
  { slug: "grey", name: "Grey", hex: "#64748b", share: 0.14 },
  { slug: "black", name: "Black", hex: "#1f2937", share: 0.11 },
  { slug: "blue", name: "Blue", hex: "#1d4ed8", share: 0.08 },
  { slug: "red", name: "Red", hex: "#b91c1c", share: 0.08 },
  { slug: "brown", name: "Brown", hex: "#78350f", share: 0.03 },
  { slug: "beige", name: "Beige", hex: "#d6c7a1", share: 0.03 },
  { slug: "green", name: "Green", hex: "#166534", share: 0.02 },
  { slug: "orange", name: "Orange", hex: "#ea580c", share: 0.02 },
  { slug: "yellow", name: "Yellow", hex: "#eab308", share: 0.01 },
  { slug: "gold", name: "Gold", hex: "#b08d57", share: 0.01 },
];

const colourBySlug = new Map(adColours.map((c) => [c.slug, c]));
export const findColour = (slug: string): AdColour | undefined => colourBySlug.get(slug);
export const colourName = (slug: string): string => colourBySlug.get(slug)?.name ?? slug;

/** Equipment a seller can tick (stored as these labels, in this order). */
export const adEquipment = [
  "Air conditioning",
  "Climate control",
  "Electric windows",
  "Central locking",
  "ABS brakes",
  "Airbags (front and side)",
  "Isofix child-seat mounts",
  "Bluetooth",
  "Apple CarPlay / Android Auto",
  "Navigation",
  "Cruise control",
  "Adaptive cruise control",
  "Park distance control",
  "Rear-view camera",
  "Keyless entry and start",
  "Leather seats",
  "Heated seats",
  "Sunroof",
  "LED headlights",
  "Alloy wheels",
  "Roof rails",
  "Tow bar",
  "Canopy",
  "Service plan remaining",
  "Warranty remaining",
  "Spare keys",
] as const;
