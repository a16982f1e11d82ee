import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { dealerContacts, dealerMembers, dealerRatings, leadDealers, leads, moderationActions, usedAdContacts } from "../../../../db/schema";
import { insertAd, insertDealer, insertSellerUser } from "../../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../../tests/setup/database";
import { ratingsForDealer, replyToRating } from "./rating-replies.server";
import { reportRating } from "./rating-reports.server";
import { dealerRatingsPage, firstContactAt, ratingStanding, saveRating } from "./ratings.server";

// Buyers' ratings against the database: who may rate (each kind of contact, its age, members),
// once; what the dealer page counts (hidden ratings left out); the dealer's one answer; reports
// that hide a rating, the dealer's own people's reports not counting.

const database = useTestDatabase();
const DAY = 86_400_000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const input = (response: number, honesty: number, asDescribed: number) => ({ response, honesty, asDescribed, text: "Answered within the hour and the car matched the photos." });

let dealer: { id: number };
beforeEach(async () => {
  dealer = await insertDealer(database().db, { name: "Highveld Motors", onMarketplace: true });
});

async function messageFromPage(userId: string, dealerId: number, at: Date) {
  await database().db.insert(dealerContacts).values({ dealerId, userId, name: "Thandi Nkosi", email: "thandi@example.co.za", topic: "used-car", message: "Is the Polo still available?", createdAt: at });
}

async function buyer(name = "Thandi Nkosi", createdAt = ago(400)) {
  return insertSellerUser(database().db, { name, createdAt });
}

describe("who may rate a dealer", () => {
  it("finds the earliest contact among leads, messages from the dealer page and messages about its ads", async () => {
    const { db } = database();
    const user = await buyer();
    expect(await firstContactAt(user.id, dealer.id)).toBeNull();

    await messageFromPage(user.id, dealer.id, ago(3));
    const ad = await insertAd(db, { sellerKind: "dealer", dealerId: dealer.id, sellerUserId: null });
    await db.insert(usedAdContacts).values({ adId: ad.id, userId: user.id, name: "Thandi", email: "thandi@example.co.za", message: "Still for sale?", createdAt: ago(5) });
    const [lead] = await db
      .insert(leads)
      .values({
        userId: user.id,
        carCondition: "used",
        paymentMethod: "cash",
        wanted: [],
        budgetKind: "price",
        name: "Thandi Nkosi",
        phone: "+27825550123",
        email: "thandi@example.co.za",
        province: "gauteng",
        contactTime: "any",
        consent: true,
        attribution: {} as typeof leads.$inferInsert.attribution,
        duplicateKey: `rating-test-${user.id}`,
      })
      .returning({ id: leads.id });
    await db.insert(leadDealers).values({ leadId: lead!.id, dealerId: dealer.id, sentAt: ago(9) });

    const first = await firstContactAt(user.id, dealer.id);
    expect(Math.abs(first!.getTime() - ago(9).getTime())).toBeLessThan(1000);
    // Another dealer's contacts are not this one's.
    const other = await insertDealer(db);
    expect(await firstContactAt(user.id, other.id)).toBeNull();
  });

  it("refuses without contact, before 7 days, a member of the dealer, and a second rating", async () => {
    const { db } = database();
    const user = await buyer();
    expect((await saveRating(user.id, dealer.id, input(5, 5, 5))).ok).toBe(false);
    expect((await ratingStanding(user.id, dealer.id)).eligibility.kind).toBe("no-contact");

    await messageFromPage(user.id, dealer.id, ago(2));
    const soon = await saveRating(user.id, dealer.id, input(5, 5, 5));
    expect(soon).toMatchObject({ ok: false, eligibility: { kind: "too-soon" } });

    const staff = await buyer("Sipho Dlamini");
    await messageFromPage(staff.id, dealer.id, ago(30));
    await db.insert(dealerMembers).values({ dealerId: dealer.id, userId: staff.id, role: "staff" });
    expect(await saveRating(staff.id, dealer.id, input(5, 5, 5))).toMatchObject({ ok: false, eligibility: { kind: "member" } });

    const patient = await buyer("Lerato Mokoena");
    await messageFromPage(patient.id, dealer.id, ago(8));
    const saved = await saveRating(patient.id, dealer.id, input(4, 5, 3));
    expect(saved.ok).toBe(true);
    expect(await saveRating(patient.id, dealer.id, input(1, 1, 1))).toMatchObject({ ok: false, eligibility: { kind: "rated" } });
    const standing = await ratingStanding(patient.id, dealer.id);
    expect(standing.own).toMatchObject({ response: 4, honesty: 5, asDescribed: 3, reply: null, hidden: false });
    expect(await db.$count(dealerRatings, eq(dealerRatings.dealerId, dealer.id))).toBe(1);
  });
});

