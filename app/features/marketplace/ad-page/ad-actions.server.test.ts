import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { moderationActions, usedAdContacts, usedAdDailyStats, usedAdReports, usedAds, users } from "../../../../db/schema";
import { southAfricanDay } from "~/lib/south-african-time";
import { call, cookieFrom, givePassword, post } from "../../../../tests/setup/route-calls";
import { insertAd, insertDealer, insertSellerUser } from "../../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../../tests/setup/database";
import { emptyOutbox, parsedOutboxMails } from "../../../../tests/setup/outbox";

// env() caches on first use: the data folder (outbox) before anything reads it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-ad-actions-"));
process.env.DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
delete process.env.SMTP_URL;

const { contactSeller, revealPhone } = await import("./seller-contact.server");
const { reportAd } = await import("./reports.server");
const { adPageAction } = await import("./ad-page-actions.server");
const { addFavourite, favouritesOf, removeFavourite, savedAdIds } = await import("./favourites.server");
const { sellerContactSchema, CONSENT_MESSAGE } = await import("./contact-schema");
const { reportSchema } = await import("./report-schema");

const database = useTestDatabase();

const mails = () => parsedOutboxMails(dataDir);

const buyer = { name: "Ayanda Zulu", email: "ayanda@example.co.za", phone: "083 555 1234", message: "Is the car still available?\nI can come on Saturday.", consent: "yes" };

beforeEach(() => emptyOutbox(dataDir));

describe("contact form schema", () => {
  it("accepts a buyer's message and needs consent", () => {
    expect(sellerContactSchema.parse(buyer)).toEqual({ ...buyer, phone: "0835551234" });
    const refused = sellerContactSchema.safeParse({ ...buyer, consent: undefined, phone: "+44 20 7946 0958", message: "short" });
    const messages = refused.success ? [] : refused.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(messages).toEqual([
      "phone: Please enter a South African phone number, for example 082 123 4567 or +27 82 123 4567",
      "message: Your message must be at least 10 characters",
      `consent: ${CONSENT_MESSAGE}`,
    ]);
    expect(sellerContactSchema.parse({ ...buyer, phone: "" }).phone).toBeUndefined();
  });
});

describe("contacting a seller", () => {
  it("stores the message and counts it in one go, and mails a private seller with Reply-To the buyer", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db, { name: "Pieter van Wyk", email: "pieter.seller@example.co.za" });
    const ad = await insertAd(db, { sellerUserId: seller.id, title: "2018 Toyota Hilux 2.4GD-6" });
    const result = await contactSeller(ad.id, sellerContactSchema.parse(buyer), { visitorId: "0b7c3c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69" });
    expect(result).toEqual({ ok: true, mailed: true });
    const [row] = await db.select().from(usedAdContacts).where(eq(usedAdContacts.adId, ad.id));
    expect(row).toMatchObject({ name: buyer.name, email: buyer.email, phone: "0835551234", visitorId: "0b7c3c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69" });
    const [counted] = await db.select({ n: usedAds.contactCount }).from(usedAds).where(eq(usedAds.id, ad.id));
    expect(counted?.n).toBe(1);
    const [mail] = mails();
    expect(mail?.to).toContain("pieter.seller@example.co.za");
    expect(mail?.headers["reply-to"]).toContain("ayanda@example.co.za");
    expect(mail?.subject).toBe("A buyer asks about your 2018 Toyota Hilux 2.4GD-6");
    expect(mail?.text).toContain("I can come on Saturday.");
    expect(mail?.text).toContain(`/marche-doccasion/annonce/${ad.id}-`);
  });

  it("mails a dealer at the dealer's address", async () => {
    const { db } = database();
    const dealer = await insertDealer(db, { email: "leads@coastal-auto.example" });
    const ad = await insertAd(db, { sellerKind: "dealer", dealerId: dealer.id });
    expect(await contactSeller(ad.id, sellerContactSchema.parse(buyer))).toEqual({ ok: true, mailed: true });
    expect(mails()[0]?.to).toContain("leads@coastal-auto.example");
  });

  it("refuses sold and unknown ads without storing anything", async () => {
    const { db } = database();
    const sold = await insertAd(db, { status: "sold" });
    expect(await contactSeller(sold.id, sellerContactSchema.parse(buyer))).toEqual({ ok: false, reason: "not-for-sale" });
    expect(await contactSeller(99_999_999, sellerContactSchema.parse(buyer))).toEqual({ ok: false, reason: "not-found" });
    expect(await db.select().from(usedAdContacts).where(eq(usedAdContacts.adId, sold.id))).toHaveLength(0);
    expect(mails()).toHaveLength(0);
  });
});

