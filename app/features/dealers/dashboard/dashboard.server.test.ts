import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { dealerContacts, dealerMembers, leadDealers, leads, usedAdContacts, usedAdDailyStats, usedAdFavourites, usedAds } from "../../../../db/schema";
import { insertAd, insertDealer, insertSellerUser } from "../../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../../tests/setup/database";
import { call, cookieFrom, get, givePassword, post } from "../../../../tests/setup/route-calls";
import { dealerLiveAdLimitMessage } from "~/features/marketplace/ad-form-rules";

// The dealer dashboard's stock, 30 days and leads through their routes, as a member signs in:
// what each lists, the bulk actions and the lead statuses, and every one of them tried by a
// member of another dealer (the 404 page, nothing changed).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-dealer-dashboard-"));
process.env.DATA_DIR = dataDir;
process.env.CAPTCHA = "off";
process.env.AUTH_SECRET = "dealer-dashboard-test-secret-0123456789-abc";
process.env.RATE_LIMIT_AUTH = "1000";
process.env.RATE_LIMIT_FORMS = "1000";
delete process.env.SMTP_URL;
delete process.env.REDIS_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { action: loginAction } = await import("~/routes/accounts/login");
const stockRoute = await import("~/routes/dealer-accounts/stock");
const leadsRoute = await import("~/routes/dealer-accounts/leads");
const exportRoute = await import("~/routes/dealer-accounts/leads-export");
const { thirtyDays } = await import("./stock.server");

const database = useTestDatabase();

type Handler = (args: { request: Request; params: { dealerId?: string }; context: unknown }) => unknown;
const withDealer = (handler: Handler, dealerId: number) => ((args: { request: Request; context: unknown }) => handler({ ...args, params: { dealerId: String(dealerId) } })) as never;
/** The export route's Response, called as React Router would. */
const exportCsv = (dealerId: number, request: Request) => (exportRoute.loader as Handler)({ request, context: {}, params: { dealerId: String(dealerId) } }) as Promise<Response>;

interface World {
  dealer: number;
  other: number;
  owner: string;
  staff: string;
  outsider: string;
  stranger: string;
}

let world: World | undefined;

async function member(dealerId: number | null, role: "owner" | "staff" = "owner"): Promise<string> {
  const { db } = database();
  const user = await insertSellerUser(db);
  if (dealerId !== null) await db.insert(dealerMembers).values({ dealerId, userId: user.id, role });
  await givePassword(db, user.id, "Secret123");
  const login = await call(loginAction, post("/login", { email: user.email, password: "Secret123", redirectTo: "/mon-compte" }));
  expect(login.status).toBe(302);
  return cookieFrom(login.headers);
}

/** Two dealers, an owner and a staff member of the first, the owner of the second, and a signed-in non-member. */
async function setUp(): Promise<World> {
  if (world) return world;
  const { db } = database();
  const dealer = (await insertDealer(db, { name: "Highveld Motors", slug: "highveld-motors" })).id;
  const other = (await insertDealer(db, { name: "Coastal Cars", slug: "coastal-cars" })).id;
  world = { dealer, other, owner: await member(dealer), staff: await member(dealer, "staff"), outsider: await member(other), stranger: await member(null) };
  return world;
}

beforeEach(async () => {
  const { db } = database();
  await db.execute(sql`delete from used_ads`);
  await db.execute(sql`delete from leads`);
  await db.execute(sql`delete from dealer_contacts`);
});

const dealerAd = (dealerId: number, values: Parameters<typeof insertAd>[1] = {}) =>
  insertAd(database().db, { sellerKind: "dealer", dealerId, sellerUserId: null, ...values });

async function statusOf(id: number) {
  const [row] = await database().db.select({ status: usedAds.status }).from(usedAds).where(eq(usedAds.id, id));
  return row?.status;
}

const stockUrl = (dealerId: number, search = "") => `/mon-compte/concession/${dealerId}${search}`;
const leadsUrl = (dealerId: number, search = "") => `/mon-compte/concession/${dealerId}/prospects${search}`;

