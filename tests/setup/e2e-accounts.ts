// Accounts the browser journeys need but no visitor can create: a disabled account (only an
// operator disables one), and ready owner-review readers (a reviewer and three reporters, so the
// journey signs in instead of registering four times). Written into the fresh e2e database before
// the server starts.
import type { DatabaseHandle } from "../../app/lib/db.server";
import { insertSignInAccount } from "./route-calls";

// tests/e2e/accounts.spec.ts signs in with these.
const DISABLED_ACCOUNT = { email: "disabled-member@example.com", password: "Secret123", name: "Disabled Member" };
// tests/e2e/owner-reviews.spec.ts signs in with these.
const REVIEW_ACCOUNTS = [
  { id: "e2e-reviewer", email: "reviewer@example.com", password: "Secret123", name: "Kagiso Molefe" },
  { id: "e2e-review-reader-1", email: "review-reader-1@example.com", password: "Secret123", name: "Anele Mthembu" },
  { id: "e2e-review-reader-2", email: "review-reader-2@example.com", password: "Secret123", name: "Ruan Pretorius" },
  { id: "e2e-review-reader-3", email: "review-reader-3@example.com", password: "Secret123", name: "Priya Naidoo" },
];

export async function writeAccountFixtures(handle: DatabaseHandle): Promise<void> {
  const id = "e2e-disabled-member";
  const now = new Date();
  await handle.db.transaction(async (tx) => {
    await insertSignInAccount(tx, { id, ...DISABLED_ACCOUNT, createdAt: now, disabled: true });
    // Members for a month: their reports count towards hiding a review (app/lib/report-rules.ts).
    const member = new Date(now.getTime() - 30 * 86_400_000);
    for (const account of REVIEW_ACCOUNTS) {
      await insertSignInAccount(tx, { ...account, createdAt: member });
    }
  });
}
