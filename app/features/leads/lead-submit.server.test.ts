import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { leadDealers, leads } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { emptyOutbox, outboxMails } from "../../../tests/setup/outbox";
import { insertLeadFixtures, type LeadFixtures } from "../../../tests/setup/lead-fixtures";

// The lead's submission on a database: checks, attribution, the dealers it goes to, the duplicate
// rule, the one transaction, and the mails in the outbox.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-lead-submit-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = "lead-submit-test-secret-0123456789-abcdef";
process.env.CAPTCHA = "off";
process.env.RATE_LIMIT_FORMS = "1000";
process.env.PUBLIC_URL = "http://localhost:3000";
process.env.CONTACT_EMAIL = "hello@example.co.za";
process.env.LEADS_EMAIL = "sales-desk@example.co.za";
delete process.env.REDIS_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { submitLead } = await import("./lead-submit.server");
const { signedVisitorId } = await import("~/lib/security.server");
const { storeLead } = await import("./lead-store.server");
const { LEAD_EXPORT_HEADER, leadExportRows, southAfricanDayStart } = await import("./lead-export.server");

const getDb = useTestDatabase();
let f: LeadFixtures;

beforeAll(async () => {
  f = await insertLeadFixtures(getDb().db, [
    { slug: "toyota-menlyn", name: "Toyota Menlyn", city: "pretoria", province: "gauteng", sellsNew: true, brands: ["toyota"] },
    { slug: "toyota-sandton", name: "Toyota Sandton", city: "sandton", province: "gauteng", sellsNew: true, sellsUsed: false, onMarketplace: true, brands: ["toyota"] },
    { slug: "toyota-no-mail", name: "Toyota Silent", city: "pretoria", province: "gauteng", sellsNew: true, email: null, brands: ["toyota"] },
    { slug: "joburg-motor-city", name: "Joburg Motor City", city: "johannesburg", province: "gauteng", sellsNew: true, brands: ["toyota", "ford"] },
    { slug: "boksburg-pre-owned", name: "Boksburg Pre-Owned Toyota", city: "boksburg", province: "gauteng", brands: ["toyota"] },
    { slug: "rand-auto-traders", name: "Rand Auto Traders", city: "johannesburg", province: "gauteng", onMarketplace: true, stock: ["toyota"] },
    { slug: "toyota-bellville", name: "Toyota Bellville", city: "bellville", province: "western-cape", sellsNew: true, brands: ["toyota"] },
  ]);
});

const mails = () => outboxMails(dataDir);
beforeEach(() => emptyOutbox(dataDir));

let ip = 0;
function post(fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  const request = new Request("http://localhost:3000/trouver-mon-vehicule", { method: "POST", headers: { origin: "http://localhost:3000", ...headers } });
  ip += 1;
  return submitLead(request, form, { clientIp: `10.0.0.${ip}` });
}

const shopper = (overrides: Record<string, string | string[]> = {}) => ({
  car_condition: "new",
  payment_method: "finance",
  wanted: [String(f.brand.toyota), `${f.brand.ford}:${f.model.ranger}`],
  budget_kind: "price",
  budget: "R 350 000 - R 500 000",
  name: "Thandi Nkosi",
  phone: "082 123 4567",
  email: "Thandi@example.co.za",
  province: "gauteng",
  contact_time: "morning",
  consent: "on",
  source_path: "/toyota/corolla-cross?utm_source=x",
  referrer: "https://www.google.co.za/",
  utm_source: "newsletter",
  utm_campaign: "x".repeat(150),
  ...overrides,
});

