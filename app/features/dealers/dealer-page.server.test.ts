import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { brands, dealerBrands, dealerContacts } from "../../../db/schema";
import { insertAd, insertDealer } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { emptyOutbox, parsedOutboxMails } from "../../../tests/setup/outbox";

// env() caches on first use: the data folder (outbox) before anything reads it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-dealer-page-"));
process.env.DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
delete process.env.SMTP_URL;
// The action's own steps are tested here; the captcha is proven in the browser journeys.
process.env.CAPTCHA = "off";

const { loadDealerPage, DEALER_ADS_PER_PAGE } = await import("./dealer-page.server");
const { contactDealer } = await import("./dealer-contact.server");
const { dealerContactSchema } = await import("./dealer-contact-schema");
const { dealerContactAction } = await import("./dealer-contact-action.server");
const { invalidate } = await import("~/lib/cache.server");

const database = useTestDatabase({ seed: true });
const mails = () => parsedOutboxMails(dataDir);

const request = (pathAndQuery: string) => new Request(`http://localhost${pathAndQuery}`);
const idSlug = (pathname: string) => pathname.split("/").at(-1);

/** What a thrown router response says: its status and where a redirect goes. */
async function thrown(promise: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Response) return { status: err.status, location: err.headers.get("Location") };
    const data = err as { init?: { status?: number } };
    if (data?.init?.status) return { status: data.init.status };
    throw err;
  }
  throw new Error("expected the loader to throw");
}

let made = 0;
/** A dealer with these brands, and its canonical path. */
async function franchiseDealer(brandSlugs: string[]) {
  const { db } = database();
  const slug = `toyota-menlyn-${++made}`;
  const dealer = await insertDealer(db, { slug, name: "Toyota Menlyn", kind: "franchise", sellsNew: true });
  const rows = await db.select({ id: brands.id }).from(brands).where(inArray(brands.slug, brandSlugs));
  await db.insert(dealerBrands).values(rows.map((b) => ({ dealerId: dealer.id, brandId: b.id })));
  invalidate("dealers");
  return { ...dealer, path: `/concessionnaires/${dealer.id}-${slug}` };
}

beforeEach(() => emptyOutbox(dataDir));

describe("the dealer page's loader", () => {
  it("is the 404 page for a non-numeric id, the spec's literal /concessionnaires/concessionnaires included, and an unknown id", async () => {
    expect(await thrown(loadDealerPage(request("/concessionnaires/concessionnaires"), { dealerIdSlug: "concessionnaires" }))).toEqual({ status: 404 });
    expect(await thrown(loadDealerPage(request("/concessionnaires/12abc"), { dealerIdSlug: "12abc" }))).toEqual({ status: 404 });
    expect(await thrown(loadDealerPage(request("/concessionnaires/999999-nobody"), { dealerIdSlug: "999999-nobody" }))).toEqual({ status: 404 });
  });

  it("301s a stale or missing slug to the canonical address, keeping the query", async () => {
    const dealer = await franchiseDealer(["toyota"]);
    const canonical = dealer.path;
    expect(await thrown(loadDealerPage(request(`/concessionnaires/${dealer.id}`), { dealerIdSlug: String(dealer.id) }))).toEqual({ status: 301, location: canonical });
    expect(await thrown(loadDealerPage(request(`/concessionnaires/${dealer.id}-old-name?page=1`), { dealerIdSlug: `${dealer.id}-old-name` }))).toEqual({
      status: 301,
      location: `${canonical}?page=1`,
    });
    const page = await loadDealerPage(request(canonical), { dealerIdSlug: idSlug(canonical) });
    expect(page.canonicalPath).toBe(canonical);
  });

  it("gives the dealer's brands and the new models of those brands with their prices, and no ads off the marketplace", async () => {
    const { path: path0 } = await franchiseDealer(["toyota", "lexus"]);
    const page = await loadDealerPage(request(path0), { dealerIdSlug: idSlug(path0) });
    expect(page.brands.map((b) => b.slug)).toEqual(["lexus", "toyota"]);
    expect(page.newModels.length).toBeGreaterThan(3);
    expect(new Set(page.newModels.map((m) => m.brandSlug))).toEqual(new Set(["lexus", "toyota"]));
    for (const model of page.newModels) expect(model.minPrice).toBeGreaterThan(0);
    expect(page.newModels.filter((m) => m.brandSlug === "toyota").length).toBeLessThanOrEqual(12);
    expect(page.ads).toBeNull();
    expect(await thrown(loadDealerPage(request(`${path0}?page=2`), { dealerIdSlug: idSlug(path0) }))).toEqual({ status: 404 });
  });

  it("pages a marketplace dealer's live ads, newest first, and 404s past the last page or on a bad page number", async () => {
    const { db } = database();
    const dealer = await insertDealer(db, { slug: "cape-auto-traders", name: "Cape Auto Traders", onMarketplace: true, city: "bellville", province: "western-cape" });
    const count = DEALER_ADS_PER_PAGE + 3;
    for (let i = 0; i < count; i++) await insertAd(db, { sellerKind: "dealer", dealerId: dealer.id, publishedAt: new Date(Date.UTC(2026, 1, 1, 0, i)) });
    await insertAd(db, { sellerKind: "dealer", dealerId: dealer.id, status: "sold" });
    const path0 = `/concessionnaires/${dealer.id}-cape-auto-traders`;
    const first = await loadDealerPage(request(path0), { dealerIdSlug: idSlug(path0) });
    expect(first.ads).toMatchObject({ total: count, page: 1, pageCount: 2 });
    expect(first.ads!.ads).toHaveLength(DEALER_ADS_PER_PAGE);
    const published = first.ads!.ads.map((a) => a.publishedAt!);
    expect([...published].sort().reverse()).toEqual(published);
    const second = await loadDealerPage(request(`${path0}?page=2`), { dealerIdSlug: idSlug(path0) });
    expect(second.ads!.ads).toHaveLength(3);
    for (const bad of ["3", "0", "x", "1.5"]) {
      expect(await thrown(loadDealerPage(request(`${path0}?page=${bad}`), { dealerIdSlug: idSlug(path0) })), bad).toEqual({ status: 404 });
    }
  });
});

