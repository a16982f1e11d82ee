import type { BodyType, Drive, FuelType, Transmission } from "../../../db/schema/catalogue";

export interface ModelCard {
  id: number;
  slug: string;
  name: string;
  bodyType: BodyType;
  colour: string;
  launchDate: string;
  isElectric: boolean;
  brandId: number;
  brandSlug: string;
  brandName: string;
  brandColour: string;
  minPrice: number;
  maxPrice: number;
  fuels: FuelType[];
  versionCount: number;
  /** The cheapest version on sale (model-card queries; absent where a list builds its own cards). */
  entryVersionId?: number;
  entryVersionName?: string;
}

export interface PromotionCard {
  id: number;
  title: string;
  oldPriceZar: number;
  newPriceZar: number;
  endsOn: string;
  versionId: number;
  versionSlug: string;
  versionName: string;
  modelId: number;
  modelSlug: string;
  modelName: string;
  bodyType: BodyType;
  colour: string;
  brandSlug: string;
  brandName: string;
}

export const bodyTypeLabels: Record<BodyType, string> = {
  hatchback: "Hatchback",
  sedan: "Sedan",
  suv: "SUV",
  crossover: "Crossover",
  bakkie: "Bakkie",
  "double-cab": "Double cab",
  mpv: "MPV",
  coupe: "Coupé",
  convertible: "Convertible",
  "station-wagon": "Station wagon",
  van: "Van",
};

export const fuelLabels: Record<FuelType, string> = {
  petrol: "Petrol",
  diesel: "Diesel",
  hybrid: "Hybrid",
  "plug-in-hybrid": "Plug-in hybrid",
  electric: "Electric",
};

/** A model card on the electric list: about its battery-electric and plug-in hybrid versions only. */
export interface ElectricModelCard extends ModelCard {
  minRangeKm: number | null;
  maxRangeKm: number | null;
  minBatteryKwh: number | null;
  maxBatteryKwh: number | null;
  /** At least one battery-electric version (else plug-in hybrids only). */
  fullyElectric: boolean;
}

export const transmissionLabels: Record<Transmission, string> = {
  manual: "Manual",
  automatic: "Automatic",
  cvt: "CVT",
  "dual-clutch": "Dual-clutch",
};

export const driveLabels: Record<Drive, string> = {
  fwd: "Front-wheel drive",
  rwd: "Rear-wheel drive",
  awd: "All-wheel drive",
  "4x4": "4x4",
};
