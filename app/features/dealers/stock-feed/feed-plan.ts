// What a feed changes, as a pure function of the feed's cars and the dealer's stored ads: a known
// stock number updates its ad (or leaves it alone when nothing differs), a new one creates an ad,
// and with "mark missing sold" a live ad the feed no longer lists is sold. The dealer's limit of
// live ads is never passed: the cars past it are skipped, each with its line.
import type { AdStatus } from "../../../../db/schema/vocabulary";

/** The ad columns a feed sets (catalogue ids, names, title and the wizard's answers). */
export type FeedAdColumns = Record<string, unknown> & { priceZar: number; modelId: number | null };

export interface PlannedCar {
  line: number;
  stockNumber: string;
  columns: FeedAdColumns;
  /** The photos' storage keys in order; undefined keeps a known ad's photos. */
  photoKeys?: string[];
}

export interface StoredFeedAd {
  id: number;
  stockNumber: string;
  status: AdStatus;
  columns: FeedAdColumns;
  photoKeys: string[];
}

export interface FeedUpdate {
  car: PlannedCar;
  ad: StoredFeedAd;
  /** The old and new price when it moved (a row of the price history). */
  price?: { from: number; to: number };
  photosChanged: boolean;
  /** A sold or expired ad the feed lists again: it goes back on sale. */
  revived: boolean;
}

export interface FeedSkip {
  line: number;
  stockNumber: string;
  column?: "stock_number";
  message: string;
}

export interface FeedPlan {
  create: PlannedCar[];
  update: FeedUpdate[];
  unchanged: { car: PlannedCar; ad: StoredFeedAd }[];
  markSold: StoredFeedAd[];
  skipped: FeedSkip[];
}

/** Ads that count against the limit (paused ones come back with one click, as for private sellers). */
const LIVE: readonly AdStatus[] = ["published", "paused"];
/** States a feed puts back on sale: the car is in the dealer's stock again. */
const REVIVABLE: readonly AdStatus[] = ["sold", "expired", "draft"];

export const limitMessage = (limit: number) => `The dealer's limit of ${limit} live ads is reached: this car was not put on sale (ask Voitura to raise the limit)`;
export const REMOVED_MESSAGE = "This car's ad was removed by a moderator: it cannot come back through the feed";

const same = (a: unknown, b: unknown) => (a === b ? true : JSON.stringify(a ?? null) === JSON.stringify(b ?? null));
const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

export function planFeed(input: {
  cars: readonly PlannedCar[];
  stored: readonly StoredFeedAd[];
  adLimit: number;
  markMissingSold: boolean;
  /** Every stock number in the file, rows with errors included: a car with a typo is not "missing". */
  listed: ReadonlySet<string>;
}): FeedPlan {
  const byStock = new Map(input.stored.map((ad) => [ad.stockNumber, ad]));
  const plan: FeedPlan = { create: [], update: [], unchanged: [], markSold: [], skipped: [] };

  if (input.markMissingSold) {
    for (const ad of input.stored) if (LIVE.includes(ad.status) && !input.listed.has(ad.stockNumber)) plan.markSold.push(ad);
  }
  // Room left once the missing cars are sold; known live ads keep their place.
  let live = input.stored.filter((ad) => LIVE.includes(ad.status)).length - plan.markSold.length;
  const takeRoom = () => {
    if (live >= input.adLimit) return false;
    live += 1;
    return true;
  };

  for (const car of input.cars) {
    const ad = byStock.get(car.stockNumber);
    if (!ad) {
      if (takeRoom()) plan.create.push(car);
      else plan.skipped.push({ line: car.line, stockNumber: car.stockNumber, message: limitMessage(input.adLimit) });
      continue;
    }
    if (ad.status === "removed") {
      plan.skipped.push({ line: car.line, stockNumber: car.stockNumber, column: "stock_number", message: REMOVED_MESSAGE });
      continue;
    }
    const revived = REVIVABLE.includes(ad.status);
    if (revived && !takeRoom()) {
      plan.skipped.push({ line: car.line, stockNumber: car.stockNumber, message: limitMessage(input.adLimit) });
      continue;
    }
    const photosChanged = car.photoKeys !== undefined && !sameKeys(car.photoKeys, ad.photoKeys);
    const fieldsChanged = Object.keys(car.columns).some((name) => !same(car.columns[name], ad.columns[name]));
    if (!fieldsChanged && !photosChanged && !revived) {
      plan.unchanged.push({ car, ad });
      continue;
    }
    const price = car.columns.priceZar !== ad.columns.priceZar ? { from: ad.columns.priceZar, to: car.columns.priceZar } : undefined;
    plan.update.push({ car, ad, price, photosChanged, revived });
  }
  return plan;
}

/** "Price reduced" shows the price before the latest reduction; a rise clears it (as an edit does). */
export function previousPriceAfter(change: { from: number; to: number } | undefined, current: number | null): number | null {
  if (!change) return current;
  return change.to < change.from ? change.from : null;
}
