import type { DealerKind, DealerService, OpeningHours, OpeningInterval } from "../../schema/vocabulary";
import { cities, findCity, provinces, type City } from "../../../app/lib/places";
import { addDays, REFERENCE_DATE } from "../dates";
import { randomFor, type Random } from "../random";
import { slugify } from "../slug";
import { demoPhone, generateDemoDealers, pickCity } from "../marketplace/sellers";
import { placeWord, streetNames, suburbsByCity, type Suburb } from "./suburbs";

// The demo dealer directory: the marketplace's independent used-car dealers (same slugs, so their
// ads stay theirs), franchise dealers of the catalogue's brands named after the suburb of their
// motor strip ("Toyota Menlyn"), and independents that do not list on Voitura. Deterministic, so
// every instance and every test sees the same directory. Groups are fictional; numbers are on the
// +27 10 555 range and addresses at example.com, nobody's.

export interface DemoDirectoryDealer {
  slug: string;
  name: string;
  groupName: string | null;
  kind: DealerKind;
  /** Brand slugs (the catalogue's): franchises for a franchise dealer, none for an independent. */
  brandSlugs: string[];
  sellsNew: boolean;
  sellsUsed: boolean;
  streetAddress: string;
  suburb: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string;
  email: string;
  website: string | null;
  openingHours: OpeningHours;
  services: DealerService[];
  onMarketplace: boolean;
  createdAt: string;
}

/** Franchise points per brand, roughly each brand's dealer network in South Africa, scaled down. */
const franchises: ReadonlyArray<{ brands: readonly string[]; count: number }> = [
  { brands: ["toyota"], count: 14 },
  { brands: ["volkswagen"], count: 10 },
  { brands: ["suzuki"], count: 9 },
  { brands: ["hyundai"], count: 7 },
  { brands: ["ford"], count: 7 },
  { brands: ["haval", "gwm"], count: 6 },
  { brands: ["nissan"], count: 6 },
  { brands: ["kia"], count: 6 },
  { brands: ["chery"], count: 5 },
  { brands: ["renault"], count: 5 },
  { brands: ["isuzu"], count: 5 },
  { brands: ["bmw"], count: 4 },
  { brands: ["bmw", "mini"], count: 1 },
  { brands: ["mercedes-benz"], count: 5 },
  { brands: ["mahindra"], count: 4 },
  { brands: ["audi"], count: 3 },
  { brands: ["byd"], count: 3 },
  { brands: ["mazda"], count: 3 },
  { brands: ["honda"], count: 3 },
  { brands: ["omoda", "jaecoo"], count: 3 },
  { brands: ["peugeot", "citroen", "opel"], count: 2 },
  { brands: ["jeep", "fiat", "alfa-romeo"], count: 2 },
  { brands: ["volvo"], count: 2 },
  { brands: ["land-rover"], count: 2 },
  { brands: ["lexus"], count: 2 },
  { brands: ["porsche"], count: 2 },
  { brands: ["mitsubishi"], count: 2 },
  { brands: ["jetour"], count: 2 },
  { brands: ["subaru"], count: 1 },
  { brands: ["tata"], count: 1 },
  { brands: ["proton"], count: 1 },
  { brands: ["changan"], count: 1 },
  { brands: ["gac"], count: 1 },
  { brands: ["baic"], count: 1 },
];

const DEMO_INDEPENDENT_OFF_MARKET_COUNT = 12;

const brandWords: Record<string, string> = {
  "mercedes-benz": "Mercedes-Benz", bmw: "BMW", byd: "BYD", gwm: "GWM", gac: "GAC", baic: "BAIC", mini: "MINI",
  "land-rover": "Land Rover", "alfa-romeo": "Alfa Romeo", citroen: "Citroën",
};
const brandWord = (slug: string): string => brandWords[slug] ?? slug.charAt(0).toUpperCase() + slug.slice(1);

const groups = ["Ikhaya Motor Group", "Meridian Auto Holdings", "Southern Cross Motor Group", "Umoya Motors", "Two Oceans Auto Group", "Vaal Motor Holdings"];
const independentNames = ["Bushveld Pre-Owned", "Fynbos Car Sales", "Impala Auto", "Marula Motors", "Nguni Car Traders", "Sunbird Auto", "Aloe Motors", "Waterberg Cars"];

const span = (opens: string, closes: string): OpeningInterval[] => [{ opens, closes }];
const week = (weekday: OpeningInterval[], sat: OpeningInterval[], sun: OpeningInterval[], holidays: OpeningInterval[]): OpeningHours => ({
  mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat, sun, holidays,
});

/** The week a dealer keeps: showrooms mostly 08:00-17:00 with Saturday mornings; some open Sundays. */
function openingHoursFor(kind: DealerKind, random: Random): OpeningHours {
  const roll = random.next();
  if (kind === "franchise") {
    if (roll < 0.55) return week(span("08:00", "17:00"), span("08:00", "13:00"), [], []);
    if (roll < 0.85) return week(span("07:30", "17:30"), span("08:00", "14:00"), span("09:00", "13:00"), span("09:00", "13:00"));
    return week(span("08:00", "18:00"), span("08:00", "16:00"), span("09:00", "14:00"), span("09:00", "14:00"));
  }
  if (roll < 0.6) return week(span("08:30", "17:30"), span("08:30", "14:00"), span("10:00", "14:00"), []);
  return week(span("08:00", "17:00"), span("08:00", "13:00"), [], []);
}

function servicesFor(kind: DealerKind, random: Random): DealerService[] {
  if (kind === "franchise") return random.next() < 0.8 ? ["sales", "service", "parts", "finance"] : ["sales", "service", "parts"];
  const services: DealerService[] = ["sales"];
  if (random.next() < 0.2) services.push("service");
  if (random.next() < 0.7) services.push("finance");
  return services;
}

