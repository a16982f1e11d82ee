import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { usedAds } from "../../../db/schema";
import { emptyOutbox, parsedOutboxMails } from "../../../tests/setup/outbox";
import { clearAds, insertAd, insertDealer, insertSellerUser } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { call, get } from "../../../tests/setup/route-calls";

// env() caches on first use: the data folder (outbox) and the link address before anything reads them.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-ad-expiry-"));
process.env.DATA_DIR = dataDir;
process.env.PUBLIC_URL = "https://voitura.example";
process.env.AUTH_SECRET = "ad-expiry-test-secret-0123456789-abcdefgh";
delete process.env.SMTP_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { runAdExpiry } = await import("./ad-expiry.server");
const { renewByToken, renewalToken, readRenewalToken } = await import("./selling/ad-renewal.server");
const { searchIndex, resetSearchIndex } = await import("./search/search-index.server");
const { loader: renewLoader } = await import("~/routes/marketplace/renew-ad");

const database = useTestDatabase();
const DAY = 86_400_000;
const NOW = new Date("2026-11-20T06:00:00Z");

const mails = () => parsedOutboxMails(dataDir);

function renewPath(mail: { links: string[] }): string {
  const link = mail.links.find((l) => l.includes("/mon-compte/annonces/renouveler?token="));
  if (!link) throw new Error("no renew link in the mail");
  const url = new URL(link);
  expect(url.origin).toBe("https://voitura.example");
  return `${url.pathname}${url.search}`;
}

async function adRow(id: number) {
  const [row] = await database().db.select().from(usedAds).where(eq(usedAds.id, id));
  return row;
}

beforeEach(async () => {
  emptyOutbox(dataDir);
  await clearAds(database().db);
  resetSearchIndex();
});

describe("the expiry job", () => {
  it("warns once, 7 days before, with a renew link, however often it runs", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db, { name: "Lindiwe Dube", email: "lindiwe@example.co.za" });
    const soon = await insertAd(db, { sellerUserId: seller.id, title: "2018 Ford Ranger 2.2", expiresAt: new Date(NOW.getTime() + 3 * DAY) });
    const later = await insertAd(db, { sellerUserId: seller.id, expiresAt: new Date(NOW.getTime() + 8 * DAY) });
    expect(await runAdExpiry({ now: NOW })).toEqual({ expired: 0, warned: 1, mailed: 1, failed: 0 });
    // Twice, and twice at once (two instances): nothing left to claim.
    expect(await runAdExpiry({ now: NOW })).toMatchObject({ warned: 0, mailed: 0 });
    const both = await Promise.all([runAdExpiry({ now: new Date(NOW.getTime() + 60_000) }), runAdExpiry({ now: new Date(NOW.getTime() + 60_000) })]);
    expect(both.map((r) => r.warned)).toEqual([0, 0]);

    const sent = mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ subject: "Your ad 2018 Ford Ranger 2.2 expires on 23 November" });
    expect(sent[0]!.to).toContain("lindiwe@example.co.za");
    expect(sent[0]!.text).toContain("One click renews it for another 60 days");
    expect(renewPath(sent[0]!)).toMatch(new RegExp(`token=${soon.id}\\.`));
    expect((await adRow(soon.id))?.expiryWarnedAt).toEqual(NOW);
    expect((await adRow(later.id))?.expiryWarnedAt).toBeNull();
  });

  it("expires ads past their date, mails once, and takes them out of search", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db, { email: "sipho@example.co.za" });
    const ad = await insertAd(db, { sellerUserId: seller.id, title: "2016 Kia Picanto", expiresAt: new Date(NOW.getTime() - DAY), expiryWarnedAt: new Date(NOW.getTime() - 8 * DAY) });
    expect((await searchIndex()).index.has(ad.id)).toBe(true);
    expect(await runAdExpiry({ now: NOW })).toEqual({ expired: 1, warned: 0, mailed: 1, failed: 0 });
    expect(await Promise.all([runAdExpiry({ now: NOW }), runAdExpiry({ now: NOW })])).toMatchObject([{ expired: 0 }, { expired: 0 }]);
    expect((await adRow(ad.id))?.status).toBe("expired");
    expect((await searchIndex()).index.has(ad.id)).toBe(false);
    const sent = mails();
    expect(sent.map((m) => m.subject)).toEqual(["Your ad has expired: 2016 Kia Picanto"]);
    expect(sent[0]!.html).toContain("Renew my ad");
  });

  it("leaves dealers' and demo ads alone", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const dealer = await insertDealer(db);
    const demo = await insertAd(db, { sellerUserId: seller.id, isDemo: true, expiresAt: new Date(NOW.getTime() - DAY) });
    const demoSoon = await insertAd(db, { sellerUserId: seller.id, isDemo: true, expiresAt: new Date(NOW.getTime() + DAY) });
    const dealerAd = await insertAd(db, { sellerKind: "dealer", sellerUserId: null, dealerId: dealer.id, expiresAt: new Date(NOW.getTime() - DAY) });
    expect(await runAdExpiry({ now: NOW })).toEqual({ expired: 0, warned: 0, mailed: 0, failed: 0 });
    expect(mails()).toEqual([]);
    for (const id of [demo.id, demoSoon.id, dealerAd.id]) expect(await adRow(id)).toMatchObject({ status: "published", expiryWarnedAt: null });
  });
});

