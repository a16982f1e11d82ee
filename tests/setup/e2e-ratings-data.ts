// What tests/setup/e2e-ratings.ts writes for tests/e2e/dealer-ratings.spec.ts, in DATA_DIR.

export const E2E_RATINGS_FILE = "e2e-ratings.json";
export const E2E_RATINGS_PASSWORD = "Secret123";

export const RATING_ACCOUNTS = {
  /** Wrote to the dealer from its page 10 days ago: may rate it. */
  buyer: { id: "e2e-rating-buyer", email: "rating-buyer@example.com", name: "Nomsa Khumalo" },
  /** Wrote to the dealer 2 days ago: may rate it in 5 days. */
  recent: { id: "e2e-rating-recent", email: "rating-recent@example.com", name: "Ruan Botha" },
  /** Never contacted the dealer. */
  newcomer: { id: "e2e-rating-newcomer", email: "rating-newcomer@example.com", name: "Ayesha Patel" },
  /** Staff of the dealer: answers its ratings. */
  member: { id: "e2e-rating-member", email: "rating-member@example.com", name: "Sizwe Ndlovu" },
  /** Rated the dealer 20 days ago (4, 4, 3), no answer yet. */
  earlier: { id: "e2e-rating-earlier", email: "rating-earlier@example.com", name: "Pieter van der Merwe" },
} as const;

export interface E2eRatings {
  dealer: { id: number; slug: string; name: string };
  earlierRatingId: number;
}
