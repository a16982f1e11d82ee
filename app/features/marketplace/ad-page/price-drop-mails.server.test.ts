import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { emptyOutbox, outboxMails } from "../../../../tests/setup/outbox";

// env() caches on first use: mails go to this folder's outbox.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-price-drops-"));
process.env.DATA_DIR = dataDir;
process.env.PUBLIC_URL = "https://www.voitura.example";
delete process.env.SMTP_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { useTestDatabase } = await import("../../../../tests/setup/database");
const { insertAd, insertSellerUser } = await import("../../../../tests/setup/ad-fixtures");
const { usedAdFavourites, usedAdPrices, users } = await import("../../../../db/schema");
const drops = await import("./price-drop-mails.server");
const { favouritesOf } = await import("./favourites.server");

const database = useTestDatabase();
const db = () => database().db;

// 09:00 in South Africa on 2 December 2026; the day starts at 22:00 UTC on 1 December.
const now = new Date("2026-12-02T07:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

const outbox = () => outboxMails(dataDir);

/** A published ad listed at `listed` 10 days ago, with later prices at the given hours ago. */
async function adWithPrices(title: string, listed: number, changes: { price: number; hoursAgo: number }[] = []) {
  const last = changes.at(-1)?.price ?? listed;
  const ad = await insertAd(db(), { title, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"), priceZar: last, publishedAt: hoursAgo(240) });
  await db().insert(usedAdPrices).values([{ adId: ad.id, priceZar: listed, changedAt: hoursAgo(240) }, ...changes.map((c) => ({ adId: ad.id, priceZar: c.price, changedAt: hoursAgo(c.hoursAgo) }))]);
  return ad;
}

async function save(userId: string, adId: number, price: number, savedHoursAgo: number) {
  await db().insert(usedAdFavourites).values({ userId, adId, priceAtSave: price, createdAt: hoursAgo(savedHoursAgo) });
}

let buyer: { id: string; email: string };

beforeEach(async () => {
  await db().execute(sql`delete from used_ads`);
  await db().execute(sql`delete from price_drop_mail_settings`);
  emptyOutbox(dataDir);
  buyer = await insertSellerUser(db(), { name: "Lerato" });
});

describe("price-drop mails", () => {
  it("mails a favourite's drop once, with the one-click unsubscribe headers; a second run sends nothing", async () => {
    const polo = await adWithPrices("2019 Polo Vivo Trendline", 199_900, [{ price: 189_900, hoursAgo: 20 }]);
    await save(buyer.id, polo.id, 199_900, 100);

    expect(await drops.runPriceDropMails({ now })).toEqual({ users: 1, mails: 1, drops: 1 });
    expect(await drops.runPriceDropMails({ now })).toEqual({ users: 0, mails: 0, drops: 0 });
    const mails = outbox();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain(`To: Lerato <${buyer.email}>`);
    expect(mail).toContain("Subject: Price drop on a car you saved");
    expect(mail).toContain("2019 Polo Vivo Trendline");
    // By hand: 199 900 - 189 900 = 10 000, set 20 hours before 09:00 on 2 December (13:00 on 1 December there).
    expect(mail).toContain("Now R 189 900, R 10 000 less (was R 199 900) · dropped on 1 December");
    expect(mail).toContain(`https://www.voitura.example/marche-doccasion/annonce/${polo.id}-`);
    const token = drops.priceDropUnsubscribeToken(buyer.id);
    expect(mail).toContain(`List-Unsubscribe: <https://www.voitura.example/alertes/baisses-de-prix/desabonnement?token=${token}>`);
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("mails only real drops on this user's favourites, made after saving, on ads still for sale", async () => {
    const other = await insertSellerUser(db(), { name: "Sipho" });
    const dropped = await adWithPrices("Dropped Polo", 200_000, [{ price: 190_000, hoursAgo: 5 }]);
    const raised = await adWithPrices("Raised Polo", 200_000, [{ price: 210_000, hoursAgo: 5 }]);
    const downThenUp = await adWithPrices("Down then up Polo", 200_000, [{ price: 190_000, hoursAgo: 30 }, { price: 195_000, hoursAgo: 5 }]);
    const same = await adWithPrices("Same price Polo", 200_000, [{ price: 200_000, hoursAgo: 5 }]);
    const droppedBeforeSaving = await adWithPrices("Saved after its drop", 200_000, [{ price: 180_000, hoursAgo: 50 }]);
    const notSaved = await adWithPrices("Not saved Polo", 200_000, [{ price: 150_000, hoursAgo: 5 }]);
    const sold = await adWithPrices("Sold Polo", 200_000, [{ price: 170_000, hoursAgo: 5 }]);
    await db().execute(sql`update used_ads set status = 'sold' where id = ${sold.id}`);
    for (const ad of [dropped, raised, downThenUp, same, sold]) await save(buyer.id, ad.id, 200_000, 100);
    await save(buyer.id, droppedBeforeSaving.id, 180_000, 20);
    await save(other.id, notSaved.id, 200_000, 100);
    // The other user's address is not verified: no mail for them.
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, other.id));

    expect(await drops.runPriceDropMails({ now })).toEqual({ users: 1, mails: 1, drops: 1 });
    const mail = outbox()[0]!;
    expect(mail).toContain("Dropped Polo");
    for (const title of ["Raised Polo", "Down then up Polo", "Same price Polo", "Saved after its drop", "Not saved Polo", "Sold Polo"]) expect(mail).not.toContain(title);
  });

  it("sends one mail a day at most, listing every drop; the next day's drops go the next day", async () => {
    const first = await adWithPrices("First Polo", 200_000, [{ price: 190_000, hoursAgo: 5 }]);
    const second = await adWithPrices("Second Polo", 300_000, [{ price: 280_000, hoursAgo: 4 }]);
    await save(buyer.id, first.id, 200_000, 100);
    await save(buyer.id, second.id, 300_000, 100);
    expect(await drops.runPriceDropMails({ now })).toMatchObject({ mails: 1, drops: 2 });
    expect(outbox()[0]!).toContain("Subject: Price drops on 2 cars you saved");

    // Another drop an hour later, the same South African day: it waits.
    const later = new Date(now.getTime() + 3_600_000);
    await db().insert(usedAdPrices).values({ adId: first.id, priceZar: 185_000, changedAt: new Date(now.getTime() + 1_800_000) });
    expect(await drops.runPriceDropMails({ now: later })).toMatchObject({ mails: 0 });
    expect(outbox()).toHaveLength(1);

    // The next morning it goes, alone (the second ad's drop was mailed already).
    const tomorrow = new Date(now.getTime() + 24 * 3_600_000);
    expect(await drops.runPriceDropMails({ now: tomorrow })).toEqual({ users: 1, mails: 1, drops: 1 });
    const next = outbox()[1]!;
    expect(next).toContain("First Polo");
    expect(next).toContain("Now R 185 000, R 5 000 less (was R 190 000)");
    expect(next).not.toContain("Second Polo");
  });

  it("respects the switch, disabled accounts and deleted ones", async () => {
    const polo = await adWithPrices("Polo", 200_000, [{ price: 190_000, hoursAgo: 5 }]);
    await save(buyer.id, polo.id, 200_000, 100);
    await drops.setPriceDropMails(buyer.id, false);
    expect(await drops.priceDropMailsOn(buyer.id)).toBe(false);
    expect(await drops.runPriceDropMails({ now })).toMatchObject({ mails: 0 });

    await drops.setPriceDropMails(buyer.id, true);
    await db().update(users).set({ disabled: true }).where(eq(users.id, buyer.id));
    expect(await drops.runPriceDropMails({ now })).toMatchObject({ mails: 0 });

    // A deleted account takes its favourites and settings with it; its old link no longer works.
    const token = drops.priceDropUnsubscribeToken(buyer.id);
    await db().delete(users).where(eq(users.id, buyer.id));
    expect(await drops.runPriceDropMails({ now })).toMatchObject({ mails: 0 });
    expect(await drops.unsubscribePriceDropsByToken(token)).toBe(false);
    expect(outbox()).toHaveLength(0);
  });

  it("unsubscribes by the mail's token, and refuses a forged one", async () => {
    const token = drops.priceDropUnsubscribeToken(buyer.id);
    expect(drops.userIdOfPriceDropToken(token)).toBe(buyer.id);
    expect(drops.userIdOfPriceDropToken(`${token.slice(0, -4)}AAAA`)).toBeUndefined();
    expect(drops.userIdOfPriceDropToken(`someone-else.${token.split(".")[1]}`)).toBeUndefined();
    expect(drops.userIdOfPriceDropToken("")).toBeUndefined();
    expect(await drops.priceDropTokenAccount(token)).toEqual({ userId: buyer.id, mailsOn: true });
    expect(await drops.unsubscribePriceDropsByToken(token)).toBe(true);
    expect(await drops.priceDropMailsOn(buyer.id)).toBe(false);
  });

  it("shows each favourite's latest drop on the favourites list", async () => {
    const dropped = await adWithPrices("Dropped Polo", 200_000, [{ price: 190_000, hoursAgo: 20 }]);
    const raised = await adWithPrices("Raised Polo", 200_000, [{ price: 210_000, hoursAgo: 5 }]);
    await save(buyer.id, dropped.id, 200_000, 100);
    await save(buyer.id, raised.id, 200_000, 100);
    const list = await favouritesOf(buyer.id);
    expect(list.find((f) => f.ad.id === dropped.id)?.drop).toEqual({ amount: 10_000, at: hoursAgo(20).toISOString() });
    expect(list.find((f) => f.ad.id === raised.id)?.drop).toBeNull();
  });
});