describe("submitting a lead", () => {
  it("stores it with its attribution and visitor id, sends it to the best three dealers and mails everyone", async () => {
    const { status, answer } = await post(shopper(), { cookie: `cookie_user_id=${signedVisitorId("0f8fad5b-d9cb-469f-a165-70867728950e")}` });
    expect(status).toBe(200);
    expect(answer).toEqual({
      ok: true,
      duplicate: false,
      salesDesk: false,
      // Two wanted brands covered first, then the marketplace dealer, then the oldest.
      dealers: [
        { name: "Joburg Motor City", city: "Johannesburg" },
        { name: "Toyota Sandton", city: "Sandton" },
        { name: "Toyota Menlyn", city: "Pretoria" },
      ],
    });
    const [lead] = await getDb().db.select().from(leads).where(eq(leads.email, "Thandi@example.co.za"));
    expect(lead).toMatchObject({
      visitorId: "0f8fad5b-d9cb-469f-a165-70867728950e",
      userId: null,
      phone: "+27821234567",
      budgetKind: "price",
      budgetMin: 350_000,
      budgetMax: 500_000,
      salesDeskAt: null,
      attribution: { sourcePath: "/toyota/corolla-cross?utm_source=x", referrer: "https://www.google.co.za/", utm: { source: "newsletter", campaign: "x".repeat(100) } },
    });
    const sentTo = await getDb().db.select().from(leadDealers).where(eq(leadDealers.leadId, lead!.id));
    expect(sentTo.map((r) => r.dealerId).sort()).toEqual([f.dealer["joburg-motor-city"], f.dealer["toyota-sandton"], f.dealer["toyota-menlyn"]].sort());

    const sent = mails();
    expect(sent).toHaveLength(4);
    const confirmation = sent.find((m) => /^To: .*Thandi@example\.co\.za/m.test(m) && !/^Reply-To:/m.test(m));
    expect(confirmation).toContain("Joburg Motor City, Johannesburg");
    expect(confirmation).toContain("/trouver-mon-vehicule/supprimer?token=");
    const toDealers = sent.filter((m) => /^Reply-To: .*Thandi@example\.co\.za/m.test(m));
    expect(toDealers).toHaveLength(3);
    expect(toDealers.join("\n")).toContain("sales@toyota-sandton.co.za");
    expect(toDealers[0]).toContain("+27 82 123 4567");
  });

  it("treats the same request the same day as one lead: no second row and no second mails", async () => {
    const fields = shopper({ email: "sipho@example.co.za", wanted: [`${f.brand.ford}:${f.model.ranger}`, String(f.brand.toyota)], name: "Sipho" });
    const first = await post(fields);
    expect(first.answer).toMatchObject({ ok: true, duplicate: false });
    emptyOutbox(dataDir);
    // Same person (e-mail in another case), same cars in another order.
    const again = await post({ ...fields, email: "SIPHO@example.co.za", wanted: [String(f.brand.toyota), `${f.brand.ford}:${f.model.ranger}`] });
    expect(again.status).toBe(200);
    expect(again.answer).toMatchObject({ ok: true, duplicate: true, salesDesk: false });
    expect(again.answer.ok && again.answer.dealers).toHaveLength(3);
    expect(mails()).toHaveLength(0);
    expect(await getDb().db.$count(leads, eq(leads.phone, "+27821234567"))).toBeGreaterThan(0);
    const rows = await getDb().db.select({ id: leads.id }).from(leads).where(eq(leads.name, "Sipho"));
    expect(rows).toHaveLength(1);
  });

  it("stores the same request again on the next South African day", async () => {
    const request = {
      car_condition: "used" as const,
      payment_method: "cash" as const,
      wanted: [{ brandId: f.brand.suzuki!, modelId: null }],
      budget: { kind: "price" as const, min: 100_000, max: 150_000 },
      budgetText: "100000-150000",
      name: "Johan",
      phone: "+27831112222",
      email: "johan@example.co.za",
      province: "free-state",
      contact_time: "any" as const,
      consent: "on" as const,
    };
    const lead = { request, attribution: { sourcePath: "/", referrer: null, utm: {} }, visitorId: null, userId: null };
    // 23:30 and 23:50 UTC on 14 March are the 15th in South Africa (UTC+2): one day.
    const first = await storeLead(lead, { now: new Date("2025-03-14T22:30:00Z") });
    const sameDay = await storeLead(lead, { now: new Date("2025-03-15T21:50:00Z") });
    const nextDay = await storeLead(lead, { now: new Date("2025-03-15T22:10:00Z") });
    expect(first.duplicate).toBe(false);
    expect(sameDay).toMatchObject({ duplicate: true, id: first.id });
    expect(nextDay.duplicate).toBe(false);
    expect(await getDb().db.$count(leads, eq(leads.email, "johan@example.co.za"))).toBe(2);
  });

  it("sends a lead no dealer matches to the sales desk", async () => {
    const { answer } = await post(shopper({ email: "lerato@example.co.za", wanted: String(f.brand.suzuki), province: "limpopo" }));
    expect(answer).toEqual({ ok: true, duplicate: false, dealers: [], salesDesk: true });
    const [lead] = await getDb().db.select().from(leads).where(eq(leads.email, "lerato@example.co.za"));
    expect(lead!.salesDeskAt).toBeInstanceOf(Date);
    const sent = mails();
    expect(sent).toHaveLength(2);
    expect(sent.some((m) => /^To: sales-desk@example\.co\.za/m.test(m))).toBe(true);
    expect(sent.join("\n")).toContain("sales team will contact you");
  });

  it("matches used-car shoppers with used dealers and marketplace stock, equal dealers taking turns", async () => {
    const { answer } = await post(shopper({ email: "used@example.co.za", car_condition: "used", wanted: String(f.brand.toyota) }));
    // Toyota Sandton sells no used cars. Rand Auto Traders (Toyota stock, on the marketplace) first;
    // then Boksburg, which got no lead yet, before Menlyn and Joburg, which got the earlier tests'.
    expect(answer.ok && answer.dealers.map((d) => d.name)).toEqual(["Rand Auto Traders", "Boksburg Pre-Owned Toyota", "Toyota Menlyn"]);
  });

  it("leaves no lead when a lead_dealers row cannot be written", async () => {
    const request = {
      car_condition: "new" as const,
      payment_method: "cash" as const,
      wanted: [{ brandId: f.brand.toyota!, modelId: null }],
      budget: { kind: "price" as const, min: 100_000, max: null },
      budgetText: "100000",
      name: "Broken",
      phone: "+27831113333",
      email: "broken@example.co.za",
      province: "gauteng",
      contact_time: "any" as const,
      consent: "on" as const,
    };
    const missingDealer = { id: 999_999, name: "Nobody", city: "Nowhere", email: "x@example.co.za", covered: [] };
    await expect(
      storeLead({ request, attribution: { sourcePath: "/", referrer: null, utm: {} }, visitorId: null, userId: null }, { chooseDealers: async () => [missingDealer] }),
    ).rejects.toThrow();
    expect(await getDb().db.$count(leads, eq(leads.email, "broken@example.co.za"))).toBe(0);
  });
});

