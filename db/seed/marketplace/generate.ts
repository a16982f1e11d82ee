import type { AdStatus, SellerKind, ServiceHistory } from "../../schema/marketplace";
import type { BodyType, Drive, FuelType, Transmission } from "../../schema/catalogue";
import { askingPrice, fairUsedPrice, typicalMileage } from "../../../app/features/marketplace/pricing/depreciation";
import { demoPhotoKey, demoShotLabels, demoShots } from "../../../app/features/marketplace/selling/demo-photos";
import { photoHeight, PHOTO_WIDTHS } from "../../../app/features/marketplace/photos";
import { cityName, findCity } from "../../../app/lib/places";
import { adColours, adDriveOf, adEquipment } from "../../../app/features/marketplace/vocabulary";
import { REFERENCE_DATE } from "../dates";
import { randomFor, type Random } from "../random";
import { slugify } from "../slug";
import { demoDescription } from "./descriptions";
import type { DemoDealer, DemoPrivateSeller } from "./sellers";

// The demo marketplace, ad by ad: ad `index` is always the same car (its random numbers come
// from its index), so the first-start seed and `market:generate` share one generator and a
// resumed generation continues where it stopped.

/** A catalogue version as the generator needs it (read from the database, with its ids). */
export interface AdSourceVersion {
  versionName: string;
  priceZar: number;
  fuel: FuelType;
  transmission: Transmission;
  drive: Drive;
  engineCc: number | null;
  doors: number;
  seats: number;
  bodyType: BodyType;
  /** YYYY-MM-DD of the current generation's launch. */
  launchDate: string;
  modelId: number;
  modelName: string;
  brandId: number;
  brandName: string;
  popularity: number;
}

interface GeneratedPhoto {
  position: number;
  storageKey: string;
  width: number;
  height: number;
  alt: string;
}

export interface GeneratedAd {
  status: AdStatus;
  sellerKind: SellerKind;
  /** Index into the dealers or private sellers list. */
  sellerIndex: number;
  brandId: number;
  modelId: number;
  makeName: string;
  modelName: string;
  variant: string;
  title: string;
  slug: string;
  year: number;
  mileageKm: number;
  priceZar: number;
  negotiable: boolean;
  fuel: FuelType;
  transmission: Transmission;
  bodyType: BodyType;
  drive: "2wd" | "4x4" | "awd";
  colour: string;
  engineCc: number | null;
  doors: number;
  seats: number;
  serviceHistory: ServiceHistory;
  previousOwners: number;
  province: string;
  city: string;
  description: string;
  equipment: string[];
  phone: string;
  photos: GeneratedPhoto[];
  /** Every price asked, oldest first; the last is priceZar. */
  prices: { priceZar: number; changedAt: string }[];
  publishedAt: string;
  expiresAt: string;
  soldAt: string | null;
  createdAt: string;
  updatedAt: string;
  viewCount: number;
  contactCount: number;
  phoneRevealCount: number;
}

const DEMO_PUBLISHED = 2_700;
const DEMO_SOLD = 150;
const DEMO_EXPIRED = 150;
const DEMO_REMOVED = 12;
/** The first-start seed's ads; `market:generate` continues the sequence past them. */
export const DEMO_AD_COUNT = DEMO_PUBLISHED + DEMO_SOLD + DEMO_EXPIRED + DEMO_REMOVED;

const REFERENCE_YEAR = Number(REFERENCE_DATE.slice(0, 4));
const LATEST_YEAR = 2026;
const DAY = 86_400_000;
const referenceTime = Date.parse(`${REFERENCE_DATE}T00:00:00Z`);
const LISTING_DAYS = 60;

/** The seed's status of ad `index`: published first, then sold, expired and a few removed. */
export function demoStatusOf(index: number): AdStatus {
  if (index < DEMO_PUBLISHED) return "published";
  if (index < DEMO_PUBLISHED + DEMO_SOLD) return "sold";
  if (index < DEMO_PUBLISHED + DEMO_SOLD + DEMO_EXPIRED) return "expired";
  if (index < DEMO_AD_COUNT) return "removed";
  // Past the seed (market:generate): nine in ten live, the rest sold or expired.
  const roll = randomFor(`demo-ad-status:${index}`).next();
  return roll < 0.9 ? "published" : roll < 0.95 ? "sold" : "expired";
}

interface AdGeneratorInput {
  versions: readonly AdSourceVersion[];
  dealers: readonly DemoDealer[];
  privateSellers: readonly DemoPrivateSeller[];
}

