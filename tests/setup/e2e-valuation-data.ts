// The cars tests/e2e/car-valuation.spec.ts values (written by tests/setup/e2e-valuation.ts). The
// makes are not in the demo catalogue, so no demo ad joins their comparables.

/** Six live 2013 Daihatsu Terios ads of other sellers, 100 000-140 000 km (prices in rand). */
export const E2E_TERIOS_OTHERS = [
  { km: 100_000, price: 95_000 },
  { km: 110_000, price: 100_000 },
  { km: 120_000, price: 105_000 },
  { km: 130_000, price: 110_000 },
  { km: 140_000, price: 115_000 },
  { km: 125_000, price: 120_000 },
] as const;

/** A seller who can sign in, with a live 2013 Terios of 115 000 km at R 125 000 (My ads' worth line). */
export const E2E_VALUATION_SELLER = { id: "e2e-valuation-seller", name: "Refilwe Nkosi", email: "valuation-seller@example.com", password: "Secret123" };
export const E2E_VALUATION_SELLER_AD = { id: 990_401, km: 115_000, price: 125_000 } as const;

/**
 * What the page says for a 2013 Terios with 120 000 km: the seven live ads (median R 110 000),
 * 0.92 × 110 000 = 101 200 → R 101 000 to 1.05 × 110 000 = 115 500 → R 116 000.
 */
export const E2E_TERIOS_ANSWER = { range: "R 101 000 – R 116 000", ads: 7, median: "R 110 000", cheapest: "R 95 000", dearest: "R 125 000" } as const;

/**
 * My ads for the seller's own Terios, compared with the six others (median R 107 500): 0.92 ×
 * 107 500 = 98 900 → R 99 000 to 1.05 × 107 500 = 112 875 → R 113 000; R 125 000 is R 12 000 above.
 */
export const E2E_SELLER_WORTH = "Worth R 99 000 – R 113 000 on Voitura now (6 similar ads); your price is R 12 000 above.";

/** A rare car: two 2015-2016 SsangYong Korando ads. */
export const E2E_RARE_KORANDOS = 2;
