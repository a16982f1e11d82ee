// The rules every report follows, for ads and owner reviews alike (docs/moderation.md): reports go
// to people, never to a counter that removes things. Only verified accounts report; the reports of
// accounts at least a day old when they reported are the ones that put an item before a moderator
// at once (an ad under review, a review hidden), so a batch of fresh accounts cannot.

/** Open reports, from distinct established accounts, that put an item under review. */
export const REPORTS_FOR_REVIEW = 3;
/** How old an account must be when it reports for its report to count towards the review. */
export const REPORTER_MIN_ACCOUNT_AGE_MS = 24 * 60 * 60_000;

export const REPORT_NEEDS_VERIFIED_ADDRESS =
  "Please confirm your e-mail address before reporting: open the link we sent you when you signed up.";
/** Said by every report form: a person reads the report. */
export const REPORTS_READ_BY_A_PERSON = "Reports are read by a person on the Voitura team before anything is taken down.";

/** Whether a report from this account counts towards putting the item under review. */
export function reportCountsTowardsReview(account: { emailVerified: boolean; createdAt: Date }, reportedAt: Date): boolean {
  return account.emailVerified && reportedAt.getTime() - account.createdAt.getTime() >= REPORTER_MIN_ACCOUNT_AGE_MS;
}

/** The stored key of a reporter: one report per account and item. */
export function accountReporterKey(userId: string): string {
  return `user:${userId}`;
}
