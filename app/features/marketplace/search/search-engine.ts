import { adDrives, sellerKinds } from "../../../../db/schema/vocabulary";
import { bodyTypes, fuelTypes, transmissions } from "../../../../db/schema/vocabulary";
import { cities, provinces } from "~/lib/places";
import { KM_STEPS, PRICE_STEPS, USED_LIMITS, type UsedSearch, type UsedSort } from "./search-params";
import { adColours } from "../vocabulary";

// The used-car search engine (decision 011): every live ad as one row of typed arrays, strings
// dictionary-coded, and one pass over the rows that finds the matches AND every facet's counts
// with the other filters applied (a row failing exactly one filter counts only in that filter's
// facet). Pure: the database loading and refreshing is in search-index.server.ts.

/** One live ad as the index keeps it. */
export interface IndexedAd {
  id: number;
  makeName: string;
  modelName: string;
  year: number;
  mileageKm: number;
  priceZar: number;
  fuel: string;
  transmission: string;
  bodyType: string;
  drive: string;
  colour: string;
  province: string;
  city: string;
  sellerKind: string;
  photoCount: number;
  priceRating: number;
  /** Milliseconds since the epoch. */
  publishedAt: number;
  /** When the price last went down, while that drop is its latest change (ms since the epoch); 0 for none. */
  priceDroppedAt: number;
}

/** Whether [distance, id] `a` ranks after `b`: farther in price, or as far with a higher id. */
const worse = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/** "Polo Vivo" → "polo-vivo", "Mercedes-Benz" → "mercedes-benz", "Citroën" → "citroen". */
export function nameSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

/** Rows are addressed in the low 22 bits of a packed sort key, so this is the ceiling. */
const MAX_ROWS = 4_000_000;
const ROW_BITS = 2 ** 22;
const EPOCH_2000 = Date.UTC(2000, 0, 1);
const MINUTES_CAP = 2 ** 25 - 1;
export const YEAR_BASE = 1950;
const YEAR_SPAN = 128;
const HOURS = 2 ** 19;

/** Strings to small integers, in first-seen order (a fixed vocabulary first, so codes are stable). */
export class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  constructor(
    initial: readonly string[] = [],
    private readonly limit = 65_535,
  ) {
    for (const value of initial) this.code(value);
  }
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      if (this.values.length >= this.limit) return this.limit;
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
  get size(): number {
    return this.values.length;
  }
}

function bucketOf(value: number, steps: readonly number[]): number {
  let i = 0;
  while (i < steps.length && value > steps[i]!) i++;
  return i;
}

// Radixes of the packed codes; a code past its radix (an unexpected value in the data) shares
// the last cell, which only blurs counts of values no form offers.
const A_FUEL = 8;
const A_TRANSMISSION = 8;
const A_DRIVE = 4;
const A_SELLER = 4;
const B_BODY = 16;
const B_COLOUR = 16;
const C_BAND = 16;
const cap = (code: number, radix: number) => (code < radix ? code : radix - 1);
const packA = (fuel: number, transmission: number, drive: number, seller: number) =>
  ((cap(fuel, A_FUEL) * A_TRANSMISSION + cap(transmission, A_TRANSMISSION)) * A_DRIVE + cap(drive, A_DRIVE)) * A_SELLER + cap(seller, A_SELLER);
const packB = (body: number, colour: number) => cap(body, B_BODY) * B_COLOUR + cap(colour, B_COLOUR);
const packC = (photos: number, priceBand: number, kmBand: number) => (photos * C_BAND + cap(priceBand, C_BAND)) * C_BAND + cap(kmBand, C_BAND);
const A_SIZE = A_FUEL * A_TRANSMISSION * A_DRIVE * A_SELLER;
const B_SIZE = B_BODY * B_COLOUR;
const C_SIZE = 2 * C_BAND * C_BAND;

type Int = Int32Array<ArrayBuffer>;
type U8 = Uint8Array<ArrayBuffer>;
type U16 = Uint16Array<ArrayBuffer>;

/** Sums four-lane counters (index code * 4 + lane) into one count per code. */
function lanes(counts: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const out = new Int32Array(counts.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = counts[i * 4]! + counts[i * 4 + 1]! + counts[i * 4 + 2]! + counts[i * 4 + 3]!;
  return out;
}

function grow<T extends Int | U8 | U16>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}