describe("the stock", () => {
  it("lists the dealer's own ads with their figures, and counts each filter", async () => {
    const w = await setUp();
    const { db } = database();
    const live = await dealerAd(w.dealer, { title: "2020 Toyota Hilux 2.4 GD-6", stockNumber: "HV-101", viewCount: 320, contactCount: 4, phoneRevealCount: 6, priceRating: 4, publishedAt: new Date(Date.now() - 5 * 86_400_000) });
    await dealerAd(w.dealer, { title: "2017 Ford Ranger", status: "sold", soldAt: new Date() });
    await dealerAd(w.dealer, { title: "2019 Kia Picanto", status: "paused", photos: 0 });
    await dealerAd(w.dealer, { title: "Taken down", status: "removed" });
    await dealerAd(w.other, { title: "Another dealer's car" });
    await insertAd(db, { title: "A private seller's car" });
    const fan = await insertSellerUser(db);
    await db.insert(usedAdFavourites).values({ userId: fan.id, adId: live.id, priceAtSave: 159_000 });

    const answer = await call(withDealer(stockRoute.loader as Handler, w.dealer), get(stockUrl(w.dealer), w.staff));
    expect(answer.status).toBe(200);
    const view = answer.body as unknown as Awaited<ReturnType<typeof stockRoute.loader>>;
    expect(view.rows.map((r) => r.title).sort()).toEqual(["2017 Ford Ranger", "2019 Kia Picanto", "2020 Toyota Hilux 2.4 GD-6"]);
    expect(view.counts).toEqual({ all: 3, live: 1, sold: 1, paused: 1, "no-photos": 1, "high-price": 1 });
    const hilux = view.rows.find((r) => r.id === live.id)!;
    expect(hilux).toMatchObject({ stockNumber: "HV-101", viewCount: 320, contactCount: 4, phoneRevealCount: 6, favouriteCount: 1, daysOnMarket: "5 days on the market", editPath: `/poster-une-annonce/modifier/${live.id}` });
    expect(hilux.rating).toEqual({ label: "High price", high: true });
    expect(view.sellPath).toBe(`/poster-une-annonce?pour=${w.dealer}`);

    const high = await call(withDealer(stockRoute.loader as Handler, w.dealer), get(stockUrl(w.dealer, "?filter=high-price"), w.owner));
    expect((high.body as unknown as typeof view).rows.map((r) => r.id)).toEqual([live.id]);
    const noPhotos = await call(withDealer(stockRoute.loader as Handler, w.dealer), get(stockUrl(w.dealer, "?filter=no-photos"), w.owner));
    expect((noPhotos.body as unknown as typeof view).rows.map((r) => r.title)).toEqual(["2019 Kia Picanto"]);
  });

  it("is the 404 page for a member of another dealer and someone of no dealer, the login page signed out", async () => {
    const w = await setUp();
    expect((await call(withDealer(stockRoute.loader as Handler, w.dealer), get(stockUrl(w.dealer), w.outsider))).status).toBe(404);
    expect((await call(withDealer(stockRoute.loader as Handler, w.dealer), get(stockUrl(w.dealer), w.stranger))).status).toBe(404);
    const signedOut = await call(withDealer(stockRoute.loader as Handler, w.dealer), get(stockUrl(w.dealer)));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("sends a page past the last one to the last", async () => {
    const w = await setUp();
    await dealerAd(w.dealer);
    const answer = await call(withDealer(stockRoute.loader as Handler, w.dealer), get(stockUrl(w.dealer, "?filter=live&page=4&done=sold&count=1"), w.owner));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`${stockUrl(w.dealer)}?filter=live&done=sold&count=1`);
  });
});

describe("the bulk actions", () => {
  const bulk = (dealerId: number, cookie: string, intent: string, ids: number[], back = "filter=live") => {
    const body = new URLSearchParams({ intent, back });
    for (const id of ids) body.append("adId", String(id));
    return call(
      withDealer(stockRoute.action as Handler, dealerId),
      new Request(`http://localhost:3000${stockUrl(dealerId)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000", cookie },
        body: body.toString(),
      }),
    );
  };

  it("mark the ticked ads sold, skip those whose status does not allow it, and go back to the list with a notice", async () => {
    const w = await setUp();
    const a = await dealerAd(w.dealer);
    const b = await dealerAd(w.dealer, { status: "paused" });
    const c = await dealerAd(w.dealer, { status: "sold", soldAt: new Date() });
    const answer = await bulk(w.dealer, w.staff, "sold", [a.id, b.id, c.id]);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${stockUrl(w.dealer)}?filter=live&done=sold&count=2&skipped=1`);
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id)]).toEqual(["sold", "sold", "sold"]);
  });

  it("pause, put back and renew", async () => {
    const w = await setUp();
    const a = await dealerAd(w.dealer);
    const expired = await dealerAd(w.dealer, { status: "expired", expiresAt: new Date(Date.now() - 86_400_000) });
    expect((await bulk(w.dealer, w.owner, "pause", [a.id])).status).toBe(303);
    expect(await statusOf(a.id)).toBe("paused");
    expect((await bulk(w.dealer, w.owner, "unpause", [a.id])).status).toBe(303);
    expect(await statusOf(a.id)).toBe("published");
    expect((await bulk(w.dealer, w.owner, "renew", [expired.id])).status).toBe(303);
    const [row] = await database().db.select({ status: usedAds.status, expiresAt: usedAds.expiresAt }).from(usedAds).where(eq(usedAds.id, expired.id));
    expect(row!.status).toBe("published");
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
  });

  it("change nothing when one ticked ad is another dealer's, a private seller's or unknown", async () => {
    const w = await setUp();
    const mine = await dealerAd(w.dealer);
    const theirs = await dealerAd(w.other);
    const privateAd = await insertAd(database().db);
    for (const ids of [[mine.id, theirs.id], [mine.id, privateAd.id], [mine.id, 99_999_999]]) {
      const answer = await bulk(w.dealer, w.owner, "sold", ids);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toMatch(/not yours/);
    }
    expect([await statusOf(mine.id), await statusOf(theirs.id), await statusOf(privateAd.id)]).toEqual(["published", "published", "published"]);
  });

  it("are the 404 page for a member of another dealer, even naming the dealer's own ads", async () => {
    const w = await setUp();
    const mine = await dealerAd(w.dealer);
    for (const intent of ["sold", "pause", "renew"]) expect((await bulk(w.dealer, w.outsider, intent, [mine.id])).status).toBe(404);
    expect((await bulk(w.dealer, w.stranger, "sold", [mine.id])).status).toBe(404);
    expect(await statusOf(mine.id)).toBe("published");
  });

  it("answer bad forms with a 400 and a message", async () => {
    const w = await setUp();
    const mine = await dealerAd(w.dealer);
    expect((await bulk(w.dealer, w.owner, "delete", [mine.id])).body.message).toBe("Choose what to do with the ads you ticked.");
    expect((await bulk(w.dealer, w.owner, "sold", [])).status).toBe(400);
    const tooMany = await bulk(w.dealer, w.owner, "sold", Array.from({ length: 101 }, (_, i) => i + 1));
    expect(tooMany.status).toBe(400);
    expect(await statusOf(mine.id)).toBe("published");
  });

  it("refuse to renew past the dealer's ad limit", async () => {
    const w = await setUp();
    const { db } = database();
    await db.execute(sql`update dealers set ad_limit = 1 where id = ${w.dealer}`);
    await dealerAd(w.dealer);
    const expired = await dealerAd(w.dealer, { status: "expired" });
    const answer = await bulk(w.dealer, w.owner, "renew", [expired.id]);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(dealerLiveAdLimitMessage(1));
    expect(await statusOf(expired.id)).toBe("expired");
    await db.execute(sql`update dealers set ad_limit = 500 where id = ${w.dealer}`);
  });
});

