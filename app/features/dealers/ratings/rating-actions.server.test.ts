import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { dealerContacts, dealerMembers, dealerRatings } from "../../../../db/schema";
import { insertDealer, insertSellerUser } from "../../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../../tests/setup/database";
import { call, cookieFrom, get, givePassword, post } from "../../../../tests/setup/route-calls";

// The ratings' loaders and POSTs as the router calls them, with a real session: the rating page
// and its action (bad input a 400, a refusal a 403, a second rating a 409, a success a 303 to the
// rating), and the dashboard's answers (another dealer's member meets the 404 page, an answer once).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-ratings-"));
process.env.DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { action: loginAction } = await import("~/routes/accounts/login");
const rate = await import("~/routes/dealers/rate");
const dashboard = await import("~/routes/dealer-accounts/ratings");

const database = useTestDatabase();
const DAY = 86_400_000;
const withParams =
  <A,>(handler: (args: A) => unknown, params: Record<string, string>) =>
  (args: never) =>
    handler({ ...(args as object), params } as A);

async function signIn(name: string) {
  const { db } = database();
  const user = await insertSellerUser(db, { name });
  await givePassword(db, user.id, "Secret123");
  const login = await call(loginAction, post("/login", { email: user.email, password: "Secret123", redirectTo: "/" }));
  return { ...user, cookie: cookieFrom(login.headers) };
}

const good = { response: "5", honesty: "4", asDescribed: "4", text: "Quick answers, and the bakkie was exactly as described." };

describe("the rating page", () => {
  it("answers bad input with a 400, a buyer without contact with a 403, then rates once and goes to the rating", async () => {
    const { db } = database();
    const dealer = await insertDealer(db, { slug: "mzansi-motors", name: "Mzansi Motors" });
    const params = { dealerIdSlug: `${dealer.id}-mzansi-motors` };
    const url = `/concessionnaires/${dealer.id}-mzansi-motors/evaluer`;
    const buyer = await signIn("Thandi Nkosi");

    const page = await call(withParams(rate.loader as never, params), get(url, buyer.cookie));
    expect(page.body).toMatchObject({ eligible: false, refusal: expect.stringContaining("You have not contacted Mzansi Motors") });
    const refused = await call(withParams(rate.action as never, params), post(url, good, { cookie: buyer.cookie }));
    expect(refused.status).toBe(403);

    await db.insert(dealerContacts).values({ dealerId: dealer.id, userId: buyer.id, name: "Thandi", email: buyer.email, topic: "used-car", message: "Still for sale?", createdAt: new Date(Date.now() - 8 * DAY) });
    const bad = await call(withParams(rate.action as never, params), post(url, { ...good, response: "9", text: "short" }, { cookie: buyer.cookie }));
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({ response: "Please rate response from 1 to 5", text: "Please write at least 20 characters" });
    expect(await db.$count(dealerRatings)).toBe(0);

    const saved = await call(withParams(rate.action as never, params), post(url, good, { cookie: buyer.cookie }));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toMatch(new RegExp(`^/concessionnaires/${dealer.id}-mzansi-motors#rating-\\d+$`));
    const again = await call(withParams(rate.action as never, params), post(url, good, { cookie: buyer.cookie }));
    expect(again.status).toBe(409);

    // A stale slug is 301'd; a visitor is sent to sign in; a cross-site POST is refused.
    const stale = await call(withParams(rate.loader as never, { dealerIdSlug: `${dealer.id}-old` }), get(`/concessionnaires/${dealer.id}-old/evaluer`, buyer.cookie));
    expect(stale).toMatchObject({ status: 301 });
    expect((await call(withParams(rate.loader as never, params), get(url))).status).toBe(302);
    const crossSite = await call(withParams(rate.action as never, params), post(url, good, { cookie: buyer.cookie, origin: "https://evil.example" }));
    expect(crossSite.status).toBe(403);
  });
});

describe("the dashboard's answers", () => {
  it("lets the dealer's member answer once; another dealer's member meets the 404 page", async () => {
    const { db } = database();
    const dealer = await insertDealer(db, { name: "Karoo Cars" });
    const other = await insertDealer(db, { name: "Other Motors" });
    const author = await insertSellerUser(db, { name: "Pieter van der Merwe" });
    const [rating] = await db.insert(dealerRatings).values({ dealerId: dealer.id, userId: author.id, response: 2, honesty: 3, asDescribed: 2, text: "Slow to answer, and the tyres were worn." }).returning({ id: dealerRatings.id });
    const member = await signIn("Sizwe Ndlovu");
    await db.insert(dealerMembers).values({ dealerId: dealer.id, userId: member.id, role: "staff" });
    const outsider = await signIn("Lerato Mokoena");
    await db.insert(dealerMembers).values({ dealerId: other.id, userId: outsider.id, role: "owner" });
    const url = `/mon-compte/concession/${dealer.id}/avis`;
    const params = { dealerId: String(dealer.id) };

    const list = await call(withParams(dashboard.loader as never, params), get(url, member.cookie));
    expect(list.body).toMatchObject({ total: 1, unanswered: 1, ratings: [{ id: rating!.id, author: "Pieter M." }] });
    expect((await call(withParams(dashboard.loader as never, params), get(url, outsider.cookie))).status).toBe(404);
    const foreign = await call(withParams(dashboard.action as never, params), post(url, { ratingId: String(rating!.id), reply: "Not our rating at all, sorry." }, { cookie: outsider.cookie }));
    expect(foreign.status).toBe(404);

    const empty = await call(withParams(dashboard.action as never, params), post(url, { ratingId: String(rating!.id), reply: "" }, { cookie: member.cookie }));
    expect(empty).toMatchObject({ status: 400, body: { fieldErrors: { reply: "Please write your answer" } } });
    const answered = await call(withParams(dashboard.action as never, params), post(url, { ratingId: String(rating!.id), reply: "We are sorry, Pieter: the tyres are now checked before every sale." }, { cookie: member.cookie }));
    expect(answered).toMatchObject({ status: 200, body: { ok: true } });
    const twice = await call(withParams(dashboard.action as never, params), post(url, { ratingId: String(rating!.id), reply: "A second answer to the same rating." }, { cookie: member.cookie }));
    expect(twice.status).toBe(409);
    const [stored] = await db.select({ reply: dealerRatings.reply }).from(dealerRatings).where(eq(dealerRatings.id, rating!.id));
    expect(stored!.reply).toBe("We are sorry, Pieter: the tyres are now checked before every sale.");
    // Another dealer's rating through this dealer's address: no such rating here.
    const [elsewhere] = await db.insert(dealerRatings).values({ dealerId: other.id, userId: author.id, response: 5, honesty: 5, asDescribed: 5, text: "Great service all round, thank you." }).returning({ id: dealerRatings.id });
    const wrongDealer = await call(withParams(dashboard.action as never, params), post(url, { ratingId: String(elsewhere!.id), reply: "Answering another dealer's rating." }, { cookie: member.cookie }));
    expect(wrongDealer.status).toBe(404);
  });
});
