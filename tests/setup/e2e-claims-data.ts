// The dealers and accounts tests/setup/e2e-claims.ts writes for tests/e2e/dealer-claims.spec.ts:
// two unclaimed dealers of their own (so no other journey's owner or claim meets them) and two
// claimants. The dealers' ids are written to DATA_DIR/e2e-claims.json.

export const E2E_CLAIMS_FILE = "e2e-claims.json";

/** A dealer with a listed address: its code mail lands in the outbox under this address. */
export const E2E_CLAIM_DEALER_EMAIL = "sales@umhlanga-motor-hub.example";

export const E2E_CLAIMANTS = {
  byCode: { id: "e2e-claimant-code", name: "Ayanda Zulu", email: "claimant-code@example.com", password: "Secret123" },
  byReview: { id: "e2e-claimant-review", name: "Pieter Botha", email: "claimant-review@example.com", password: "Secret123" },
};

export interface E2eClaimDealers {
  /** Listed address E2E_CLAIM_DEALER_EMAIL, no owner. */
  withAddress: { id: number; slug: string; name: string };
  /** No listed address, no owner: a claim goes to the moderators. */
  withoutAddress: { id: number; slug: string; name: string };
}
