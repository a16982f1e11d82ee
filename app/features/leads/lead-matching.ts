import type { LeadCarCondition } from "../../../db/schema/vocabulary";

// Which dealers get a lead (issue 17): at most three in the shopper's province, with an e-mail
// address, selling new cars when the shopper wants new, used when used (either: one or the other),
// and covering at least one wanted brand: by franchise (dealer_brands), or, for a shopper open to
// used cars, by used stock of that brand on the marketplace (independent used dealers).
//
// Order: most wanted brands covered first, then dealers on the marketplace, then the one that got
// the fewest leads in the recent window (so equal dealers take turns), then the lowest id (stable).

const LEAD_MAX_DEALERS = 3;
/** The window whose lead counts spread leads among equal dealers. */
export const LEAD_ROTATION_DAYS = 30;

export interface DealerCandidate {
  id: number;
  name: string;
  city: string;
  province: string;
  email: string | null;
  sellsNew: boolean;
  sellsUsed: boolean;
  onMarketplace: boolean;
  /** Brands the dealer holds a franchise for. */
  franchiseBrandIds: readonly number[];
  /** Brands of the dealer's live used ads on the marketplace. */
  stockBrandIds: readonly number[];
  /** Leads the dealer received in the last LEAD_ROTATION_DAYS days. */
  recentLeads: number;
}

export interface LeadMatchRequest {
  province: string;
  carCondition: LeadCarCondition;
  brandIds: readonly number[];
  /**
   * A trade-in (issue 47): any dealer that sells used cars may buy the shopper's car, so the brand
   * only ranks (its franchise or stock first) and is not required.
   */
  anyBrand?: boolean;
}

export function sellsWhatIsWanted(dealer: Pick<DealerCandidate, "sellsNew" | "sellsUsed">, condition: LeadCarCondition): boolean {
  if (condition === "new") return dealer.sellsNew;
  if (condition === "used") return dealer.sellsUsed;
  return dealer.sellsNew || dealer.sellsUsed;
}

/** The wanted brands a dealer covers for this shopper (franchise, and used stock when used is fine). */
export function coveredBrands(dealer: DealerCandidate, request: LeadMatchRequest): number[] {
  const usedStockCounts = request.carCondition !== "new" && dealer.sellsUsed;
  const offered = new Set([...dealer.franchiseBrandIds, ...(usedStockCounts ? dealer.stockBrandIds : [])]);
  return [...new Set(request.brandIds)].filter((id) => offered.has(id));
}

export interface MatchedDealer {
  id: number;
  name: string;
  city: string;
  email: string;
  covered: number[];
}

export function matchDealers(candidates: readonly DealerCandidate[], request: LeadMatchRequest, max = LEAD_MAX_DEALERS): MatchedDealer[] {
  const eligible = candidates.flatMap((dealer) => {
    if (dealer.province !== request.province || !dealer.email?.trim()) return [];
    if (!sellsWhatIsWanted(dealer, request.carCondition)) return [];
    const covered = coveredBrands(dealer, request);
    return covered.length || request.anyBrand ? [{ dealer, covered }] : [];
  });
  eligible.sort(
    (a, b) =>
      b.covered.length - a.covered.length ||
      Number(b.dealer.onMarketplace) - Number(a.dealer.onMarketplace) ||
      a.dealer.recentLeads - b.dealer.recentLeads ||
      a.dealer.id - b.dealer.id,
  );
  return eligible.slice(0, max).map(({ dealer, covered }) => ({ id: dealer.id, name: dealer.name, city: dealer.city, email: dealer.email!.trim(), covered }));
}