function suburbIn(town: City, random: Random): Suburb {
  return random.pick(suburbsByCity[town.slug] ?? [{ name: `${town.name} Central`, postalCode: "0000" }]);
}

const largestTown = (province: string): City =>
  cities.filter((c) => c.province === province).reduce((best, c) => (c.weight > best.weight ? c : best));

/** Every demo dealer of the directory, marketplace dealers first (in the marketplace's order). */
export function generateDirectoryDealers(): DemoDirectoryDealer[] {
  const out: DemoDirectoryDealer[] = [];
  const names = new Set<string>();
  let phoneNumber = 3000;

  const address = (town: City, random: Random) => {
    const suburb = suburbIn(town, random);
    return { suburb, streetAddress: `${random.int(2, 480)} ${random.pick(streetNames)}` };
  };

  // The marketplace's dealers: used cars only, listing their stock on Voitura.
  for (const dealer of generateDemoDealers()) {
    const random = randomFor(`directory:${dealer.slug}`);
    const town = findCity(dealer.city)!;
    const { suburb, streetAddress } = address(town, random);
    names.add(dealer.name);
    out.push({
      slug: dealer.slug,
      name: dealer.name,
      groupName: null,
      kind: "independent",
      brandSlugs: [],
      sellsNew: false,
      sellsUsed: true,
      streetAddress,
      suburb: suburb.name,
      city: dealer.city,
      province: dealer.province,
      postalCode: suburb.postalCode,
      phone: dealer.phone,
      email: dealer.email,
      website: random.next() < 0.6 ? `https://www.${dealer.slug}.example.com` : null,
      openingHours: openingHoursFor("independent", random),
      services: servicesFor("independent", random),
      onMarketplace: true,
      createdAt: dealer.createdAt,
    });
  }

  // Franchise points, brand by brand in turns so the first ones land one per province (every
  // province gets three showrooms in its largest town before the rest follow the car parc).
  const queue = franchises.flatMap((f) => Array.from({ length: f.count }, (_, n) => ({ brands: f.brands, n })));
  queue.sort((a, b) => a.n - b.n || franchises.findIndex((f) => f.brands === a.brands) - franchises.findIndex((f) => f.brands === b.brands));
  queue.forEach((point, i) => {
    const key = `${point.brands.join("+")}:${point.n}`;
    const random = randomFor(`directory-franchise:${key}`);
    const town = i < provinces.length * 3 ? largestTown(provinces[i % provinces.length]!.slug) : pickCity(random);
    let { suburb, streetAddress } = address(town, random);
    const make = point.brands.slice(0, 2).map(brandWord).join(" ");
    let name = `${make} ${placeWord(suburb, town.name)}`;
    // Two showrooms of a brand in one suburb: the second takes another suburb of the town, or the town's name.
    for (const alternative of suburbsByCity[town.slug] ?? []) {
      if (!names.has(name)) break;
      suburb = alternative;
      name = `${make} ${placeWord(suburb, town.name)}`;
    }
    if (names.has(name)) name = `${make} ${suburb.name} ${town.name}`;
    if (names.has(name)) return; // a third showroom of one brand in one small town: left out
    names.add(name);
    const slug = slugify(name);
    const groupName = random.next() < 0.7 ? random.pick(groups) : null;
    out.push({
      slug,
      name,
      groupName,
      kind: "franchise",
      brandSlugs: [...point.brands],
      sellsNew: true,
      // The flagship showrooms of each province's main town take trade-ins and sell them on.
      sellsUsed: i < provinces.length * 3 || random.next() < 0.85,
      streetAddress,
      suburb: suburb.name,
      city: town.slug,
      province: town.province,
      postalCode: suburb.postalCode,
      phone: demoPhone(phoneNumber++),
      email: `sales@${slug}.example.com`,
      website: random.next() < 0.85 ? `https://www.${slug}.example.com` : null,
      openingHours: openingHoursFor("franchise", random),
      services: servicesFor("franchise", random),
      onMarketplace: false,
      createdAt: `${addDays(REFERENCE_DATE, -random.int(200, 4_000))}T08:00:00Z`,
    });
  });

  // Independents that do not (yet) list on Voitura: one per province first.
  for (let i = 0; i < DEMO_INDEPENDENT_OFF_MARKET_COUNT; i++) {
    const random = randomFor(`directory-independent:${i}`);
    const town = i < provinces.length ? pickTownOf(provinces[i]!.slug, random) : pickCity(random);
    const { suburb, streetAddress } = address(town, random);
    let name = `${independentNames[i % independentNames.length]} ${town.name}`;
    if (names.has(name)) name = `${independentNames[(i + 3) % independentNames.length]} ${town.name}`;
    if (names.has(name)) continue;
    names.add(name);
    const slug = slugify(name);
    out.push({
      slug,
      name,
      groupName: null,
      kind: "independent",
      brandSlugs: [],
      sellsNew: false,
      sellsUsed: true,
      streetAddress,
      suburb: suburb.name,
      city: town.slug,
      province: town.province,
      postalCode: suburb.postalCode,
      phone: demoPhone(phoneNumber++),
      email: `sales@${slug}.example.com`,
      website: random.next() < 0.5 ? `https://www.${slug}.example.com` : null,
      openingHours: openingHoursFor("independent", random),
      services: servicesFor("independent", random),
      onMarketplace: false,
      createdAt: `${addDays(REFERENCE_DATE, -random.int(200, 4_000))}T08:00:00Z`,
    });
  }
  return out;
}

function pickTownOf(province: string, random: Random): City {
  return random.pick(cities.filter((c) => c.province === province));
}