describe("the 30 days", () => {
  it("add up views and phone reveals, messages and find-my-car leads per South African day, for this dealer only", async () => {
    const w = await setUp();
    const { db } = database();
    const now = new Date("2026-10-31T22:30:00Z"); // 1 November in South Africa
    const ad = await dealerAd(w.dealer);
    const theirs = await dealerAd(w.other);
    await db.insert(usedAdDailyStats).values([
      { adId: ad.id, day: "2026-11-01", views: 12, phoneReveals: 2 },
      { adId: ad.id, day: "2026-10-20", views: 5, phoneReveals: 0 },
      { adId: ad.id, day: "2026-09-01", views: 99, phoneReveals: 9 },
      { adId: theirs.id, day: "2026-11-01", views: 1000, phoneReveals: 100 },
    ]);
    // 22:10 UTC on 31 October is already 1 November in Johannesburg.
    await db.insert(usedAdContacts).values({ adId: ad.id, name: "Lerato", email: "lerato@example.co.za", message: "Is it still available?", createdAt: new Date("2026-10-31T22:10:00Z") });
    await db.insert(dealerContacts).values({ dealerId: w.dealer, name: "Sipho", email: "sipho@example.co.za", topic: "service", message: "A service booking please", createdAt: new Date("2026-10-31T21:00:00Z") });
    const lead = await insertLead("Naledi", new Date("2026-10-20T10:00:00Z"));
    await db.insert(leadDealers).values({ leadId: lead, dealerId: w.dealer, sentAt: new Date("2026-10-20T10:00:00Z") });
    const days = await thirtyDays(w.dealer, now);
    expect(days).toHaveLength(30);
    // Two phone reveals and the ad message on 1 November; the page message at 23:00 on 31 October.
    expect(days.at(-1)).toEqual({ day: "2026-11-01", views: 12, contacts: 3, leads: 0 });
    expect(days.find((d) => d.day === "2026-10-31")).toEqual({ day: "2026-10-31", views: 0, contacts: 1, leads: 0 });
    expect(days.find((d) => d.day === "2026-10-20")).toEqual({ day: "2026-10-20", views: 5, contacts: 0, leads: 1 });
    expect(days.reduce((sum, d) => sum + d.views, 0)).toBe(17);
  });
});