/** Facet counts with the other filters applied, by code (see UsedAdIndex.dictionaries). */
interface FacetCodes {
  make: Int;
  model: Int;
  fuel: Int;
  transmission: Int;
  body: Int;
  drive: Int;
  colour: Int;
  province: Int;
  city: Int;
  seller: Int;
  /** Rows with at least one photo. */
  photos: number;
  /** Counts by price band: band i holds prices in (PRICE_STEPS[i-1], PRICE_STEPS[i]]; the last band is above every step. */
  priceBands: Int;
  kmBands: Int;
  /** Counts by year - YEAR_BASE. */
  years: Int;
}

interface EngineResult {
  total: number;
  /** Ad ids of the requested page, in order. */
  ids: number[];
  counts: FacetCodes;
}

const F = { vehicle: 1, fuel: 2, transmission: 3, body: 4, drive: 5, colour: 6, province: 7, city: 8, seller: 9, photos: 10, price: 11, km: 12, year: 13 } as const;

/**
 * The columnar store of live ads. Rows of removed ads become holes reused by later inserts, so
 * an incremental refresh never moves the other rows.
 */
export class UsedAdIndex {
  capacity: number;
  /** Rows in use, holes included. */
  size = 0;
  /** Live rows. */
  live = 0;
  private free: number[] = [];
  private rowOfId: Int = new Int32Array(1024);

  ids: Int;
  alive: U8;
  make: U16;
  model: U16;
  year: U16;
  km: Int;
  price: Int;
  priceBand: U8;
  kmBand: U8;
  fuel: U8;
  transmission: U8;
  body: U8;
  drive: U8;
  colour: U8;
  province: U8;
  city: U16;
  seller: U8;
  photos: U8;
  rating: U8;
  /** Minutes since 2000 (sort key of "newest"). */
  published: Int;
  /** Minutes since 2000 of the latest price drop, 0 for none (sort key of "price-drop"). */
  dropped: Int;
  // Packed codes, so a matching row costs six counter increments instead of fourteen (the
  // marginal counts are summed from these small tables after the pass).
  /** fuel, transmission, drive, seller. */
  comboA: U16;
  /** body, colour. */
  comboB: U8;
  /** has photos, price band, mileage band. */
  comboC: U16;