async function ratedBy(name: string, scores: [number, number, number]) {
  const user = await buyer(name);
  await messageFromPage(user.id, dealer.id, ago(10));
  const saved = await saveRating(user.id, dealer.id, input(...scores));
  if (!saved.ok) throw new Error("not saved");
  return { user, ratingId: saved.ratingId };
}

describe("what the dealer page shows", () => {
  it("counts and averages the shown ratings, newest first, a page at a time, without hidden ones", async () => {
    const { db } = database();
    await ratedBy("Thandi Nkosi", [5, 4, 5]);
    const second = await ratedBy("Pieter van der Merwe", [3, 4, 4]);
    const hidden = await ratedBy("Anon Ymous", [1, 1, 1]);
    await db.update(dealerRatings).set({ hiddenAt: now }).where(eq(dealerRatings.id, hidden.ratingId));

    const page = await dealerRatingsPage(dealer.id, 1);
    expect(page.summary.count).toBe(2);
    expect(page.summary.overall).toBe(4.2);
    expect(page.summary.criteria.map((c) => c.average)).toEqual([4, 4, 4.5]);
    expect(page.ratings.map((r) => r.author)).toEqual(["Pieter M.", "Thandi N."]);
    expect(page.ratings[0]).toMatchObject({ id: second.ratingId, overall: 3.7, reply: null });
    expect(page.pageCount).toBe(1);

    const empty = await dealerRatingsPage((await insertDealer(db)).id, 1);
    expect(empty.summary).toMatchObject({ count: 0, overall: null });
  });
});

describe("the dealer's answer", () => {
  it("is written once, only to the dealer's own ratings, and shows on the page", async () => {
    const { ratingId } = await ratedBy("Thandi Nkosi", [5, 4, 5]);
    const other = await insertDealer(database().db);
    expect(await replyToRating(other.id, ratingId, "Thank you for visiting us.")).toEqual({ ok: false, reason: "not-found" });
    expect(await replyToRating(dealer.id, ratingId, "Thank you, Thandi: enjoy the Polo!")).toEqual({ ok: true });
    expect(await replyToRating(dealer.id, ratingId, "A second answer")).toEqual({ ok: false, reason: "already-answered" });
    const page = await dealerRatingsPage(dealer.id, 1);
    expect(page.ratings[0]).toMatchObject({ reply: "Thank you, Thandi: enjoy the Polo!" });
    expect(page.ratings[0]!.repliedAt).not.toBeNull();
    const side = await ratingsForDealer(dealer.id, 1);
    expect(side).toMatchObject({ total: 1, unanswered: 0 });
  });
});

describe("reporting a rating", () => {
  it("hides it on the third report of established accounts, never counting the dealer's own people", async () => {
    const { db } = database();
    const { user: author, ratingId } = await ratedBy("Thandi Nkosi", [1, 2, 1]);
    const report = { reason: "fake" as const, details: "" };
    expect(await reportRating(ratingId, report, author.id)).toEqual({ ok: false, reason: "own-rating" });

    // Two of the dealer's people report it: their reports are kept, but hide nothing.
    for (const name of ["Owner One", "Staff Two"]) {
      const member = await buyer(name);
      await db.insert(dealerMembers).values({ dealerId: dealer.id, userId: member.id, role: "staff" });
      expect(await reportRating(ratingId, report, member.id)).toEqual({ ok: true, hidden: false });
    }
    const first = await buyer("Reader One");
    const second = await buyer("Reader Two");
    const fresh = await buyer("Fresh Account", new Date());
    expect(await reportRating(ratingId, report, first.id)).toEqual({ ok: true, hidden: false });
    expect(await reportRating(ratingId, report, first.id)).toEqual({ ok: false, reason: "already-reported" });
    expect(await reportRating(ratingId, report, second.id)).toEqual({ ok: true, hidden: false });
    // A day-old account's report does not count yet either.
    expect(await reportRating(ratingId, report, fresh.id)).toEqual({ ok: true, hidden: false });
    const third = await buyer("Reader Three");
    expect(await reportRating(ratingId, report, third.id)).toEqual({ ok: true, hidden: true });

    expect((await dealerRatingsPage(dealer.id, 1)).summary.count).toBe(0);
    const audit = await db
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.targetKind, "dealer-rating"), eq(moderationActions.targetId, String(ratingId))));
    expect(audit).toMatchObject([{ action: "under-review", actor: "system" }]);
    expect(await reportRating(999_999, report, third.id)).toEqual({ ok: false, reason: "not-found" });
  });
});