async function insertLead(name: string, createdAt: Date): Promise<number> {
  const [row] = await database()
    .db.insert(leads)
    .values({
      carCondition: "used",
      paymentMethod: "finance",
      wanted: [],
      budgetKind: "price",
      budgetMin: 150_000,
      budgetMax: 250_000,
      name,
      phone: "+27821234567",
      email: `${name.toLowerCase()}@example.co.za`,
      province: "gauteng",
      contactTime: "morning",
      consent: true,
      attribution: { sourcePath: "/", referrer: null, utm: {} },
      duplicateKey: `${name}-${createdAt.toISOString()}-${Math.random()}`,
      createdAt,
    })
    .returning({ id: leads.id });
  return row!.id;
}

/** A find-my-car request, a page message and an ad message for the dealer, one hour apart, and one of each for the other dealer. */
async function threeLeads(w: World) {
  const { db } = database();
  const hour = 3_600_000;
  const base = Date.now() - 10 * hour;
  const request = await insertLead("Naledi", new Date(base));
  await db.insert(leadDealers).values({ leadId: request, dealerId: w.dealer, sentAt: new Date(base) });
  const [page] = await db
    .insert(dealerContacts)
    .values({ dealerId: w.dealer, name: "Sipho", email: "sipho@example.co.za", phone: "082 555 0101", topic: "service", message: "=HYPERLINK(\"http://x\")", createdAt: new Date(base + hour) })
    .returning({ id: dealerContacts.id });
  const ad = await dealerAd(w.dealer, { title: "2020 Toyota Hilux 2.4 GD-6", stockNumber: "HV-101" });
  const [message] = await db
    .insert(usedAdContacts)
    .values({ adId: ad.id, name: "Lerato", email: "lerato@example.co.za", message: "Is it still available?", createdAt: new Date(base + 2 * hour) })
    .returning({ id: usedAdContacts.id });
  const theirRequest = await insertLead("Thandi", new Date(base + 3 * hour));
  await db.insert(leadDealers).values({ leadId: theirRequest, dealerId: w.other, sentAt: new Date(base + 3 * hour) });
  const [theirPage] = await db.insert(dealerContacts).values({ dealerId: w.other, name: "Ruan", email: "ruan@example.co.za", topic: "parts", message: "Parts please" }).returning({ id: dealerContacts.id });
  const theirAd = await dealerAd(w.other);
  const [theirMessage] = await db.insert(usedAdContacts).values({ adId: theirAd.id, name: "Ayesha", email: "ayesha@example.co.za", message: "Still for sale?" }).returning({ id: usedAdContacts.id });
  return { request, page: page!.id, message: message!.id, adId: ad.id, theirs: { request: theirRequest, page: theirPage!.id, message: theirMessage!.id } };
}