describe("showing the phone number", () => {
  it("reveals and counts the number of an ad for sale only", async () => {
    const { db } = database();
    const ad = await insertAd(db, { phone: "0821234567" });
    expect(await revealPhone(ad.id)).toBe("0821234567");
    expect(await revealPhone(ad.id)).toBe("0821234567");
    const [row] = await db.select({ n: usedAds.phoneRevealCount }).from(usedAds).where(eq(usedAds.id, ad.id));
    expect(row?.n).toBe(2);
    const days = await db.select().from(usedAdDailyStats).where(eq(usedAdDailyStats.adId, ad.id));
    expect(days).toEqual([{ adId: ad.id, day: southAfricanDay(new Date()), views: 0, phoneReveals: 2 }]);
    const sold = await insertAd(db, { status: "sold" });
    expect(await revealPhone(sold.id)).toBeNull();
    const none = await insertAd(db, { phone: null });
    expect(await revealPhone(none.id)).toBeNull();
    // A seller who chose not to show the number: nothing revealed, nothing counted.
    const hidden = await insertAd(db, { phone: "0821234567", showPhone: false });
    expect(await revealPhone(hidden.id)).toBeNull();
    const [uncounted] = await db.select({ n: usedAds.phoneRevealCount }).from(usedAds).where(eq(usedAds.id, hidden.id));
    expect(uncounted?.n).toBe(0);
    expect(await db.select().from(usedAdDailyStats).where(eq(usedAdDailyStats.adId, hidden.id))).toHaveLength(0);
  });
});

