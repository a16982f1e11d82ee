import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { dealerRatingReports, dealerRatings, moderationActions } from "../../../db/schema";
import { insertDealer, insertSellerUser } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { emptyOutbox, parsedOutboxMails } from "../../../tests/setup/outbox";

// Buyers' ratings of dealers in moderation: a reported rating is in the queue; the item page shows
// its reports; restoring shows it again and settles its reports, removing hides it for good and
// mails its author; both leave an audit row with the target "dealer-rating".

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-rating-moderation-"));
process.env.DATA_DIR = dataDir;
delete process.env.SMTP_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { moderationQueue } = await import("./queue.server");
const { moderationDealerRatingItem, restoreDealerRating, removeDealerRating } = await import("./dealer-ratings.server");
const { reportRating } = await import("~/features/dealers/ratings/rating-reports.server");

const database = useTestDatabase();
const mails = () => parsedOutboxMails(dataDir);

async function reportedRating() {
  const { db } = database();
  const dealer = await insertDealer(db, { name: "Karoo Cars" });
  const author = await insertSellerUser(db, { name: "Pieter van der Merwe", email: `pieter-${Date.now()}@example.co.za` });
  const [rating] = await db
    .insert(dealerRatings)
    .values({ dealerId: dealer.id, userId: author.id, response: 1, honesty: 1, asDescribed: 1, text: "Call 082 555 0199 and ask for the manager, he lies." })
    .returning({ id: dealerRatings.id });
  for (const name of ["Reader One", "Reader Two", "Reader Three"]) {
    const reader = await insertSellerUser(db, { name });
    await reportRating(rating!.id, { reason: "personal-data", details: "A phone number" }, reader.id);
  }
  return { ratingId: rating!.id, author };
}

const auditOf = (ratingId: number) =>
  database()
    .db.select({ action: moderationActions.action, actor: moderationActions.actor })
    .from(moderationActions)
    .where(and(eq(moderationActions.targetKind, "dealer-rating"), eq(moderationActions.targetId, String(ratingId))));

describe("dealer ratings in moderation", () => {
  it("puts a hidden, reported rating in the queue and shows its reports; restoring shows it and settles them", async () => {
    const { db } = database();
    const { ratingId } = await reportedRating();
    const queued = (await moderationQueue()).find((i) => i.kind === "dealer-rating" && i.id === ratingId);
    expect(queued).toMatchObject({ title: "A buyer's rating of Karoo Cars", statusLabel: "Hidden, under review", openReports: 3, path: `/moderation/notes-concessionnaires/${ratingId}` });
    expect(queued!.reasons).toEqual(["It shows someone's personal details (3)"]);

    const item = await moderationDealerRatingItem(ratingId);
    expect(item).toMatchObject({ hidden: true, dealer: { name: "Karoo Cars" }, author: { name: "Pieter van der Merwe" } });
    expect(item!.reports).toHaveLength(3);
    expect(item!.reports.every((r) => r.counts && !r.settled)).toBe(true);

    expect(await restoreDealerRating(ratingId, "moderator@example.co.za")).toMatchObject({ ok: true });
    const [row] = await db.select({ hiddenAt: dealerRatings.hiddenAt }).from(dealerRatings).where(eq(dealerRatings.id, ratingId));
    expect(row!.hiddenAt).toBeNull();
    expect(await db.$count(dealerRatingReports, and(eq(dealerRatingReports.ratingId, ratingId)))).toBe(3);
    expect((await moderationQueue()).some((i) => i.kind === "dealer-rating" && i.id === ratingId)).toBe(false);
    expect(await auditOf(ratingId)).toEqual([
      { action: "under-review", actor: "system" },
      { action: "restore", actor: "moderator@example.co.za" },
    ]);
  });

  it("removes a rating for good and mails its author why", async () => {
    const { db } = database();
    const { ratingId, author } = await reportedRating();
    expect(await removeDealerRating(ratingId, "moderator@example.co.za", "It shows a private phone number.")).toMatchObject({ ok: true });
    const [row] = await db.select({ hiddenAt: dealerRatings.hiddenAt }).from(dealerRatings).where(eq(dealerRatings.id, ratingId));
    expect(row!.hiddenAt).not.toBeNull();
    const mail = mails().find((m) => m.to.includes(author.email));
    expect(mail?.subject).toBe("Your rating of Karoo Cars was removed");
    expect(mail?.text).toContain("It shows a private phone number.");
    expect((await auditOf(ratingId)).at(-1)).toEqual({ action: "remove", actor: "moderator@example.co.za" });
    expect(await restoreDealerRating(999_999, "moderator@example.co.za")).toMatchObject({ ok: false, status: 404 });
  });
});