describe("the leads", () => {
  const setStatus = (dealerId: number, cookie: string, fields: Record<string, string>) =>
    call(withDealer(leadsRoute.action as Handler, dealerId), post(leadsUrl(dealerId), fields, { cookie }));

  it("list the three kinds newest first, with who, how to reach them and what about, and filter by status and kind", async () => {
    const w = await setUp();
    const ids = await threeLeads(w);
    const answer = await call(withDealer(leadsRoute.loader as Handler, w.dealer), get(leadsUrl(w.dealer), w.staff));
    expect(answer.status).toBe(200);
    const view = answer.body as unknown as Awaited<ReturnType<typeof leadsRoute.loader>>;
    expect(view.rows.map((r) => r.key)).toEqual([`ad-message-${ids.message}`, `dealer-message-${ids.page}`, `request-${ids.request}`]);
    expect(view.rows[0]).toMatchObject({ name: "Lerato", email: "lerato@example.co.za", message: "Is it still available?", ad: { title: "2020 Toyota Hilux 2.4 GD-6", stockNumber: "HV-101" } });
    expect(view.rows[1]).toMatchObject({ kindLabel: "Message on your page", phone: "082 555 0101", asked: ["About: A service booking"] });
    expect(view.rows[2]!.asked).toEqual(["Looking for: A used car", "Budget: R 150.000 - R 250.000", "Payment: Vehicle finance", "Province: Gauteng", "Best time to call: In the morning"]);
    expect(view.total).toBe(3);

    const onlyPage = await call(withDealer(leadsRoute.loader as Handler, w.dealer), get(leadsUrl(w.dealer, "?kind=dealer-message"), w.owner));
    expect((onlyPage.body as unknown as typeof view).rows.map((r) => r.key)).toEqual([`dealer-message-${ids.page}`]);
    await setStatus(w.dealer, w.owner, { kind: "request", id: String(ids.request), status: "contacted", note: "" });
    const contacted = await call(withDealer(leadsRoute.loader as Handler, w.dealer), get(leadsUrl(w.dealer, "?status=contacted"), w.owner));
    expect((contacted.body as unknown as typeof view).rows.map((r) => r.key)).toEqual([`request-${ids.request}`]);
  });

  it("save a status and note on each kind, and go back to the list with a notice", async () => {
    const w = await setUp();
    const ids = await threeLeads(w);
    const { db } = database();
    const answer = await setStatus(w.dealer, w.staff, { kind: "ad-message", id: String(ids.message), status: "appointment", note: "  Test drive Saturday 10:00 ", back: "status=new" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${leadsUrl(w.dealer)}?status=new&saved=ad-message-${ids.message}#lead-ad-message-${ids.message}`);
    const [message] = await db.select().from(usedAdContacts).where(eq(usedAdContacts.id, ids.message));
    expect(message).toMatchObject({ dealerStatus: "appointment", dealerNote: "Test drive Saturday 10:00" });
    expect(message!.dealerStatusAt).not.toBeNull();
    const scripted = await setStatus(w.dealer, w.owner, { kind: "request", id: String(ids.request), status: "sold", note: "", scripted: "1" });
    expect(scripted).toMatchObject({ status: 200, body: { ok: true, message: "Saved: “Sold”." } });
    expect((await setStatus(w.dealer, w.owner, { kind: "dealer-message", id: String(ids.page), status: "lost", note: "Went elsewhere", scripted: "1" })).status).toBe(200);
    const [request] = await db.select().from(leadDealers).where(eq(leadDealers.leadId, ids.request));
    const [page] = await db.select().from(dealerContacts).where(eq(dealerContacts.id, ids.page));
    expect([request!.dealerStatus, page!.dealerStatus, page!.dealerNote]).toEqual(["sold", "lost", "Went elsewhere"]);
  });

  it("never touch another dealer's lead, named in this dealer's form or sent by that dealer's member", async () => {
    const w = await setUp();
    const ids = await threeLeads(w);
    const { db } = database();
    for (const [kind, id] of [["request", ids.theirs.request], ["dealer-message", ids.theirs.page], ["ad-message", ids.theirs.message]] as const) {
      const answer = await setStatus(w.dealer, w.owner, { kind, id: String(id), status: "lost", note: "x", scripted: "1" });
      expect(answer.status).toBe(404);
    }
    // The other dealer's member posting to this dealer's leads, with this dealer's lead ids: the 404 page.
    for (const [kind, id] of [["request", ids.request], ["dealer-message", ids.page], ["ad-message", ids.message]] as const) {
      expect((await setStatus(w.dealer, w.outsider, { kind, id: String(id), status: "lost", note: "x" })).status).toBe(404);
    }
    expect((await setStatus(w.dealer, w.stranger, { kind: "request", id: String(ids.request), status: "lost", note: "x" })).status).toBe(404);
    expect((await call(withDealer(leadsRoute.loader as Handler, w.dealer), get(leadsUrl(w.dealer), w.outsider))).status).toBe(404);
    const statuses = [
      ...(await db.select({ s: leadDealers.dealerStatus }).from(leadDealers)).map((r) => r.s),
      ...(await db.select({ s: dealerContacts.dealerStatus }).from(dealerContacts)).map((r) => r.s),
      ...(await db.select({ s: usedAdContacts.dealerStatus }).from(usedAdContacts).where(inArray(usedAdContacts.id, [ids.message, ids.theirs.message]))).map((r) => r.s),
    ];
    expect(statuses.every((s) => s === "new")).toBe(true);
  });

  it("answer a bad status or a long note with a 400 and change nothing", async () => {
    const w = await setUp();
    const ids = await threeLeads(w);
    const bad = await setStatus(w.dealer, w.owner, { kind: "request", id: String(ids.request), status: "won", note: "", scripted: "1" });
    expect(bad).toMatchObject({ status: 400, body: { ok: false, message: "Choose a status from the list." } });
    expect((await setStatus(w.dealer, w.owner, { kind: "request", id: String(ids.request), status: "sold", note: "x".repeat(1001) })).status).toBe(400);
    expect((await setStatus(w.dealer, w.owner, { kind: "phone", id: "1", status: "sold", note: "" })).status).toBe(404);
    const [request] = await database().db.select().from(leadDealers).where(eq(leadDealers.leadId, ids.request));
    expect(request!.dealerStatus).toBe("new");
  });

  it("export as CSV under the filters, spreadsheet formulas defused, and only for the dealer's members", async () => {
    const w = await setUp();
    await threeLeads(w);
    const response = await exportCsv(w.dealer, get(`${leadsUrl(w.dealer)}.csv`, w.staff));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="leads-highveld-motors-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("received_at,kind,status,note,name,email,phone,asked,message,ad,stock_number,ad_url");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain("Message about an ad,New,,Lerato,lerato@example.co.za");
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const filtered = await exportCsv(w.dealer, get(`${leadsUrl(w.dealer)}.csv?kind=request`, w.owner));
    expect((await filtered.text()).trim().split("\r\n")).toHaveLength(2);
    expect((await call(withDealer(exportRoute.loader as Handler, w.dealer), get(`${leadsUrl(w.dealer)}.csv`, w.outsider))).status).toBe(404);
  });
});
