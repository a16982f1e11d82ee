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
} as const;
export const E2E_SELLER = { id: "e2e-private-seller", name: "Thandeka Mthembu", email: "seller-thandeka@example.com" };
export const E2E_DEALER_EMAIL = "sales@e2e-highveld-motors.example";
