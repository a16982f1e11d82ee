// The dealer dashboard's journey data (tests/setup/e2e-dealer-dashboard.ts writes it to DATA_DIR
// for tests/e2e/dealer-dashboard.spec.ts).

export const E2E_DEALER_DASHBOARD_FILE = "e2e-dealer-dashboard.json";

/** The demo dealer's owner the journey signs in as. */
export const E2E_DEALER_OWNER = { id: "e2e-dealer-owner", email: "dealer-owner@example.com", password: "Secret123", name: "Nomsa Dlamini" };

export interface E2eDealerDashboard {
  dealerId: number;
  dealerName: string;
  /** A live ad with a stock number, its views and phone reveals spread over the last days. */
  liveAdId: number;
  liveAdTitle: string;
  /** Names on the dealer's three leads: a find-my-car request, a page message, an ad message. */
  leadNames: { request: string; page: string; ad: string };
}
