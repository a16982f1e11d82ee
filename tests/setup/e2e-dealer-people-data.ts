// The dealer owner tests/setup/e2e-dealer-people.ts writes for tests/e2e/dealer-people.spec.ts, in DATA_DIR.

export const E2E_DEALER_PEOPLE_FILE = "e2e-dealer-people.json";

export interface E2eDealerPeople {
  owner: { email: string; password: string; name: string };
  /** Two demo dealers the owner owns, by name. */
  dealers: { id: number; slug: string; name: string }[];
}
