import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadDealers, leads } from "../../../db/schema";
import { insertSellerUser } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { insertLeadFixtures, type LeadFixtures } from "../../../tests/setup/lead-fixtures";
import type { LeadRequest } from "./lead-schema";

// Deleting leads: from the confirmation mail's signed link, and with the shopper's account.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-lead-deletion-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = "lead-deletion-test-secret-0123456789-abcd";
delete process.env.REDIS_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { storeLead } = await import("./lead-store.server");
const { deleteLeadByToken, leadOfDeletionToken, LEAD_DELETION_MESSAGES } = await import("./lead-deletion.server");
const { leadDeletionToken, leadDeletionUrl } = await import("./lead-deletion-token.server");
const { deleteAccountAndData } = await import("~/features/privacy/account-deletion.server");

const getDb = useTestDatabase();
let f: LeadFixtures;
beforeAll(async () => {
  f = await insertLeadFixtures(getDb().db, [{ slug: "toyota-menlyn", name: "Toyota Menlyn", city: "pretoria", province: "gauteng", sellsNew: true, brands: ["toyota"] }]);
});

let n = 0;
async function insertLead(overrides: Partial<LeadRequest> = {}, userId: string | null = null) {
  n += 1;
  const request: LeadRequest = {
    car_condition: "new",
    payment_method: "finance",
    wanted: [{ brandId: f.brand.toyota!, modelId: f.model.hilux! }],
    budget: { kind: "monthly", min: 0, max: 6_500 + n },
    budgetText: "6500",
    name: "Ayanda Dlamini",
    phone: "+27821234567",
    email: "ayanda@example.co.za",
    province: "gauteng",
    contact_time: "evening",
    consent: "on",
    ...overrides,
  };
  const stored = await storeLead({ request, attribution: { sourcePath: "/", referrer: null, utm: {} }, visitorId: null, userId });
  return stored.id;
}

describe("the deletion link", () => {
  it("shows the lead, deletes it and its dealers' rows once, and refuses a forged token", async () => {
    const id = await insertLead();
    expect(leadDeletionUrl(id)).toMatch(/^http:\/\/localhost:3000\/trouver-mon-vehicule\/supprimer\?token=\d+\.[\w-]{43}$/);
    const token = leadDeletionToken(id);
    const shown = await leadOfDeletionToken(token);
    expect(shown).toMatchObject({
      ok: true,
      lead: {
        id,
        name: "Ayanda Dlamini",
        dealers: [{ name: "Toyota Menlyn", city: "Pretoria" }],
        lines: ["Looking for: A new car", "Cars: Toyota Hilux", expect.stringContaining("a month"), "Payment: Vehicle finance", "Province: Gauteng"],
      },
    });
    expect(await getDb().db.$count(leadDealers, eq(leadDealers.leadId, id))).toBe(1);

    expect(await deleteLeadByToken(token)).toEqual({ ok: true });
    expect(await getDb().db.$count(leads, eq(leads.id, id))).toBe(0);
    expect(await getDb().db.$count(leadDealers, eq(leadDealers.leadId, id))).toBe(0);
    expect(await deleteLeadByToken(token)).toEqual({ ok: false, status: 410, message: LEAD_DELETION_MESSAGES.gone });
    expect(await leadOfDeletionToken(token)).toMatchObject({ ok: false, status: 410 });

    const other = await insertLead();
    const forged = `${other}.${token.split(".")[1]}`;
    for (const bad of [forged, "", null, "abc", `${other}.x`]) expect(await deleteLeadByToken(bad)).toMatchObject({ ok: false, status: 404 });
    expect(await getDb().db.$count(leads, eq(leads.id, other))).toBe(1);
  });
});

describe("deleting an account", () => {
  it("deletes the leads sent while signed in and those sent with the account's address", async () => {
    const { db } = getDb();
    const user = await insertSellerUser(db, { name: "Naledi Khumalo", email: "naledi@example.co.za" });
    const signedIn = await insertLead({ email: "other-address@example.co.za" }, user.id);
    const byEmail = await insertLead({ email: "Naledi@Example.co.za" });
    const someoneElse = await insertLead({ email: "someone@example.co.za" });
    await deleteAccountAndData(new Request("http://localhost:3000/mon-compte", { method: "POST" }), { id: user.id, name: user.name, email: user.email, emailVerified: true, image: null });
    expect(await db.$count(leads, eq(leads.id, signedIn))).toBe(0);
    expect(await db.$count(leads, eq(leads.id, byEmail))).toBe(0);
    expect(await db.$count(leads, eq(leads.id, someoneElse))).toBe(1);
  });
});
