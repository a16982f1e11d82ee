import { deleteAccount, type SessionUser } from "~/features/accounts/accounts.server";
import { deleteLeadsOfAccount } from "~/features/leads/lead-deletion.server";
import { forgetReviewsOf, invalidateReviews } from "~/features/reviews/review-writes.server";

// Deleting an account (POPIA) reaches into leads and reviews, which both build on accounts, so the
// whole deletion is composed here, above the three, and accounts knows nothing of the others.

/** Deletes the account with its "find my vehicle" requests and owner reviews, in one transaction. */
export async function deleteAccountAndData(request: Request, user: SessionUser): Promise<Headers> {
  let hadReviews = false;
  const headers = await deleteAccount(request, user, async (tx) => {
    // The "find my vehicle" requests sent with this address or while signed in (issue 17).
    await deleteLeadsOfAccount(tx, user);
    // Owner reviews go with the user row (ON DELETE CASCADE); pages showing them are told.
    hadReviews = await forgetReviewsOf(tx, user.id);
  });
  if (hadReviews) invalidateReviews();
  return headers;
}
