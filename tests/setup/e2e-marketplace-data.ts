// The used ads and sellers tests/setup/e2e-marketplace.ts writes for the browser journeys.

/** tests/e2e/used-car-ad.spec.ts reads these. */
export const E2E_ADS = {
  published: 990_001,
  dealer: 990_002,
  sold: 990_003,
  toReport: 990_004,
  draft: 990_005,
  expired: 990_006,
  contactNoScript: 990_007,
  /**
   * The saved-search journey's "new ad": the only Datsun, published six hours after the fixtures
   * are written, so it counts as new for a search saved during the run (tests/e2e/saved-searches.spec.ts).
   */
  alertNew: 990_008,
} as const;
export const E2E_SELLER = { id: "e2e-private-seller", name: "Thandeka Mthembu", email: "seller-thandeka@example.com" };
export const E2E_DEALER_EMAIL = "sales@e2e-highveld-motors.example";