  readonly makes = new Dictionary();
  /** Display names by make code (the latest seen). */
  readonly makeNames: string[] = [];
  /** "make-slug/model-slug" → code. */
  readonly models = new Dictionary();
  readonly modelNames: string[] = [];
  readonly modelMake: number[] = [];
  /** Live ads by make and by model code (a make with none is unknown to a search). */
  readonly makeLive: number[] = [];
  readonly modelLive: number[] = [];
  readonly fuels = new Dictionary(fuelTypes, 255);
  readonly transmissions = new Dictionary(transmissions, 255);
  readonly bodies = new Dictionary(bodyTypes, 255);
  readonly drives = new Dictionary(adDrives, 255);
  readonly colours = new Dictionary(
    adColours.map((c) => c.slug),
    255,
  );
  readonly provinces = new Dictionary(
    provinces.map((p) => p.slug),
    255,
  );
  readonly cities = new Dictionary(cities.map((c) => c.slug));
  readonly sellers = new Dictionary(sellerKinds, 255);
  /** Province code by city code (a city lies in one province). */
  readonly cityProvince: number[] = [];

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.ids = new Int32Array(capacity);
    this.alive = new Uint8Array(capacity);
    this.make = new Uint16Array(capacity);
    this.model = new Uint16Array(capacity);
    this.year = new Uint16Array(capacity);
    this.km = new Int32Array(capacity);
    this.price = new Int32Array(capacity);
    this.priceBand = new Uint8Array(capacity);
    this.kmBand = new Uint8Array(capacity);
    this.fuel = new Uint8Array(capacity);
    this.transmission = new Uint8Array(capacity);
    this.body = new Uint8Array(capacity);
    this.drive = new Uint8Array(capacity);
    this.colour = new Uint8Array(capacity);
    this.province = new Uint8Array(capacity);
    this.city = new Uint16Array(capacity);
    this.seller = new Uint8Array(capacity);
    this.photos = new Uint8Array(capacity);
    this.rating = new Uint8Array(capacity);
    this.published = new Int32Array(capacity);
    this.dropped = new Int32Array(capacity);
    this.comboA = new Uint16Array(capacity);
    this.comboB = new Uint8Array(capacity);
    this.comboC = new Uint16Array(capacity);
  }

  /** Approximate bytes held by the columns. */
  get bytes(): number {
    return this.capacity * 49 + this.rowOfId.byteLength;
  }

  private ensureCapacity(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.min(MAX_ROWS, Math.max(rows, Math.ceil(this.capacity * 1.5)));
    for (const key of [
      "ids",
      "alive",
      "make",
      "model",
      "year",
      "km",
      "price",
      "priceBand",
      "kmBand",
      "fuel",
      "transmission",
      "body",
      "drive",
      "colour",
      "province",
      "city",
      "seller",
      "photos",
      "rating",
      "published",
      "dropped",
      "comboA",
      "comboB",
      "comboC",
    ] as const) {
      (this as Record<typeof key, Int | U8 | U16>)[key] = grow(this[key], capacity);
    }
    this.capacity = capacity;
  }

  private rowFor(id: number): number {
    return id < this.rowOfId.length ? this.rowOfId[id]! - 1 : -1;
  }

  has(id: number): boolean {
    return this.rowFor(id) >= 0;
  }

  /** Adds or replaces a live ad; false when the index is full (the caller logs it). */
  upsert(ad: IndexedAd): boolean {
    let row = this.rowFor(ad.id);
    if (row < 0) {
      row = this.free.pop() ?? this.size;
      if (row >= MAX_ROWS) return false;
      this.ensureCapacity(row + 1);
      if (row === this.size) this.size++;
      if (ad.id >= this.rowOfId.length) this.rowOfId = grow(this.rowOfId, Math.max(ad.id + 1, this.rowOfId.length * 2));
      this.rowOfId[ad.id] = row + 1;
      this.live++;
    } else {
      this.makeLive[this.make[row]!]!--;
      this.modelLive[this.model[row]!]!--;
    }
    const makeSlug = nameSlug(ad.makeName);
    const make = this.makes.code(makeSlug);
    this.makeNames[make] = ad.makeName;
    const model = this.models.code(`${makeSlug}/${nameSlug(ad.modelName)}`);
    this.modelNames[model] = ad.modelName;
    this.modelMake[model] = make;
    this.makeLive[make] = (this.makeLive[make] ?? 0) + 1;
    this.modelLive[model] = (this.modelLive[model] ?? 0) + 1;
    const km = Math.min(Math.max(0, ad.mileageKm), USED_LIMITS.kmMax);
    const price = Math.min(Math.max(0, ad.priceZar), USED_LIMITS.priceMax);
    const minutes = Math.min(MINUTES_CAP, Math.max(0, Math.floor((ad.publishedAt - EPOCH_2000) / 60_000)));
    // A drop is at least minute 1, so 0 stays "no drop".
    const dropped = ad.priceDroppedAt > 0 ? Math.min(MINUTES_CAP, Math.max(1, Math.floor((ad.priceDroppedAt - EPOCH_2000) / 60_000))) : 0;

    this.ids[row] = ad.id;
    this.alive[row] = 1;
    this.make[row] = make;
    this.model[row] = model;
    this.year[row] = ad.year;
    this.km[row] = km;
    this.price[row] = price;
    this.priceBand[row] = bucketOf(price, PRICE_STEPS);
    this.kmBand[row] = bucketOf(km, KM_STEPS);
    this.fuel[row] = this.fuels.code(ad.fuel);
    this.transmission[row] = this.transmissions.code(ad.transmission);
    this.body[row] = this.bodies.code(ad.bodyType);
    this.drive[row] = this.drives.code(ad.drive);
    this.colour[row] = this.colours.code(ad.colour);
    this.province[row] = this.provinces.code(ad.province);
    this.city[row] = this.cities.code(ad.city);
    this.seller[row] = this.sellers.code(ad.sellerKind);
    this.photos[row] = Math.min(255, ad.photoCount);
    this.rating[row] = ad.priceRating;
    this.published[row] = minutes;
    this.dropped[row] = dropped;
    this.comboA[row] = packA(this.fuel[row]!, this.transmission[row]!, this.drive[row]!, this.seller[row]!);
    this.comboB[row] = packB(this.body[row]!, this.colour[row]!);
    this.comboC[row] = packC(this.photos[row]! > 0 ? 1 : 0, this.priceBand[row]!, this.kmBand[row]!);
    const cityCode = this.city[row]!;
    this.cityProvince[cityCode] = this.province[row]!;
    return true;
  }

  /** Drops an ad (sold, expired, removed, unpublished); unknown ids are ignored. */
  remove(id: number): void {
    const row = this.rowFor(id);
    if (row < 0) return;
    this.rowOfId[id] = 0;
    this.alive[row] = 0;
    this.makeLive[this.make[row]!]!--;
    this.modelLive[this.model[row]!]!--;
    this.free.push(row);
    this.live--;
  }

  /**
   * When a live ad was published, to the minute the index keeps (the saved searches' "new since"
   * walks a newest-first result with it); undefined for an ad not in the index.
   */
  publishedMinuteOf(id: number): number | undefined {
    const row = this.rowFor(id);
    return row < 0 ? undefined : EPOCH_2000 + this.published[row]! * 60_000;
  }

  /** Ids of the live rows. */
  liveIds(): number[] {
    const out: number[] = [];
    for (let r = 0; r < this.size; r++) if (this.alive[r] === 1) out.push(this.ids[r]!);
    return out;
  }

  /**
   * Up to `limit` live ads nearest in price to `price` (then the lowest id), `exceptId` left out:
   * of one make and model (by name, as a search's vehicle filter knows them), or of one body type
   * within a price range (both ends included). The ad page's similar cars.
   */
  nearestInPrice(
    where: { makeName: string; modelName: string } | { bodyType: string; priceMin: number; priceMax: number },
    price: number,
    exceptId: number,
    limit: number,
  ): number[] {
    let matches: (r: number) => boolean;
    if ("makeName" in where) {
      const model = this.models.find(`${nameSlug(where.makeName)}/${nameSlug(where.modelName)}`);
      if (model === undefined) return [];
      matches = (r) => this.model[r] === model;
    } else {
      const body = this.bodies.find(where.bodyType);
      if (body === undefined) return [];
      const { priceMin, priceMax } = where;
      matches = (r) => this.body[r] === body && this.price[r]! >= priceMin && this.price[r]! <= priceMax;
    }
    // The best `limit` so far, kept sorted: [distance, id] pairs.
    const best: [number, number][] = [];
    for (let r = 0; r < this.size; r++) {
      if (this.alive[r] !== 1 || this.ids[r] === exceptId || !matches(r)) continue;
      const candidate: [number, number] = [Math.abs(this.price[r]! - price), this.ids[r]!];
      if (best.length === limit && !worse(best[limit - 1]!, candidate)) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && worse(best[at - 1]!, candidate)) {
        best[at] = best[at - 1]!;
        at--;
      }
      best[at] = candidate;
    }
    return best.map(([, id]) => id);
  }

  /** Live ad ids whose text matched, turned into a row mask for the pass. */
  rowMask(ids: Iterable<number>): U8 {
    const mask = new Uint8Array(this.size);
    for (const id of ids) {
      const row = this.rowFor(id);
      if (row >= 0) mask[row] = 1;
    }
    return mask;
  }

  private allowed(dict: Dictionary, values: readonly string[]): U8 | null {
    if (values.length === 0) return null;
    const mask = new Uint8Array(Math.max(1, dict.size));
    for (const value of values) {
      const code = dict.find(value);
      if (code !== undefined) mask[code] = 1;
    }
    return mask;
  }

  /** Model codes allowed by the make/model choices (a make alone allows all its models). */
  private vehicleMask(vehicles: UsedSearch["vehicles"]): U8 | null {
    if (vehicles.length === 0) return null;
    const mask = new Uint8Array(Math.max(1, this.models.size));
    for (const v of vehicles) {
      if (v.model) {
        const code = this.models.find(`${v.make}/${v.model}`);
        if (code !== undefined) mask[code] = 1;
      } else {
        const make = this.makes.find(v.make);
        if (make === undefined) continue;
        for (let m = 0; m < this.modelMake.length; m++) if (this.modelMake[m] === make) mask[m] = 1;
      }
    }
    return mask;
  }

  /**
   * One search: the matches' total, the ids of one page in the requested order, and every facet's
   * counts with the other filters applied. `textRows` (from rowMask) narrows to keyword matches.
   * Price minimum, newest year and keyword always apply; the facets with counts are the
   * vehicle, every multi-select, seller, photos, maximum price, maximum mileage and oldest year.
   */
  query(search: UsedSearch, options: { textRows?: U8 | null; offset: number; limit: number }): EngineResult {
    const n = this.size;
    const counts: FacetCodes = {
      make: new Int32Array(this.makes.size),
      model: new Int32Array(this.models.size),
      fuel: new Int32Array(this.fuels.size),
      transmission: new Int32Array(this.transmissions.size),
      body: new Int32Array(this.bodies.size),
      drive: new Int32Array(this.drives.size),
      colour: new Int32Array(this.colours.size),
      province: new Int32Array(this.provinces.size),
      city: new Int32Array(this.cities.size),
      seller: new Int32Array(this.sellers.size),
      photos: 0,
      priceBands: new Int32Array(PRICE_STEPS.length + 1),
      kmBands: new Int32Array(KM_STEPS.length + 1),
      years: new Int32Array(YEAR_SPAN),
    };
    const vehicleOk = this.vehicleMask(search.vehicles);
    const fuelOk = this.allowed(this.fuels, search.fuel);
    const transmissionOk = this.allowed(this.transmissions, search.transmission);
    const bodyOk = this.allowed(this.bodies, search.body);
    const driveOk = this.allowed(this.drives, search.drive);
    const colourOk = this.allowed(this.colours, search.colour);
    const provinceOk = this.allowed(this.provinces, search.province);
    const cityOk = this.allowed(this.cities, search.city);
    const sellerOk = this.allowed(this.sellers, search.seller ? [search.seller] : []);
    const photosOnly = search.photos;
    const priceMin = search.priceMin ?? 0;
    const priceMax = search.priceMax ?? Number.MAX_SAFE_INTEGER;
    const kmMax = search.kmMax ?? Number.MAX_SAFE_INTEGER;
    const yearMin = search.yearMin ?? 0;
    const yearMax = search.yearMax ?? 65_535;
    const text = options.textRows ?? null;

    const { alive, make, model, year, km, price, priceBand, kmBand, fuel, transmission, body, drive, colour, province, city, seller, photos } = this;
    const cMake = counts.make;
    const cModel = counts.model;
    const cFuel = counts.fuel;
    const cTransmission = counts.transmission;
    const cBody = counts.body;
    const cDrive = counts.drive;
    const cColour = counts.colour;
    const cProvince = counts.province;
    const cCity = counts.city;
    const cSeller = counts.seller;
    const cPrice = counts.priceBands;
    const cKm = counts.kmBands;
    const cYear = counts.years;
    // The matches' counts, packed; unpacked into every facet after the pass.
    const mModel = new Int32Array(this.models.size * 4);
    const mCity = new Int32Array(this.cities.size * 4);
    const mA = new Int32Array(A_SIZE * 4);
    const mB = new Int32Array(B_SIZE * 4);
    const mC = new Int32Array(C_SIZE * 4);
    const mYear = new Int32Array(YEAR_SPAN * 4);
    const { comboA, comboB, comboC } = this;
    const matches = new Int32Array(this.live);
    let m = 0;

    for (let r = 0; r < n; r++) {
      if (alive[r] === 0) continue;
      if (text !== null && text[r] === 0) continue;
      const p = price[r]!;
      const y = year[r]!;
      if (p < priceMin || y > yearMax) continue;
      let fails = 0;
      let which = 0;
      if (vehicleOk !== null && vehicleOk[model[r]!] === 0) {
        fails = 1;
        which = F.vehicle;
      }
      if (fuelOk !== null && fuelOk[fuel[r]!] === 0) {
        if (fails++ > 0) continue;
        which = F.fuel;
      }
      if (transmissionOk !== null && transmissionOk[transmission[r]!] === 0) {
        if (fails++ > 0) continue;
        which = F.transmission;
      }
      if (bodyOk !== null && bodyOk[body[r]!] === 0) {
        if (fails++ > 0) continue;
        which = F.body;
      }
      if (driveOk !== null && driveOk[drive[r]!] === 0) {
        if (fails++ > 0) continue;
        which = F.drive;
      }
      if (colourOk !== null && colourOk[colour[r]!] === 0) {
        if (fails++ > 0) continue;
        which = F.colour;
      }
      if (provinceOk !== null && provinceOk[province[r]!] === 0) {
        if (fails++ > 0) continue;
        which = F.province;
      }
      if (cityOk !== null && cityOk[city[r]!] === 0) {
        if (fails++ > 0) continue;
        which = F.city;
      }
      if (sellerOk !== null && sellerOk[seller[r]!] === 0) {
        if (fails++ > 0) continue;
        which = F.seller;
      }
      if (photosOnly && photos[r] === 0) {
        if (fails++ > 0) continue;
        which = F.photos;
      }
      if (p > priceMax) {
        if (fails++ > 0) continue;
        which = F.price;
      }
      if (km[r]! > kmMax) {
        if (fails++ > 0) continue;
        which = F.km;
      }
      if (y < yearMin) {
        if (fails++ > 0) continue;
        which = F.year;
      }
      if (fails === 0) {
        matches[m++] = r;
        // Four lanes per counter (by the row's low bits), so consecutive rows with the same value
        // do not wait on each other's increment; summed in unpack().
        const lane = r & 3;
        mModel[(model[r]! << 2) | lane]!++;
        mCity[(city[r]! << 2) | lane]!++;
        mA[(comboA[r]! << 2) | lane]!++;
        mB[(comboB[r]! << 2) | lane]!++;
        mC[(comboC[r]! << 2) | lane]!++;
        mYear[(((y - YEAR_BASE) & (YEAR_SPAN - 1)) << 2) | lane]!++;
        continue;
      }
      switch (which) {
        case F.vehicle:
          cMake[make[r]!]!++;
          cModel[model[r]!]!++;
          break;
        case F.fuel:
          cFuel[fuel[r]!]!++;
          break;
        case F.transmission:
          cTransmission[transmission[r]!]!++;
          break;
        case F.body:
          cBody[body[r]!]!++;
          break;
        case F.drive:
          cDrive[drive[r]!]!++;
          break;
        case F.colour:
          cColour[colour[r]!]!++;
          break;
        case F.province:
          cProvince[province[r]!]!++;
          break;
        case F.city:
          cCity[city[r]!]!++;
          break;
        case F.seller:
          cSeller[seller[r]!]!++;
          break;
        case F.photos:
          break;
        case F.price:
          cPrice[priceBand[r]!]!++;
          break;
        case F.km:
          cKm[kmBand[r]!]!++;
          break;
        case F.year:
          cYear[(y - YEAR_BASE) & (YEAR_SPAN - 1)]!++;
          break;
      }
    }
    this.unpack(counts, lanes(mModel), lanes(mCity), lanes(mA), lanes(mB), lanes(mC));
    const years = lanes(mYear);
    for (let i = 0; i < YEAR_SPAN; i++) cYear[i]! += years[i]!;
    const rows = this.pageOf(matches.subarray(0, m), search.sort, options.offset, options.limit);
    return { total: m, ids: rows.map((r) => this.ids[r]!), counts };
  }

  /** Adds the matches' packed counts to every facet. */
  private unpack(counts: FacetCodes, mModel: Int, mCity: Int, mA: Int, mB: Int, mC: Int): void {
    for (let code = 0; code < mModel.length; code++) {
      const n = mModel[code]!;
      if (n === 0) continue;
      counts.model[code]! += n;
      counts.make[this.modelMake[code]!]! += n;
    }
    for (let code = 0; code < mCity.length; code++) {
      const n = mCity[code]!;
      if (n === 0) continue;
      counts.city[code]! += n;
      counts.province[this.cityProvince[code]!]! += n;
    }
    for (let cell = 0; cell < A_SIZE; cell++) {
      const n = mA[cell]!;
      if (n === 0) continue;
      const seller = cell % A_SELLER;
      const drive = Math.floor(cell / A_SELLER) % A_DRIVE;
      const transmission = Math.floor(cell / (A_SELLER * A_DRIVE)) % A_TRANSMISSION;
      const fuel = Math.floor(cell / (A_SELLER * A_DRIVE * A_TRANSMISSION));
      counts.fuel[fuel]! += n;
      counts.transmission[transmission]! += n;
      counts.drive[drive]! += n;
      counts.seller[seller]! += n;
    }
    for (let cell = 0; cell < B_SIZE; cell++) {
      const n = mB[cell]!;
      if (n === 0) continue;
      counts.body[Math.floor(cell / B_COLOUR)]! += n;
      counts.colour[cell % B_COLOUR]! += n;
    }
    for (let cell = 0; cell < C_SIZE; cell++) {
      const n = mC[cell]!;
      if (n === 0) continue;
      counts.kmBands[cell % C_BAND]! += n;
      counts.priceBands[Math.floor(cell / C_BAND) % C_BAND]! += n;
      // "With photos" counts the matches that have one (rows failing only that filter have none).
      if (cell >= C_BAND * C_BAND) counts.photos += n;
    }
  }

  /** Sort key of a row: lower comes first; the row number in the low bits makes keys unique. */
  private keyOf(sort: UsedSort): (row: number) => number {
    const { price, km, year, rating, published, dropped } = this;
    switch (sort) {
      case "newest":
        return (r) => (MINUTES_CAP - published[r]!) * ROW_BITS + r;
      case "price-asc":
        return (r) => price[r]! * ROW_BITS + r;
      case "price-desc":
        return (r) => (USED_LIMITS.priceMax - price[r]!) * ROW_BITS + r;
      case "km-asc":
        return (r) => km[r]! * ROW_BITS + r;
      case "year-desc":
        // Within a year the newest ad first (by the hour: 2^19 hours cover the minutes' range).
        return (r) => ((YEAR_SPAN - 1 - ((year[r]! - YEAR_BASE) & (YEAR_SPAN - 1))) * HOURS + (HOURS - 1 - ((published[r]! / 60) | 0))) * ROW_BITS + r;
      case "rating":
        // Great (1) … high (4), then unrated (0); the newest first within each (minutes fit 25 bits).
        return (r) => ((rating[r]! || 5) * (MINUTES_CAP + 1) + (MINUTES_CAP - published[r]!)) * ROW_BITS + r;
      case "price-drop":
        // Dropped ads by their drop, most recent first, then the never-dropped ones newest first
        // (below 2^26 × 2^22 = 2^48, exact in a double).
        return (r) => (dropped[r]! > 0 ? MINUTES_CAP - dropped[r]! : MINUTES_CAP + 1 + (MINUTES_CAP - published[r]!)) * ROW_BITS + r;
    }
  }

  /**
   * Runs each kind of search once on an empty result, so the first visitors after a load do not
   * pay for the JIT learning every branch of the pass.
   */
  warmUp(): void {
    const base: UsedSearch = { q: "", vehicles: [], fuel: [], transmission: [], body: [], drive: [], colour: [], province: [], city: [], photos: false, sort: "newest", page: 1 };
    const none = ["-"];
    const searches: UsedSearch[] = [
      base,
      { ...base, vehicles: [{ make: "-" }], fuel: none as never, transmission: none as never, body: none as never, drive: none as never },
      { ...base, colour: none, province: none, city: none, seller: "dealer", photos: true, priceMin: 1, priceMax: 1, kmMax: 1, yearMin: 3000, yearMax: 3000 },
    ];
    for (let i = 0; i < 3; i++) for (const search of searches) for (const sort of ["newest", "price-asc", "rating", "year-desc"] as const) this.query({ ...search, sort }, { offset: 0, limit: 24 });
  }

  /** Rows offset … offset+limit of the matches in sort order: a bounded heap for early pages, a full sort past them. */
  private pageOf(matches: Int, sort: UsedSort, offset: number, limit: number): number[] {
    const m = matches.length;
    if (offset >= m) return [];
    const k = Math.min(m, offset + limit);
    const key = this.keyOf(sort);
    let sorted: Float64Array;
    if (k <= 4_800) {
      // Max-heap of the k smallest keys.
      const heap = new Float64Array(k);
      let size = 0;
      for (let i = 0; i < m; i++) {
        const v = key(matches[i]!);
        if (size < k) {
          let j = size++;
          heap[j] = v;
          while (j > 0) {
            const parent = (j - 1) >> 1;
            if (heap[parent]! >= v) break;
            heap[j] = heap[parent]!;
            heap[parent] = v;
            j = parent;
          }
        } else if (v < heap[0]!) {
          let j = 0;
          heap[0] = v;
          for (;;) {
            const left = 2 * j + 1;
            if (left >= k) break;
            const right = left + 1;
            const child = right < k && heap[right]! > heap[left]! ? right : left;
            if (heap[child]! <= v) break;
            heap[j] = heap[child]!;
            heap[child] = v;
            j = child;
          }
        }
      }
      sorted = heap.subarray(0, size).sort();
    } else {
      const keys = new Float64Array(m);
      for (let i = 0; i < m; i++) keys[i] = key(matches[i]!);
      sorted = keys.sort();
    }
    const out: number[] = [];
    for (let i = offset; i < k; i++) out.push(sorted[i]! % ROW_BITS);
    return out;
  }
}
