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

/** tests/e2e/my-ads.spec.ts signs in as this seller (a password account) and acts on these ads. */
export const E2E_MY_ADS_SELLER = { id: "e2e-my-ads-seller", name: "Lindiwe Dube", email: "my-ads-seller@example.com", password: "Secret123" };
/** A seller with a password and no ad: My ads' empty state. */
export const E2E_NO_ADS_SELLER = { id: "e2e-no-ads-seller", name: "Pieter Botha", email: "no-ads-seller@example.com", password: "Secret123" };
export const E2E_MY_ADS = {
  toSell: 990_101,
  toPause: 990_102,
  expired: 990_103,
  toDelete: 990_104,
  /** Lowered from R 189 900 to R 179 900: "Price reduced" on its card and page. */
  reduced: 990_105,
  /** Expires 3 days after the fixtures are written: the expiry job, run by the fixture script, mails its renew link. */
  expiringSoon: 990_106,
  /** The seller hides the number: no reveal button. */
  hiddenPhone: 990_107,
} as const;

/**
 * tests/e2e/moderation.spec.ts and used-car-ad.spec.ts: three established accounts that report
 * ads (a day old and more, so their reports count), the moderator MODERATOR_EMAILS names in the
 * e2e server, and two sellers who can sign in, with ads already reported.
 */
export const E2E_REPORTERS = [
  { id: "e2e-reporter-1", name: "Zanele Mokoena", email: "reporter-1@example.com", password: "Secret123" },
  { id: "e2e-reporter-2", name: "Johan Smit", email: "reporter-2@example.com", password: "Secret123" },
  { id: "e2e-reporter-3", name: "Ayesha Patel", email: "reporter-3@example.com", password: "Secret123" },
] as const;
export const E2E_MODERATOR = { id: "e2e-moderator", name: "Nomsa Dlamini", email: "moderator@example.com", password: "Secret123" };
export const E2E_REPORTED_SELLER = { id: "e2e-reported-seller", name: "Bongani Khumalo", email: "reported-seller@example.com", password: "Secret123" };
export const E2E_BANNED_SELLER = { id: "e2e-banned-seller", name: "Kobus Venter", email: "banned-seller@example.com", password: "Secret123" };
export const E2E_MODERATED_ADS = {
  /** Under review after three reports: its seller asks for a review again, the moderator restores it. */
  toRestore: 990_201,
  /** Under review after three reports: the moderator removes it. */
  toRemove: 990_202,
  /** On sale with one report: the moderator bans its seller. */
  toBan: 990_203,
} as const;
