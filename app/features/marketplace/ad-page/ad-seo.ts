import { absoluteUrl } from "~/lib/seo";
import type { AdDetail, AdSeller } from "./ad-page.server";
import { photoUrl } from "../photos";
import { cityName, provinceName } from "~/lib/places";
import type { AdPhoto } from "../types";
import { bodyTypeLabels, colourName, fuelLabels, transmissionLabels } from "../vocabulary";
import { formatRand, formatKm } from "~/lib/format";

// What search engines and link previews read of an ad: schema.org Car with its Offer, the title
// and the description.

const abs = absoluteUrl;

export function adJsonLd(input: { origin: string; canonicalPath: string; ad: AdDetail; photos: AdPhoto[]; seller: AdSeller }) {
  const { origin, ad, photos, seller } = input;
  const url = abs(origin, input.canonicalPath);
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: ad.title,
    url,
    brand: { "@type": "Brand", name: ad.makeName },
    model: ad.modelName,
    ...(ad.variant ? { vehicleConfiguration: ad.variant } : {}),
    vehicleModelDate: String(ad.year),
    mileageFromOdometer: { "@type": "QuantitativeValue", value: ad.mileageKm, unitCode: "KMT" },
    fuelType: fuelLabels[ad.fuel],
    vehicleTransmission: transmissionLabels[ad.transmission],
    bodyType: bodyTypeLabels[ad.bodyType],
    color: colourName(ad.colour),
    ...(ad.engineCc ? { vehicleEngine: { "@type": "EngineSpecification", engineDisplacement: { "@type": "QuantitativeValue", value: ad.engineCc, unitCode: "CMQ" } } } : {}),
    ...(ad.doors ? { numberOfDoors: ad.doors } : {}),
    ...(ad.seats ? { seatingCapacity: ad.seats } : {}),
    itemCondition: "https://schema.org/UsedCondition",
    ...(ad.description ? { description: ad.description.slice(0, 500) } : {}),
    ...(photos.length ? { image: photos.slice(0, 8).map((p) => abs(origin, photoUrl(p.storageKey, 1280))) } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: ad.priceZar,
      priceCurrency: "ZAR",
      itemCondition: "https://schema.org/UsedCondition",
      availability: ad.status === "published" ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      seller: seller.kind === "dealer" ? { "@type": "AutoDealer", name: seller.name } : { "@type": "Person", name: seller.firstName },
      availableAtOrFrom: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: cityName(ad.city), addressRegion: provinceName(ad.province), addressCountry: "ZA" } },
    },
  };
}

export function adPageTitle(ad: Pick<AdDetail, "title" | "city" | "status">): string {
  return ad.status === "sold" ? `Sold: ${ad.title}` : `${ad.title} for sale in ${cityName(ad.city)}`;
}

export function adPageDescription(ad: AdDetail): string {
  const facts = `${ad.year} ${ad.makeName} ${ad.modelName}${ad.variant ? ` ${ad.variant}` : ""}, ${formatKm(ad.mileageKm)}, ${fuelLabels[ad.fuel].toLowerCase()}, ${transmissionLabels[ad.transmission].toLowerCase()}, in ${cityName(ad.city)}, ${provinceName(ad.province)}: ${formatRand(ad.priceZar)}${ad.negotiable ? " (negotiable)" : ""}.`;
  const text = ad.description.replace(/\s+/g, " ").trim();
  const full = text ? `${facts} ${text}` : facts;
  return full.length > 300 ? `${full.slice(0, 297).replace(/\s+\S*$/, "")}…` : full;
}
