import { cities, provinces, type City } from "../../../app/lib/places";
import { addDays, REFERENCE_DATE } from "../dates";
import { randomFor, type Random } from "../random";
import { slugify } from "../slug";

// The demo sellers: dealers with believable South African trading names, and private sellers
// (user accounts without a password, so nobody can sign in as them). Contact details are on
// ranges nobody owns: example.com addresses and +27 10 555 numbers.

const DEMO_DEALER_COUNT = 40;
const DEMO_PRIVATE_SELLER_COUNT = 300;

export interface DemoDealer {
  slug: string;
  name: string;
  city: string;
  province: string;
  phone: string;
  email: string;
  createdAt: string;
}

export interface DemoPrivateSeller {
  id: string;
  name: string;
  email: string;
  city: string;
  province: string;
  phone: string;
  createdAt: string;
}

/** A number on the +27 10 555 range (a fictional Johannesburg exchange). */
export const demoPhone = (n: number): string => `+27 10 555 ${String(n % 10_000).padStart(4, "0")}`;

/** A city drawn by the provinces' listing shares, then the towns' weights inside the province. */
export function pickCity(random: Random): City {
  let roll = random.next();
  let province = provinces[provinces.length - 1]!;
  for (const p of provinces) {
    if (roll < p.share) {
      province = p;
      break;
    }
    roll -= p.share;
  }
  const towns = cities.filter((c) => c.province === province.slug);
  const total = towns.reduce((sum, c) => sum + c.weight, 0);
  let pick = random.next() * total;
  for (const town of towns) {
    if (pick < town.weight) return town;
    pick -= town.weight;
  }
  return towns[towns.length - 1]!;
}

const dealerNames = [
  "Mzansi Motors", "Cape Auto Traders", "Highveld Car Sales", "Ubuntu Auto", "Protea Motor Group",
  "Jacaranda Auto", "Baobab Motors", "Springbok Pre-Owned", "Summit Auto Hub", "Route 66 Motors",
  "Karoo Car Centre", "Golden Mile Motors", "Acacia Auto Sales", "Blue Crane Motors", "Table Bay Auto",
  "Drakensberg Motors", "Savanna Car Traders", "Lowveld Auto", "Kingfisher Motors", "Ridgeway Pre-Owned",
];

/** Dealers: one trading name per dealer, named after its town ("Mzansi Motors Pretoria"). */
export function generateDemoDealers(count = DEMO_DEALER_COUNT): DemoDealer[] {
  const dealers: DemoDealer[] = [];
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    const random = randomFor(`demo-dealer:${i}`);
    // The first nine dealers open one per province, so every province has dealer stock.
    const town = i < provinces.length ? largestTownOf(provinces[i]!.slug) : pickCity(random);
    let name = `${dealerNames[i % dealerNames.length]} ${town.name}`;
    if (used.has(name)) name = `${dealerNames[(i + 7) % dealerNames.length]} ${town.name}`;
    used.add(name);
    const slug = slugify(name);
    dealers.push({
      slug,
      name,
      city: town.slug,
      province: town.province,
      phone: demoPhone(1000 + i),
      email: `sales@${slug}.example.com`,
      createdAt: `${addDays(REFERENCE_DATE, -random.int(300, 3_000))}T08:00:00Z`,
    });
  }
  return dealers;
}

function largestTownOf(province: string): City {
  const towns = cities.filter((c) => c.province === province);
  return towns.reduce((best, c) => (c.weight > best.weight ? c : best));
}

export const firstNames = [
  "Thabo", "Sipho", "Lerato", "Naledi", "Pieter", "Johan", "Anri", "Marelize", "Ayesha", "Yusuf",
  "Priya", "Kavesh", "Zanele", "Bongani", "Lindiwe", "Themba", "Karabo", "Refilwe", "Mandla", "Nomsa",
  "Ruan", "Liezl", "Francois", "Carla", "David", "Sarah", "Michael", "Jessica", "Tshepo", "Palesa",
  "Kagiso", "Busisiwe", "Andile", "Nokuthula", "Willem", "Elna", "Riaan", "Chantelle", "Imran", "Fatima",
  "Ravi", "Anisha", "Lwazi", "Ntombi", "Dumisani", "Precious", "Gerhard", "Mariska", "Craig", "Nicole",
];
export const initials = "ABCDEFGHJKLMNOPRSTVWZ";

/** Private sellers: first name and initial, spread over the country and over the years they joined. */
export function generateDemoPrivateSellers(count = DEMO_PRIVATE_SELLER_COUNT): DemoPrivateSeller[] {
  return Array.from({ length: count }, (_, i) => {
    const random = randomFor(`demo-seller:${i}`);
    const first = random.pick(firstNames);
    const initial = random.pick([...initials]);
    const town = pickCity(random);
    const number = String(i + 1).padStart(4, "0");
    return {
      id: `demo-seller-${number}`,
      name: `${first} ${initial}.`,
      email: `${first.toLowerCase()}.${initial.toLowerCase()}.${number}@example.com`,
      city: town.slug,
      province: town.province,
      phone: demoPhone(2000 + i),
      // Members for a few weeks to eight years, so "member since" reads like a real site.
      createdAt: `${addDays(REFERENCE_DATE, -random.int(20, 2_900))}T${String(random.int(6, 21)).padStart(2, "0")}:${String(random.int(0, 59)).padStart(2, "0")}:00Z`,
    };
  });
}
