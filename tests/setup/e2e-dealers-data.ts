// The demo dealers tests/setup/e2e-dealers.ts picks for tests/e2e/dealer-page.spec.ts, in DATA_DIR.

export const E2E_DEALERS_FILE = "e2e-dealers.json";

export interface E2eDealer {
  id: number;
  slug: string;
  name: string;
  email: string;
}

export interface E2eDealers {
  /** A Toyota franchise dealer in Gauteng selling new and used cars, with hours and an e-mail address. */
  franchise: E2eDealer;
  /** The marketplace dealer with the most live ads. */
  marketplace: E2eDealer & { ads: number };
}
