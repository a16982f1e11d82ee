import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { leadDealers, leads } from "../../../../db/schema";
import { insertAds } from "../../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../../tests/setup/database";
import { emptyOutbox, outboxMails } from "../../../../tests/setup/outbox";
import { insertLeadFixtures, type LeadFixtures } from "../../../../tests/setup/lead-fixtures";

// "Get offers from dealers" on a database (PGlite here, PostgreSQL in CI): the valued car goes to
// the province's used-car dealers as a trade-in lead, its make's first; bad input stores nothing;
// the dealers' dashboard shows it as a trade-in.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-trade-in-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = "trade-in-test-secret-0123456789-abcdef";
process.env.CAPTCHA = "off";
process.env.RATE_LIMIT_FORMS = "1000";
process.env.PUBLIC_URL = "http://localhost:3000";
process.env.LEADS_EMAIL = "sales-desk@example.co.za";
delete process.env.REDIS_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { submitTradeIn } = await import("./trade-in.server");
const { TRADE_IN_MESSAGES } = await import("./trade-in-schema");
const { LEAD_MESSAGES } = await import("~/features/leads/lead-schema");
const { resetSearchIndex } = await import("../search/search-index.server");
const { dealerLeads } = await import("~/features/dealers/dashboard/leads.server");

const getDb = useTestDatabase();
let f: LeadFixtures;

beforeAll(async () => {
  f = await insertLeadFixtures(getDb().db, [
    { slug: "toyota-menlyn", name: "Toyota Menlyn", city: "pretoria", province: "gauteng", sellsNew: true, brands: ["toyota"] },
    { slug: "toyota-sandton", name: "Toyota Sandton", city: "sandton", province: "gauteng", sellsNew: true, sellsUsed: false, brands: ["toyota"] },
    { slug: "pretoria-car-corner", name: "Pretoria Car Corner", city: "pretoria", province: "gauteng" },
    { slug: "rand-auto-traders", name: "Rand Auto Traders", city: "johannesburg", province: "gauteng", onMarketplace: true, stock: ["toyota"] },
    { slug: "ford-menlyn", name: "Ford Menlyn", city: "pretoria", province: "gauteng", sellsNew: true, brands: ["ford"] },
    { slug: "lowveld-auto", name: "Lowveld Auto", city: "mbombela", province: "mpumalanga" },
  ]);
  // Six 2019-2021 Corolla Crosses for sale: enough comparables for a range.
  await insertAds(
    getDb().db,
    [195_000, 200_000, 205_000, 210_000, 215_000, 220_000].map((priceZar, i) => ({
      brandId: f.brand.toyota,
      modelId: f.model["corolla-cross"],
      makeName: "Toyota",
      modelName: "Corolla Cross",
      year: 2019 + (i % 3),
      mileageKm: 50_000 + i * 5_000,
      priceZar,
      bodyType: "suv" as const,
    })),
  );
  resetSearchIndex();
});

const mails = () => outboxMails(dataDir);
beforeEach(() => emptyOutbox(dataDir));

let ip = 0;
function post(fields: Record<string, string>, origin = "http://localhost:3000") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost:3000/estimer-ma-voiture/offres?make=toyota", { method: "POST", headers: { origin } });
  ip += 1;
  return submitTradeIn(request, form, { clientIp: `10.1.0.${ip}` });
}

const seller = (overrides: Record<string, string> = {}) => ({
  make: "toyota",
  model: "corolla-cross",
  year: "2020",
  km: "60 000",
  variant: "1.8 Xi",
  name: "Lerato Mokoena",
  phone: "083 555 0142",
  email: "lerato@example.co.za",
  province: "gauteng",
  contact_time: "afternoon",
  consent: "on",
  source_path: "/estimer-ma-voiture?make=toyota&model=corolla-cross&year=2020&km=60000",
  ...overrides,
});

