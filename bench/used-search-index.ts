// The used-car search engine alone (no database, no HTTP): 1,000,000 synthetic live ads in the
// columnar index, then 20 representative searches, each computing its page AND every facet's
// counts, repeated; prints the load time, memory and p50/p95 per query and overall.
//   npx tsx bench/used-search-index.ts [--ads=1000000] [--rounds=15]
import { adColours } from "../app/features/marketplace/vocabulary";
import { cities } from "../app/lib/places";
import { UsedAdIndex } from "../app/features/marketplace/search/search-engine";
import { parseUsedSearch } from "../app/features/marketplace/search/search-parse";
import { percentile as pct, representativeSearches as queries } from "./used-search-queries";

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const ADS = arg("ads", 1_000_000);
const ROUNDS = arg("rounds", 15);

// A deterministic generator, so runs compare.
let seed = 42;
const random = () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const skewed = <T>(items: readonly T[]): T => items[Math.floor(random() ** 2 * items.length)]!;

const makes: [string, string[]][] = [
  ["Toyota", ["Hilux", "Corolla", "Corolla Cross", "Fortuner", "Yaris", "RAV4", "Land Cruiser", "Etios"]],
  ["Volkswagen", ["Polo Vivo", "Polo", "Golf", "Tiguan", "T-Cross", "Amarok", "Jetta"]],
  ["Ford", ["Ranger", "EcoSport", "Fiesta", "Everest", "Figo", "Focus"]],
  ["Suzuki", ["Swift", "Jimny", "Vitara Brezza", "Ertiga", "Baleno", "Celerio"]],
  ["Hyundai", ["i20", "Creta", "Tucson", "Grand i10", "Venue"]],
  ["Nissan", ["NP200", "Navara", "Almera", "Qashqai", "X-Trail", "Magnite"]],
  ["BMW", ["3 Series", "X3", "1 Series", "X5", "5 Series"]],
  ["Mercedes-Benz", ["C-Class", "A-Class", "GLC", "E-Class", "GLE"]],
  ["Kia", ["Picanto", "Rio", "Sportage", "Seltos", "Sonet"]],
  ["Renault", ["Kwid", "Clio", "Duster", "Kiger", "Triber"]],
  ["Isuzu", ["D-Max", "MU-X"]],
  ["Mahindra", ["Scorpio", "XUV300", "Pik Up"]],
  ["Haval", ["Jolion", "H6"]],
  ["Audi", ["A3", "A4", "Q3", "Q5"]],
  ["Chery", ["Tiggo 4 Pro", "Tiggo 7 Pro", "Tiggo 8 Pro"]],
  ["Honda", ["Jazz", "Amaze", "BR-V", "CR-V", "Civic"]],
  ["Mazda", ["CX-3", "CX-5", "Mazda2", "Mazda3", "BT-50"]],
  ["Opel", ["Corsa", "Crossland", "Mokka"]],
  ["Peugeot", ["208", "2008", "3008"]],
  ["Land Rover", ["Defender", "Discovery", "Range Rover Evoque"]],
];
const fuels = ["petrol", "petrol", "petrol", "diesel", "diesel", "hybrid", "electric", "plug-in-hybrid"];
const gearboxes = ["manual", "manual", "automatic", "automatic", "cvt", "dual-clutch"];
const bodies = ["hatchback", "sedan", "suv", "bakkie", "mpv", "coupe", "convertible", "station-wagon", "van"];
const drives = ["2wd", "2wd", "2wd", "2wd", "4x4", "awd"];

const index = new UsedAdIndex(ADS);
const loadStart = performance.now();
const now = Date.now();
for (let id = 1; id <= ADS; id++) {
  const [make, models] = skewed(makes);
  const year = 2026 - Math.floor(random() ** 1.5 * 20);
  const km = Math.floor((2026 - year) * (8_000 + random() * 22_000));
  const city = pick(cities);
  index.upsert({
    id,
    makeName: make,
    modelName: skewed(models),
    year,
    mileageKm: km,
    priceZar: Math.round((60_000 + random() ** 2 * 1_500_000) * (1 - (2026 - year) * 0.035)),
    fuel: pick(fuels),
    transmission: pick(gearboxes),
    bodyType: pick(bodies),
    drive: pick(drives),
    colour: pick(adColours).slug,
    province: city.province,
    city: city.slug,
    sellerKind: random() < 0.6 ? "dealer" : "private",
    photoCount: random() < 0.1 ? 0 : 1 + Math.floor(random() * 12),
    priceRating: Math.floor(random() * 5),
    publishedAt: now - Math.floor(random() * 90 * 86_400_000),
    priceDroppedAt: 0,
  });
}
const loadMs = performance.now() - loadStart;


const parsed = queries.map((q) => parseUsedSearch(new URLSearchParams(q)).search);
const times: number[][] = queries.map(() => []);
// CPU time too: on a shared machine the wall clock also counts the time other processes ran.
const cpu: number[][] = queries.map(() => []);
const totals: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  parsed.forEach((search, i) => {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const result = index.query(search, { offset: (search.page - 1) * 24, limit: 24 });
    const used = process.cpuUsage(startCpu);
    times[i]!.push(performance.now() - start);
    cpu[i]!.push((used.user + used.system) / 1000);
    totals[i] = result.total;
  });
}
// The first two rounds warm the JIT up; they are left out.
const warm = times.map((t) => t.slice(2));
const warmCpu = cpu.map((t) => t.slice(2));
console.log(`${ADS.toLocaleString("en")} ads loaded in ${loadMs.toFixed(0)} ms; columns ≈ ${(index.bytes / 1_048_576).toFixed(0)} MB; heap ${(process.memoryUsage().heapUsed / 1_048_576).toFixed(0)} MB`);
console.log("query".padEnd(90), "matches".padStart(9), "p50 ms".padStart(8), "p95 ms".padStart(8), "cpu p50".padStart(8), "cpu p95".padStart(8));
queries.forEach((q, i) => {
  const cols = [pct(warm[i]!, 50), pct(warm[i]!, 95), pct(warmCpu[i]!, 50), pct(warmCpu[i]!, 95)].map((v) => v.toFixed(1).padStart(8));
  console.log((q || "(no filter)").padEnd(90), String(totals[i]).padStart(9), ...cols);
});
const all = warm.flat();
const allCpu = warmCpu.flat();
console.log(`all queries, wall: p50 ${pct(all, 50).toFixed(1)} ms, p95 ${pct(all, 95).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms`);
console.log(`all queries, CPU:  p50 ${pct(allCpu, 50).toFixed(1)} ms, p95 ${pct(allCpu, 95).toFixed(1)} ms`);