describe("writing to a dealer", () => {
  const visitor = { name: "Thandi Nkosi", email: "thandi@example.co.za", phone: "082 123 4567", topic: "service", message: "Can I book a major service\nfor next Tuesday?" };

  it("checks the form with one schema: messages under each field", () => {
    expect(dealerContactSchema.parse(visitor)).toEqual({ ...visitor, phone: "0821234567" });
    const refused = dealerContactSchema.safeParse({ name: " ", email: "nope", phone: "12345", topic: "valet", message: "hi" });
    const messages = refused.success ? [] : refused.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(messages).toEqual([
      "name: Please enter your name",
      "email: Please enter a valid email address",
      "phone: Please enter a South African phone number, for example 082 123 4567 or +27 82 123 4567",
      "topic: Please choose what your message is about",
      "message: Your message must be at least 10 characters",
    ]);
    expect(dealerContactSchema.parse({ ...visitor, phone: "" }).phone).toBeUndefined();
  });

  it("stores the message with the visitor id and mails the dealer with Reply-To the sender", async () => {
    const { db } = database();
    const dealer = await insertDealer(db, { name: "Durban Motor City", email: "sales@durban-motor-city.example.com" });
    const result = await contactDealer(dealer.id, dealerContactSchema.parse(visitor), { visitorId: "0b7c3c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69" });
    expect(result).toEqual({ ok: true, mailed: true });
    const [row] = await db.select().from(dealerContacts).where(eq(dealerContacts.dealerId, dealer.id));
    expect(row).toMatchObject({ name: "Thandi Nkosi", email: "thandi@example.co.za", phone: "0821234567", topic: "service", userId: null, visitorId: "0b7c3c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69" });
    const [mail] = mails();
    expect(mail?.to).toContain("sales@durban-motor-city.example.com");
    expect(mail?.headers["reply-to"]).toContain("thandi@example.co.za");
    expect(mail?.subject).toBe("Enquiry about a service booking from Thandi Nkosi");
    expect(mail?.text).toContain("for next Tuesday?");
    expect(mail?.text).toContain("082 123 4567");
    expect(mail?.text).toContain(`/concessionnaires/${dealer.id}-`);
  });

  it("refuses a dealer without an e-mail address or unknown, storing nothing", async () => {
    const { db } = database();
    const dealer = await insertDealer(db, { email: null });
    expect(await contactDealer(dealer.id, dealerContactSchema.parse(visitor))).toEqual({ ok: false, reason: "no-email" });
    expect(await contactDealer(999_999, dealerContactSchema.parse(visitor))).toEqual({ ok: false, reason: "not-found" });
    expect(await db.select().from(dealerContacts).where(eq(dealerContacts.dealerId, dealer.id))).toEqual([]);
    expect(mails()).toEqual([]);
  });

  it("the action: a 400 with messages on bad input, a 403 from another site, a 303 back to the page without scripts, data with them", async () => {
    const { db } = database();
    const dealer = await insertDealer(db, { slug: "action-motors", name: "Action Motors", email: "sales@action-motors.example.com" });
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      dealerContactAction(
        new Request(`http://localhost/concessionnaires/${dealer.id}-action-motors`, { method: "POST", headers: { origin: "http://localhost", ...headers }, body: new URLSearchParams(fields) }),
        { clientIp: "192.0.2.10" },
        { dealerIdSlug: `${dealer.id}-action-motors` },
      ).catch((err: unknown) => err);
    const bad = (await post({ name: "", email: "x", topic: "other", message: "hello there, dealer" })) as { init: { status: number }; data: { fieldErrors: object; values: object } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ name: "Please enter your name", email: "Please enter a valid email address" });
    expect(bad.data.values).toMatchObject({ email: "x", message: "hello there, dealer" });

    const forged = (await post({ ...visitor }, { origin: "https://evil.example" })) as Response;
    expect(forged.status).toBe(403);

    const noScript = (await post({ ...visitor })) as Response;
    expect(noScript.status).toBe(303);
    expect(noScript.headers.get("Location")).toBe(`/concessionnaires/${dealer.id}-action-motors?contact=sent#dealer-contact`);
    const scripted = (await post({ ...visitor, scripted: "1" })) as { data: unknown };
    expect(scripted.data).toEqual({ ok: true });
    expect(await db.select().from(dealerContacts).where(eq(dealerContacts.dealerId, dealer.id))).toHaveLength(2);
    expect(mails().filter((m) => m.to.includes("sales@action-motors.example.com"))).toHaveLength(2);
  });
});