describe("reporting an ad", () => {
  const report = reportSchema.parse({ reason: "scam", details: "Asks for a deposit by EFT" });
  const DAY = 86_400_000;
  const established = (db: Parameters<typeof insertSellerUser>[0], name: string) => insertSellerUser(db, { name, createdAt: new Date(Date.now() - 30 * DAY) });

  async function statusOf(adId: number) {
    const { db } = database();
    const [row] = await db.select({ status: usedAds.status }).from(usedAds).where(eq(usedAds.id, adId));
    return row?.status;
  }

  it("refuses anonymous reports, whatever visitor cookie they carry, and the ad stays on sale", async () => {
    const { db } = database();
    const ad = await insertAd(db, { title: "2017 Toyota Corolla Quest" });
    for (let i = 0; i < 3; i++) {
      const cookie = `cookie_user_id=${crypto.randomUUID()}`;
      // The attack as it was tried: no Origin header, a fresh random visitor id each time.
      const request = new Request(`http://localhost:3000/marche-doccasion/annonce/${ad.id}-${ad.slug}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams({ intent: "report", reason: "scam", scripted: "1" }).toString(),
      });
      const answer = await call((args: never) => adPageAction((args as { request: Request }).request, { clientIp: "198.51.100.7" }, { adIdSlug: `${ad.id}-${ad.slug}` }), request);
      expect(answer.status).toBe(401);
    }
    expect(await db.select().from(usedAdReports).where(eq(usedAdReports.adId, ad.id))).toHaveLength(0);
    expect(await statusOf(ad.id)).toBe("published");
  });

  it("sends a visitor without scripts to the login page, coming back to the report form", async () => {
    const { db } = database();
    const ad = await insertAd(db);
    const path = `/marche-doccasion/annonce/${ad.id}-${ad.slug}`;
    const answer = await call((args: never) => adPageAction((args as { request: Request }).request, {}, { adIdSlug: `${ad.id}-${ad.slug}` }), post(path, { intent: "report", reason: "scam" }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`${path}#report`)}`);
  });

  it("takes a signed-in, verified account's report and says a person reads it; refuses an unverified one and the seller's own", async () => {
    const { db } = database();
    const seller = await established(db, "Seller");
    const ad = await insertAd(db, { sellerUserId: seller.id });
    const path = `/marche-doccasion/annonce/${ad.id}-${ad.slug}`;
    const action = (args: never) => adPageAction((args as { request: Request }).request, {}, { adIdSlug: `${ad.id}-${ad.slug}` });
    const { action: loginAction } = await import("~/routes/accounts/login");
    async function signIn(user: { id: string; email: string }) {
      await givePassword(db, user.id, "Secret123");
      const login = await call(loginAction, post("/login", { email: user.email, password: "Secret123", redirectTo: "/" }));
      return cookieFrom(login.headers);
    }
    const reader = await established(db, "Reader");
    const readerCookie = await signIn(reader);
    const sent = await call(action, post(path, { intent: "report", reason: "scam", scripted: "1" }, { cookie: readerCookie }));
    expect(sent).toMatchObject({ status: 200, body: { intent: "report", ok: true, message: "Thank you: we have your report, and a person on our team will look at this ad." } });
    expect(await call(action, post(path, { intent: "report", reason: "scam", scripted: "1" }, { cookie: await signIn(seller) }))).toMatchObject({ status: 409 });
    // An address not confirmed (a session made before, as a social sign-in's can be).
    const other = await established(db, "Other");
    const otherCookie = await signIn(other);
    await db.update(users).set({ emailVerified: false }).where(eq(users.id, other.id));
    const unverified = await call(action, post(path, { intent: "report", reason: "wrong-details", scripted: "1" }, { cookie: otherCookie }));
    expect(unverified).toMatchObject({ status: 403, body: { formError: expect.stringContaining("confirm your e-mail address") } });
    expect(await db.select().from(usedAdReports).where(eq(usedAdReports.adId, ad.id))).toHaveLength(1);
  });

  it("takes one report per account; three established accounts put the ad under review, once, and the seller is mailed the reasons", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db, { email: "reported.seller@example.co.za" });
    const ad = await insertAd(db, { sellerUserId: seller.id, title: "2015 Ford Ranger" });
    const [a, b, c, d] = await Promise.all(["A", "B", "C", "D"].map((n) => established(db, n)));
    expect(await reportAd(ad.id, report, { userId: a!.id })).toEqual({ ok: true, underReview: false });
    expect(await reportAd(ad.id, report, { userId: a!.id })).toEqual({ ok: false, reason: "already-reported" });
    expect(await reportAd(ad.id, reportSchema.parse({ reason: "wrong-details" }), { userId: b!.id })).toEqual({ ok: true, underReview: false });
    expect(mails()).toHaveLength(0);
    expect(await reportAd(ad.id, report, { userId: c!.id })).toEqual({ ok: true, underReview: true });
    expect(await statusOf(ad.id)).toBe("under_review");
    // A fourth report is stored but changes nothing more.
    expect(await reportAd(ad.id, report, { userId: d!.id })).toEqual({ ok: true, underReview: false });
    expect(await db.select().from(usedAdReports).where(eq(usedAdReports.adId, ad.id))).toHaveLength(4);
    const sent = mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toContain("reported.seller@example.co.za");
    expect(sent[0]?.subject).toBe("Your ad 2015 Ford Ranger is under review");
    expect(sent[0]?.text).toContain("Looks like a scam (2)");
    const audit = await db.select().from(moderationActions).where(eq(moderationActions.targetId, String(ad.id)));
    expect(audit).toMatchObject([{ targetKind: "ad", action: "under-review", actor: "system" }]);
  });

  it("never removes anything on reports alone: accounts younger than a day are heard but do not put an ad under review", async () => {
    const { db } = database();
    const ad = await insertAd(db);
    for (const name of ["N1", "N2", "N3", "N4", "N5"]) {
      const fresh = await insertSellerUser(db, { name, createdAt: new Date(Date.now() - 3_600_000) });
      expect(await reportAd(ad.id, report, { userId: fresh.id })).toEqual({ ok: true, underReview: false });
    }
    expect(await statusOf(ad.id)).toBe("published");
  });

  it("refuses drafts, paused and unknown ads", async () => {
    const { db } = database();
    const reader = await established(db, "R");
    const draft = await insertAd(db, { status: "draft" });
    const paused = await insertAd(db, { status: "paused" });
    expect(await reportAd(draft.id, report, { userId: reader.id })).toEqual({ ok: false, reason: "not-found" });
    expect(await reportAd(paused.id, report, { userId: reader.id })).toEqual({ ok: false, reason: "not-found" });
    expect(await reportAd(99_999_999, report, { userId: reader.id })).toEqual({ ok: false, reason: "not-found" });
  });

  it("checks the reason", () => {
    expect(reportSchema.safeParse({ reason: "nope" }).success).toBe(false);
    expect(reportSchema.safeParse({}).success).toBe(false);
    expect(reportSchema.parse({ reason: "other" })).toEqual({ reason: "other", details: "" });
  });
});