describe("the renew link", () => {
  it("renews the ad from the mail without sign-in, once", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db, { email: "kagiso@example.co.za" });
    const ad = await insertAd(db, { sellerUserId: seller.id, title: "2017 Renault Kwid", expiresAt: new Date(NOW.getTime() - DAY) });
    await runAdExpiry({ now: NOW });
    const link = renewPath(mails()[0]!);

    const page = await call(renewLoader, get(link));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ ok: true, title: "2017 Renault Kwid", path: `/marche-doccasion/annonce/${ad.id}-${ad.slug}` });
    const row = await adRow(ad.id);
    expect(row?.status).toBe("published");
    expect(row!.expiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * DAY);
    expect(row?.expiryWarnedAt).toBeNull();
    expect((await searchIndex()).index.has(ad.id)).toBe(true);

    // The same link again: its expiry no longer matches the ad's.
    const again = await call(renewLoader, get(link));
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ ok: false, message: expect.stringContaining("already used") });
  });

  it("refuses forged, altered, sold and deleted ads' links with a 4xx", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    const expiresAt = new Date(NOW.getTime() - DAY);
    const ad = await insertAd(db, { sellerUserId: seller.id, status: "expired", expiresAt });
    const token = renewalToken(ad.id, expiresAt);
    expect(readRenewalToken(token)).toEqual({ adId: ad.id, expiresAtMs: expiresAt.getTime() });
    // Another ad's id, or another expiry, under the same signature.
    const [, at, sig] = token.split(".");
    for (const bad of [`${ad.id + 1}.${at}.${sig}`, `${ad.id}.${Number(at) + 1}.${sig}`, "nonsense", "", `${ad.id}.${at}.${"A".repeat(43)}`]) {
      expect(await renewByToken(bad, NOW)).toMatchObject({ ok: false, reason: "invalid", status: 404 });
    }
    expect((await call(renewLoader, get("/mon-compte/annonces/renouveler"))).status).toBe(404);
    expect((await call(renewLoader, get("/mon-compte/annonces/renouveler?token=%00%ff"))).status).toBe(404);

    await db.update(usedAds).set({ status: "sold" }).where(eq(usedAds.id, ad.id));
    expect(await renewByToken(token, NOW)).toMatchObject({ ok: false, reason: "sold", status: 409 });
    await db.delete(usedAds).where(eq(usedAds.id, ad.id));
    expect(await renewByToken(token, NOW)).toMatchObject({ ok: false, reason: "gone", status: 410 });
  });

  it("keeps the private seller's limit", async () => {
    const { db } = database();
    const seller = await insertSellerUser(db);
    for (let i = 0; i < 10; i++) await insertAd(db, { sellerUserId: seller.id });
    const expiresAt = new Date(NOW.getTime() - DAY);
    const ad = await insertAd(db, { sellerUserId: seller.id, status: "expired", expiresAt });
    expect(await renewByToken(renewalToken(ad.id, expiresAt), NOW)).toMatchObject({ ok: false, reason: "limit", status: 409 });
    expect((await adRow(ad.id))?.status).toBe("expired");
  });
});
