// South Africa's nine provinces and the towns the marketplace knows, with the share of listings
// each province carries in the demo data (roughly the country's car parc: Gauteng first).

interface Province {
  slug: string;
  name: string;
  /** Share of demo listings, summing to 1. */
  share: number;
  /** Provinces sharing a border, offered when a search in this one finds nothing. */
  neighbours: readonly string[];
}

export const provinces: readonly Province[] = [
  { slug: "gauteng", name: "Gauteng", share: 0.38, neighbours: ["north-west", "mpumalanga", "limpopo", "free-state"] },
  { slug: "western-cape", name: "Western Cape", share: 0.2, neighbours: ["northern-cape", "eastern-cape"] },
  { slug: "kwazulu-natal", name: "KwaZulu-Natal", share: 0.16, neighbours: ["mpumalanga", "free-state", "eastern-cape"] },
  { slug: "eastern-cape", name: "Eastern Cape", share: 0.07, neighbours: ["western-cape", "northern-cape", "free-state", "kwazulu-natal"] },
  { slug: "free-state", name: "Free State", share: 0.045, neighbours: ["gauteng", "north-west", "northern-cape", "eastern-cape", "kwazulu-natal", "mpumalanga"] },
  { slug: "mpumalanga", name: "Mpumalanga", share: 0.045, neighbours: ["gauteng", "limpopo", "kwazulu-natal", "free-state"] },
  { slug: "limpopo", name: "Limpopo", share: 0.035, neighbours: ["gauteng", "mpumalanga", "north-west"] },
  { slug: "north-west", name: "North West", share: 0.035, neighbours: ["gauteng", "limpopo", "free-state", "northern-cape"] },
  { slug: "northern-cape", name: "Northern Cape", share: 0.02, neighbours: ["western-cape", "north-west", "free-state", "eastern-cape"] },
];

export interface City {
  slug: string;
  name: string;
  province: string;
  /** Relative weight inside its province for the demo data. */
  weight: number;
}

const city = (province: string, name: string, weight: number): City => ({
  slug: name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, ""),
  name,
  province,
  weight,
});

export const cities: readonly City[] = [
  city("gauteng", "Johannesburg", 10),
  city("gauteng", "Pretoria", 9),
  city("gauteng", "Sandton", 5),
  city("gauteng", "Centurion", 5),
  city("gauteng", "Midrand", 4),
  city("gauteng", "Randburg", 4),
  city("gauteng", "Roodepoort", 3),
  city("gauteng", "Kempton Park", 3),
  city("gauteng", "Boksburg", 3),
  city("gauteng", "Benoni", 2),
  city("gauteng", "Germiston", 2),
  city("gauteng", "Krugersdorp", 2),
  city("gauteng", "Vereeniging", 2),
  city("gauteng", "Soweto", 2),
  city("western-cape", "Cape Town", 10),
  city("western-cape", "Bellville", 4),
  city("western-cape", "Somerset West", 2),
  city("western-cape", "Stellenbosch", 2),
  city("western-cape", "Paarl", 2),
  city("western-cape", "George", 2),
  city("western-cape", "Mossel Bay", 1),
  city("western-cape", "Worcester", 1),
  city("kwazulu-natal", "Durban", 10),
  city("kwazulu-natal", "Pietermaritzburg", 4),
  city("kwazulu-natal", "Umhlanga", 3),
  city("kwazulu-natal", "Pinetown", 2),
  city("kwazulu-natal", "Ballito", 2),
  city("kwazulu-natal", "Richards Bay", 2),
  city("kwazulu-natal", "Newcastle", 1),
  city("eastern-cape", "Gqeberha", 5),
  city("eastern-cape", "East London", 4),
  city("eastern-cape", "Mthatha", 1),
  city("eastern-cape", "Makhanda", 1),
  city("eastern-cape", "Jeffreys Bay", 1),
  city("free-state", "Bloemfontein", 6),
  city("free-state", "Welkom", 2),
  city("free-state", "Bethlehem", 1),
  city("free-state", "Kroonstad", 1),
  city("mpumalanga", "Mbombela", 4),
  city("mpumalanga", "eMalahleni", 3),
  city("mpumalanga", "Middelburg", 2),
  city("mpumalanga", "Secunda", 2),
  city("limpopo", "Polokwane", 5),
  city("limpopo", "Tzaneen", 2),
  city("limpopo", "Mokopane", 1),
  city("limpopo", "Thohoyandou", 1),
  city("north-west", "Rustenburg", 4),
  city("north-west", "Potchefstroom", 2),
  city("north-west", "Klerksdorp", 2),
  city("north-west", "Mahikeng", 1),
  city("northern-cape", "Kimberley", 4),
  city("northern-cape", "Upington", 2),
  city("northern-cape", "Springbok", 1),
];

const provinceBySlug = new Map(provinces.map((p) => [p.slug, p]));
const cityBySlug = new Map(cities.map((c) => [c.slug, c]));

export const provinceName = (slug: string): string => provinceBySlug.get(slug)?.name ?? slug;
export const findProvince = (slug: string): Province | undefined => provinceBySlug.get(slug);
export const findCity = (slug: string): City | undefined => cityBySlug.get(slug);
export const cityName = (slug: string): string => cityBySlug.get(slug)?.name ?? slug;
export const citiesOf = (province: string): City[] => cities.filter((c) => c.province === province);