describe("favourites", () => {
  it("saves at the current price, lists with the change since, and removes", async () => {
    const { db } = database();
    const user = await insertSellerUser(db, { name: "Buyer" });
    const cheaper = await insertAd(db, { priceZar: 200_000 });
    const sold = await insertAd(db, { priceZar: 150_000 });
    const gone = await insertAd(db, { priceZar: 120_000 });
    const draft = await insertAd(db, { status: "draft" });
    expect(await addFavourite(user.id, cheaper.id)).toBe(true);
    expect(await addFavourite(user.id, cheaper.id)).toBe(true);
    expect(await addFavourite(user.id, sold.id)).toBe(true);
    expect(await addFavourite(user.id, gone.id)).toBe(true);
    expect(await addFavourite(user.id, draft.id)).toBe(false);
    expect(await addFavourite(user.id, 99_999_999)).toBe(false);

    await db.update(usedAds).set({ priceZar: 190_000 }).where(eq(usedAds.id, cheaper.id));
    await db.update(usedAds).set({ status: "sold" }).where(eq(usedAds.id, sold.id));
    await db.update(usedAds).set({ status: "expired" }).where(eq(usedAds.id, gone.id));

    const list = await favouritesOf(user.id);
    expect(list.map((f) => [f.ad.id, f.priceChange, f.available, f.ad.status])).toEqual([
      [gone.id, 0, false, "expired"],
      [sold.id, 0, true, "sold"],
      [cheaper.id, -10_000, true, "published"],
    ]);
    // Saved, then paused by its seller or put under review: no longer shown to the buyer at all.
    await db.update(usedAds).set({ status: "paused" }).where(eq(usedAds.id, sold.id));
    await db.update(usedAds).set({ status: "under_review" }).where(eq(usedAds.id, gone.id));
    expect((await favouritesOf(user.id)).map((f) => f.ad.id)).toEqual([cheaper.id]);
    await db.update(usedAds).set({ status: "sold" }).where(eq(usedAds.id, sold.id));
    expect([...(await savedAdIds(user.id, [cheaper.id, draft.id, sold.id]))].sort()).toEqual([cheaper.id, sold.id].sort());
    expect((await savedAdIds(null, [cheaper.id])).size).toBe(0);

    await removeFavourite(user.id, cheaper.id);
    expect((await favouritesOf(user.id)).map((f) => f.ad.id)).not.toContain(cheaper.id);
  });
});
