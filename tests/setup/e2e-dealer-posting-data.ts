// The dealer and staff account tests/setup/e2e-dealer-posting.ts prepares, in DATA_DIR.

export const E2E_DEALER_POSTING_FILE = "e2e-dealer-posting.json";

export interface E2eDealerPosting {
  dealer: { id: number; slug: string; name: string };
  staff: { email: string; password: string };
}