describe("refusing a lead", () => {
  it("names the first step with an error and every field to fix", async () => {
    const { status, answer } = await post(shopper({ payment_method: "barter", phone: "12345", car_condition: "new" }));
    expect(status).toBe(400);
    expect(answer).toMatchObject({ ok: false, step: 1, fieldErrors: { payment_method: expect.any(String), phone: expect.stringContaining("South African mobile") } });
  });

  it("refuses unknown brands, a model of another brand and an unknown province", async () => {
    expect((await post(shopper({ wanted: "999999" }))).answer).toMatchObject({ ok: false, step: 2, fieldErrors: { wanted: expect.any(String) } });
    expect((await post(shopper({ wanted: `${f.brand.volkswagen}:${f.model.ranger}` }))).answer).toMatchObject({ ok: false, step: 2 });
    expect((await post(shopper({ province: "atlantis" }))).answer).toMatchObject({ ok: false, step: 3, fieldErrors: { province: expect.any(String) } });
    expect(await getDb().db.$count(leads, eq(leads.email, "Thandi@example.co.za"))).toBe(1);
  });

  it("answers a cross-site post with a 403, not a throw", async () => {
    const { status, answer } = await post(shopper({ email: "csrf@example.co.za" }), { origin: "https://evil.example" });
    expect(status).toBe(403);
    expect(answer).toMatchObject({ ok: false, step: 3, formError: expect.stringContaining("Voitura website") });
  });

  it("rate limits one address", async () => {
    const form = new FormData();
    const request = () => new Request("http://localhost:3000/trouver-mon-vehicule", { method: "POST" });
    let last;
    for (let i = 0; i < 1001; i++) last = await submitLead(request(), form, { clientIp: "10.9.9.9" });
    expect(last).toMatchObject({ status: 429, answer: { ok: false, formError: "Too many requests, please try again later." } });
  });
});

describe("the export", () => {
  it("reads the day as South African and refuses impossible dates", () => {
    expect(southAfricanDayStart("2025-03-15")?.toISOString()).toBe("2025-03-14T22:00:00.000Z");
    expect(southAfricanDayStart("2025-02-30")).toBeUndefined();
    expect(southAfricanDayStart("15/03/2025")).toBeUndefined();
  });

  it("writes one row per lead since the day: what, when, where from, which dealers", async () => {
    const rows = await leadExportRows(new Date("2025-03-15T22:00:00Z"));
    expect(LEAD_EXPORT_HEADER).toHaveLength(13);
    const thandi = rows.find((r) => r[7] === "/toyota/corolla-cross?utm_source=x" && r[10] === "Joburg Motor City; Toyota Menlyn; Toyota Sandton");
    expect(thandi).toEqual([
      expect.any(Number),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      "new",
      "finance",
      "Toyota (any model); Ford Ranger",
      "R 350.000 - R 500.000",
      "Gauteng",
      "/toyota/corolla-cross?utm_source=x",
      "https://www.google.co.za/",
      `source=newsletter; campaign=${"x".repeat(100)}`,
      "Joburg Motor City; Toyota Menlyn; Toyota Sandton",
      "no",
      "find-car",
    ]);
    expect(rows.some((r) => r[6] === "Limpopo" && r[10] === "" && r[11] === "yes")).toBe(true);
    // Johan's first lead (15 March, South African time) is before the day asked; the second is on it.
    expect(rows.filter((r) => r[4] === "Suzuki (any model)" && r[6] === "Free State")).toHaveLength(1);
    const all = await leadExportRows(new Date("2025-01-01T00:00:00Z"));
    expect(all.length).toBe(rows.length + 1);
  });
});
