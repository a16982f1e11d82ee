// The dealer owner and dealer of tests/e2e/dealer-stock-feed.spec.ts (written by e2e-stock-feed.ts).
export const E2E_FEED_OWNER = { id: "e2e-feed-owner", email: "feed-owner@example.com", password: "Secret123", name: "Thandi Dlamini" };
export const E2E_FEED_DEALER = { slug: "e2e-feed-motors-pretoria", name: "Feed Motors Pretoria (demo data)" };