/** Prepares the weighted draws once; `ad(index)` is then cheap enough for a million ads. */
export function createAdGenerator({ versions, dealers, privateSellers }: AdGeneratorInput) {
  if (versions.length === 0) throw new Error("The marketplace needs a catalogue: no versions found");
  // Popular models are listed far more often (a Hilux or a Polo Vivo has hundreds of ads, a
  // sports car a handful), which also gives the price rating enough comparables.
  const cumulative: number[] = [];
  let total = 0;
  for (const v of versions) {
    total += Math.exp((v.popularity - 100) / 14) / versionsPerModel(versions, v.modelId);
    cumulative.push(total);
  }
  const pickVersion = (random: Random): AdSourceVersion => {
    const roll = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > roll) hi = mid;
      else lo = mid + 1;
    }
    return versions[lo]!;
  };
  const colourCumulative = adColours.reduce<number[]>((acc, c) => [...acc, (acc.at(-1) ?? 0) + c.share], []);
  const pickColour = (random: Random) => {
    const roll = random.next() * colourCumulative.at(-1)!;
    return adColours[colourCumulative.findIndex((c) => c > roll)]?.slug ?? "white";
  };

  return {
    ad(index: number, status: AdStatus = demoStatusOf(index)): GeneratedAd {
      const random = randomFor(`demo-ad:${index}`);
      const v = pickVersion(random);
      const sellerKind: SellerKind = random.next() < 0.4 ? "dealer" : "private";
      const sellerIndex = sellerKind === "dealer" ? random.int(0, dealers.length - 1) : random.int(0, privateSellers.length - 1);
      const seller = sellerKind === "dealer" ? dealers[sellerIndex]! : privateSellers[sellerIndex]!;

      const year = pickYear(random, v.launchDate);
      const age = REFERENCE_YEAR - year;
      const mileageKm = pickMileage(random, age);
      const fair = fairUsedPrice(v.priceZar, age, mileageKm);
      // Sellers misjudge the market by about 8 % either way: the spread the price rating rates.
      const priceZar = askingPrice(random.jitter(fair, 0.08), sellerKind);
      const colour = pickColour(random);
      const serviceHistory: ServiceHistory = pickServiceHistory(random, age);
      const previousOwners = Math.min(4, 1 + Math.floor(random.next() * (age <= 2 ? 1.2 : age <= 6 ? 2.4 : 3.6)));
      const equipment = pickEquipment(random, v, age);
      const negotiable = random.next() < (sellerKind === "private" ? 0.55 : 0.25);
      const title = `${year} ${v.brandName} ${v.modelName} ${v.versionName}`;

      // Dates: live ads were published in the last 60 days; sold, expired and removed ones earlier.
      const daysAgo =
        status === "published"
          ? random.range(0.05, LISTING_DAYS - 0.5)
          : status === "expired"
            ? random.range(LISTING_DAYS + 1, 240)
            : random.range(10, 200);
      const published = referenceTime - daysAgo * DAY + random.int(6, 20) * 3_600_000;
      const publishedAt = Math.min(published, referenceTime - 600_000);
      const expiresAt = publishedAt + LISTING_DAYS * DAY;
      const soldAt = status === "sold" ? Math.min(referenceTime - DAY, publishedAt + random.range(3, 50) * DAY) : null;
      const liveDays = Math.max(0.2, ((soldAt ?? Math.min(expiresAt, referenceTime)) - publishedAt) / DAY);

      // An ad in six was first listed higher: its price history shows the reduction.
      const prices: GeneratedAd["prices"] = [];
      let updatedAt = publishedAt;
      if (random.next() < 0.16 && liveDays > 4) {
        const earlier = askingPrice(priceZar * random.range(1.04, 1.12), sellerKind);
        const reducedAt = publishedAt + random.range(2, liveDays - 1) * DAY;
        prices.push({ priceZar: earlier, changedAt: iso(publishedAt) }, { priceZar, changedAt: iso(reducedAt) });
        updatedAt = reducedAt;
      } else {
        prices.push({ priceZar, changedAt: iso(publishedAt) });
      }
      if (soldAt) updatedAt = soldAt;

      const interest = 0.5 + v.popularity / 100 + (priceZar < 150_000 ? 0.4 : 0);
      const viewCount = Math.round(liveDays * random.range(4, 22) * interest);
      const contactCount = Math.round(viewCount * random.range(0.005, 0.03));
      const phoneRevealCount = Math.round(viewCount * random.range(0.01, 0.05));

      const photoCount = sellerKind === "dealer" ? random.int(6, 12) : Math.min(12, 1 + Math.floor(random.next() ** 1.6 * 10));
      const photos = Array.from({ length: photoCount }, (_, position) => {
        // The cover is the side view; the others go round the car, then closer.
        const shot = demoShots[position % demoShots.length]!;
        const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
        return {
          position,
          storageKey: demoPhotoKey(v.bodyType, colour, shot),
          width: largest,
          height: photoHeight(largest),
          alt: `${year} ${v.brandName} ${v.modelName}, ${demoShotLabels[shot]}`,
        };
      });

      const town = findCity(seller.city);
      return {
        status,
        sellerKind,
        sellerIndex,
        brandId: v.brandId,
        modelId: v.modelId,
        makeName: v.brandName,
        modelName: v.modelName,
        variant: v.versionName,
        title,
        slug: slugify(title),
        year,
        mileageKm,
        priceZar,
        negotiable,
        fuel: v.fuel,
        transmission: v.transmission,
        bodyType: v.bodyType,
        drive: adDriveOf(v.drive),
        colour,
        engineCc: v.engineCc,
        doors: v.doors,
        seats: v.seats,
        serviceHistory,
        previousOwners,
        province: seller.province,
        city: seller.city,
        description: demoDescription(random, {
          sellerKind,
          year,
          makeName: v.brandName,
          modelName: v.modelName,
          mileageKm,
          serviceHistory,
          previousOwners,
          equipment,
          cityName: town?.name ?? cityName(seller.city),
          negotiable,
          dealerName: sellerKind === "dealer" ? (seller as DemoDealer).name : undefined,
        }),
        equipment,
        phone: seller.phone,
        photos,
        prices,
        publishedAt: iso(publishedAt),
        expiresAt: iso(expiresAt),
        soldAt: soldAt === null ? null : iso(soldAt),
        createdAt: iso(publishedAt - random.range(0.01, 0.2) * DAY),
        updatedAt: iso(updatedAt),
        viewCount,
        contactCount,
        phoneRevealCount,
      };
    },
  };
}