describe("a trade-in from the valuation", () => {
  it("goes to three used-car dealers of the province, its make's first, with the valuation, and mails everyone", async () => {
    const { status, answer } = await post(seller());
    expect(status).toBe(200);
    // Rand Auto Traders (Toyota stock, on the marketplace), Toyota Menlyn (franchise), then a
    // dealer of another make; Toyota Sandton sells no used cars.
    expect(answer).toEqual({
      ok: true,
      duplicate: false,
      salesDesk: false,
      dealers: [
        { name: "Rand Auto Traders", city: "Johannesburg" },
        { name: "Toyota Menlyn", city: "Pretoria" },
        { name: "Pretoria Car Corner", city: "Pretoria" },
      ],
    });
    const [lead] = await getDb().db.select().from(leads).where(eq(leads.email, "lerato@example.co.za"));
    expect(lead).toMatchObject({
      kind: "trade-in",
      carCondition: null,
      paymentMethod: null,
      budgetKind: null,
      phone: "+27835550142",
      province: "gauteng",
      wanted: [{ brandId: f.brand.toyota, modelId: f.model["corolla-cross"] }],
      tradeIn: { makeName: "Toyota", modelName: "Corolla Cross", variant: "1.8 Xi", year: 2020, km: 60_000, valuation: { comparables: 6 } },
    });
    expect(lead!.tradeIn!.valuation!.low).toBeLessThan(lead!.tradeIn!.valuation!.high);
    expect(await getDb().db.$count(leadDealers, eq(leadDealers.leadId, lead!.id))).toBe(3);

    const sent = mails();
    expect(sent).toHaveLength(4);
    const toDealers = sent.filter((m) => /^Reply-To: .*lerato@example\.co\.za/m.test(m));
    expect(toDealers).toHaveLength(3);
    expect(toDealers[0]).toContain("Trade-in lead from Voitura");
    expect(toDealers[0]).toContain("Selling: 2020 Toyota Corolla Cross 1.8 Xi, 60 000 km");
    expect(toDealers[0]).toContain("Voitura's valuation of the asking price: R ");
    const confirmation = sent.find((m) => /^To: .*lerato@example\.co\.za/m.test(m));
    expect(confirmation).toContain("Rand Auto Traders, Johannesburg");
    expect(confirmation).toContain("/trouver-mon-vehicule/supprimer?token=");

    // The dealer's dashboard shows it as a trade-in, with the car and the valuation.
    const [shown] = await dealerLeads(f.dealer["rand-auto-traders"]!, { status: null, kind: "trade-in", page: 1 });
    expect(shown).toMatchObject({ kind: "trade-in", name: "Lerato Mokoena", phone: "+27835550142" });
    expect(shown!.asked[0]).toBe("Selling: 2020 Toyota Corolla Cross 1.8 Xi, 60 000 km");
    expect(shown!.asked).toContain("Best time to call: In the afternoon");
    expect(await dealerLeads(f.dealer["rand-auto-traders"]!, { status: null, kind: "request", page: 1 })).toEqual([]);
  });

  it("reaches a dealer of any make where none sells the car's, and is one lead a day", async () => {
    const fields = seller({ email: "pieter@example.co.za", phone: "072 555 0190", name: "Pieter", province: "mpumalanga" });
    const first = await post(fields);
    expect(first.answer).toEqual({ ok: true, duplicate: false, salesDesk: false, dealers: [{ name: "Lowveld Auto", city: "Mbombela" }] });
    emptyOutbox(dataDir);
    const again = await post({ ...fields, km: "61000" });
    expect(again.answer).toMatchObject({ ok: true, duplicate: true });
    expect(mails()).toHaveLength(0);
    expect(await getDb().db.$count(leads, eq(leads.email, "pieter@example.co.za"))).toBe(1);
  });

  it("goes to the sales desk where no dealer of the province buys used cars", async () => {
    const { answer } = await post(seller({ email: "anele@example.co.za", province: "northern-cape" }));
    expect(answer).toEqual({ ok: true, duplicate: false, salesDesk: true, dealers: [] });
    expect(mails().some((m) => /^To: sales-desk@example\.co\.za/m.test(m) && m.includes("no matching dealer"))).toBe(true);
  });

  it("answers bad input with messages and a 4xx, and stores nothing", async () => {
    const before = await getDb().db.$count(leads);
    const missing = await post(seller({ name: "", phone: "12345", email: "nope", consent: "" }));
    expect(missing.status).toBe(400);
    expect(missing.answer).toMatchObject({ ok: false, fieldErrors: { name: "Please enter your name", phone: expect.stringContaining("South African mobile"), email: expect.any(String), consent: expect.any(String) } });
    const province = await post(seller({ province: "atlantis" }));
    expect(province).toMatchObject({ status: 400, answer: { fieldErrors: { province: "Please choose your province" } } });
    const tampered = await post(seller({ year: "1890" }));
    expect(tampered).toMatchObject({ status: 400, answer: { ok: false, formError: TRADE_IN_MESSAGES.car } });
    const unknown = await post(seller({ make: "trabant", model: "601" }));
    expect(unknown).toMatchObject({ status: 400, answer: { ok: false, formError: TRADE_IN_MESSAGES.car } });
    const foreign = await post(seller(), "https://evil.example");
    expect(foreign).toMatchObject({ status: 403, answer: { ok: false, formError: LEAD_MESSAGES.forbidden } });
    expect(await getDb().db.$count(leads)).toBe(before);
    expect(mails()).toHaveLength(0);
  });
});