const iso = (time: number) => new Date(Math.round(time)).toISOString();

const versionCounts = new WeakMap<readonly AdSourceVersion[], Map<number, number>>();
function versionsPerModel(versions: readonly AdSourceVersion[], modelId: number): number {
  let counts = versionCounts.get(versions);
  if (!counts) {
    counts = new Map();
    for (const v of versions) counts.set(v.modelId, (counts.get(v.modelId) ?? 0) + 1);
    versionCounts.set(versions, counts);
  }
  return counts.get(modelId) ?? 1;
}

/**
 * A model year: most used cars on sale are two to eight years old; never before the current
 * generation's launch year minus eight (the previous generation under the same name), never in
 * the future.
 */
function pickYear(random: Random, launchDate: string): number {
  const launchYear = Number(launchDate.slice(0, 4));
  const earliest = Math.max(2008, launchYear - 8);
  const latest = Math.min(LATEST_YEAR, REFERENCE_YEAR);
  // Age drawn from a skewed bump peaking around four years.
  const age = Math.round(Math.abs(random.range(0, 1) + random.range(0, 1) + random.range(0, 1) - 1.5) * 5.5 + random.range(0, 2.5));
  return Math.min(latest, Math.max(earliest, REFERENCE_YEAR - age));
}

/** About 18 000 km a year with a wide spread; a year-old car has at least a few thousand. */
function pickMileage(random: Random, age: number): number {
  const typical = typicalMileage(age);
  const factor = Math.exp(random.range(-0.55, 0.45));
  const km = age === 0 ? random.int(500, 15_000) : typical * factor;
  // Sellers round to the hundred.
  return Math.max(100, Math.round(km / 100) * 100);
}

function pickServiceHistory(random: Random, age: number): ServiceHistory {
  const roll = random.next();
  const full = age <= 4 ? 0.8 : age <= 8 ? 0.55 : 0.4;
  return roll < full ? "full" : roll < full + (1 - full) * 0.7 ? "partial" : "none";
}

// Equipment a seller ticks, by how likely a car at that price has it.
const standard = ["Air conditioning", "Electric windows", "Central locking", "ABS brakes", "Airbags (front and side)"];
const byTier: [string, number, number][] = [
  // [item, chance on a budget car, chance on a premium car]
  ["Climate control", 0.1, 0.9],
  ["Isofix child-seat mounts", 0.5, 0.9],
  ["Bluetooth", 0.6, 0.95],
  ["Apple CarPlay / Android Auto", 0.25, 0.85],
  ["Navigation", 0.05, 0.7],
  ["Cruise control", 0.25, 0.9],
  ["Adaptive cruise control", 0, 0.45],
  ["Park distance control", 0.3, 0.95],
  ["Rear-view camera", 0.15, 0.85],
  ["Keyless entry and start", 0.05, 0.7],
  ["Leather seats", 0.03, 0.75],
  ["Heated seats", 0, 0.4],
  ["Sunroof", 0.02, 0.35],
  ["LED headlights", 0.05, 0.8],
  ["Alloy wheels", 0.45, 0.98],
  ["Spare keys", 0.55, 0.7],
];

function pickEquipment(random: Random, v: AdSourceVersion, age: number): string[] {
  // 0 for a R 250 000 car, 1 from R 900 000.
  const premium = Math.min(1, Math.max(0, (v.priceZar - 250_000) / 650_000));
  const chosen = new Set(standard.filter(() => random.next() < 0.97));
  for (const [item, low, high] of byTier) if (random.next() < low + (high - low) * premium) chosen.add(item);
  const loadCarrier = v.bodyType === "bakkie" || v.bodyType === "double-cab";
  const outdoors = loadCarrier || v.bodyType === "suv";
  if ((outdoors || v.bodyType === "crossover" || v.bodyType === "station-wagon") && random.next() < 0.6) chosen.add("Roof rails");
  if (random.next() < (loadCarrier ? 0.75 : outdoors ? 0.35 : 0.05)) chosen.add("Tow bar");
  if (loadCarrier && random.next() < 0.45) chosen.add("Canopy");
  if (age <= 4 && random.next() < 0.6) chosen.add("Service plan remaining");
  if (age <= 3 && random.next() < 0.7) chosen.add("Warranty remaining");
  return adEquipment.filter((item) => chosen.has(item));
}
