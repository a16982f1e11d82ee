import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { brands, dealerBrands, dealers, uploadedPhotos } from "../../../db/schema";
import { insertDealer } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { addMember, callWith, getAs, postTo, signedInUser } from "../../../tests/setup/dealer-member-calls";
import { ORIGIN } from "../../../tests/setup/route-calls";

// The owner's dealer details through their route (issue 46): another dealer's owner gets the 404,
// staff the 403, a dealer id forged into the form is ignored; a save goes through the importer's
// rules, moves updated_at and shows on the public (cached) dealer page at once; the logo goes
// through the photo pipeline.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-dealer-details-"));
process.env.DATA_DIR = dataDir;
process.env.CAPTCHA = "off";
process.env.AUTH_SECRET = "dealer-details-test-secret-0123456789-abcdef";
process.env.RATE_LIMIT_AUTH = "1000";
delete process.env.SMTP_URL;
delete process.env.REDIS_URL;
delete process.env.S3_BUCKET;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { action: loginAction } = await import("~/routes/accounts/login");
const details = await import("~/routes/dealer-accounts/details");
const { loadDealerPage } = await import("./dealer-page.server");

const database = useTestDatabase({ seed: true });
const detailsUrl = (dealerId: number) => `/mon-compte/concession/${dealerId}/fiche`;
const asDealer = (dealerId: number) => ({ dealerId: String(dealerId) });

const filled = {
  intent: "details",
  phone: "021 555 0188",
  website: "karoo-auto.example.co.za",
  hours_mon: "08:00-17:00",
  hours_tue: "08:00-17:00",
  hours_wed: "08:00-17:00",
  hours_thu: "08:00-17:00",
  hours_fri: "08:00-16:00",
  hours_sat: "08:00-12:30",
  hours_sun: "closed",
  hours_holidays: "",
  services: ["sales", "finance"],
  description: "Family dealer in Cape Town since 1987 (demo data).\n\nAsk for <Thabo> & the team.",
};

async function setting() {
  const { db } = database();
  const dealerA = await insertDealer(db, { name: "Karoo Auto (demo data)", slug: `karoo-auto-${Date.now()}`, city: "cape-town", province: "western-cape" });
  const dealerB = await insertDealer(db, { name: "Highveld Motors (demo data)" });
  const ownerA = await signedInUser(db, loginAction, { name: "Thandi Owner" });
  const staffA = await signedInUser(db, loginAction, { name: "Sipho Staff" });
  const ownerB = await signedInUser(db, loginAction, { name: "Pieter Other" });
  await addMember(db, dealerA.id, ownerA.id, "owner");
  await addMember(db, dealerA.id, staffA.id, "staff");
  await addMember(db, dealerB.id, ownerB.id, "owner");
  return { dealerA, dealerB, ownerA, staffA, ownerB };
}

const dealerRow = async (id: number) => (await database().db.select().from(dealers).where(eq(dealers.id, id)))[0]!;
const pageOf = async (dealer: { id: number }) => {
  const row = await dealerRow(dealer.id);
  const pathname = `/concessionnaires/${row.id}-${row.slug}`;
  return loadDealerPage(new Request(`${ORIGIN}${pathname}`), { dealerIdSlug: `${row.id}-${row.slug}` });
};

function logoUpload(url: string, cookie: string, bytes: Buffer, name = "logo.png"): Request {
  const form = new FormData();
  form.append("logo", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  return new Request(`${ORIGIN}${url}`, { method: "POST", headers: { origin: ORIGIN, cookie }, body: form });
}

describe("the dealer details page, tried by the wrong person", () => {
  it("is the 404 for another dealer's owner and a 403 for staff, for the page and each action, and changes nothing", async () => {
    const { dealerA, ownerA, staffA, ownerB } = await setting();
    const before = await dealerRow(dealerA.id);
    expect((await callWith(details.loader, getAs(detailsUrl(dealerA.id), ownerA.cookie), asDealer(dealerA.id))).status).toBe(200);
    expect((await callWith(details.loader, getAs(detailsUrl(dealerA.id), ownerB.cookie), asDealer(dealerA.id))).status).toBe(404);
    expect((await callWith(details.loader, getAs(detailsUrl(dealerA.id), staffA.cookie), asDealer(dealerA.id))).status).toBe(403);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#1f6feb" } }).png().toBuffer();
    const attempts = (cookie: string) => [
      postTo(detailsUrl(dealerA.id), filled, cookie),
      postTo(detailsUrl(dealerA.id), { intent: "remove-logo" }, cookie),
      logoUpload(detailsUrl(dealerA.id), cookie, png),
    ];
    for (const request of attempts(ownerB.cookie)) expect((await callWith(details.action, request, asDealer(dealerA.id))).status).toBe(404);
    for (const request of attempts(staffA.cookie)) expect((await callWith(details.action, request, asDealer(dealerA.id))).status).toBe(403);
    expect(await dealerRow(dealerA.id)).toEqual(before);
  });

  it("ignores a dealer id forged into the form: the URL's dealer is the one changed", async () => {
    const { dealerA, dealerB, ownerB } = await setting();
    const before = await dealerRow(dealerA.id);
    const saved = await callWith(details.action, postTo(detailsUrl(dealerB.id), { ...filled, dealerId: String(dealerA.id) }, ownerB.cookie), asDealer(dealerB.id));
    expect(saved.status).toBe(200);
    expect(await dealerRow(dealerA.id)).toEqual(before);
    expect((await dealerRow(dealerB.id)).phone).toBe("+27 21 555 0188");
  });
});

describe("the owner's save", () => {
  it("stores the details read by the importer's rules, moves updated_at, and the cached public page shows them at once", async () => {
    const { db } = database();
    const { dealerA, ownerA } = await setting();
    const [toyota, vw] = await db.select({ id: brands.id }).from(brands).where(inArray(brands.slug, ["toyota", "volkswagen"]));
    // The public page is read (and cached) before the change.
    expect((await pageOf(dealerA)).dealer.description).toBe("");
    const before = await dealerRow(dealerA.id);
    const saved = await callWith(details.action, postTo(detailsUrl(dealerA.id), { ...filled, brands: [String(toyota!.id), String(vw!.id)] }, ownerA.cookie), asDealer(dealerA.id));
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    const after = await dealerRow(dealerA.id);
    expect(after).toMatchObject({
      phone: "+27 21 555 0188",
      website: "https://karoo-auto.example.co.za",
      services: ["sales", "finance"],
      description: "Family dealer in Cape Town since 1987 (demo data).\n\nAsk for <Thabo> & the team.",
    });
    expect(after.openingHours).toMatchObject({ mon: [{ opens: "08:00", closes: "17:00" }], sun: [], holidays: [] });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const page = await pageOf(dealerA);
    expect(page.dealer).toMatchObject({ phone: "+27 21 555 0188", description: after.description });
    expect(page.brands.map((b) => b.id).sort()).toEqual([toyota!.id, vw!.id].sort());
  });

  it("refuses what the importer refuses, by field, and writes nothing", async () => {
    const { db } = database();
    const { dealerA, ownerA } = await setting();
    await db.update(dealers).set({ kind: "franchise", sellsNew: true }).where(eq(dealers.id, dealerA.id));
    const [toyota] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, "toyota"));
    await db.insert(dealerBrands).values({ dealerId: dealerA.id, brandId: toyota!.id });
    const before = await dealerRow(dealerA.id);
    const bad = await callWith(
      details.action,
      postTo(detailsUrl(dealerA.id), { ...filled, phone: "555", website: "javascript:alert(1)", hours_tue: "9-5", services: ["valet"] }, ownerA.cookie),
      asDealer(dealerA.id),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      phone: expect.stringMatching(/^Phone: '555' is not a South African phone number/),
      website: "Website: must be an http or https address.",
      hours_tue: expect.stringMatching(/^Tuesday: "9-5" is not a time range/),
      services: expect.stringMatching(/^Services: unknown service 'valet'/),
    });
    // What was typed comes back for the form.
    expect(bad.body.values).toMatchObject({ phone: "555" });
    // A franchise dealer keeps its brands (dealerRuleIssues), and unknown brand ids are refused.
    const noBrands = await callWith(details.action, postTo(detailsUrl(dealerA.id), filled, ownerA.cookie), asDealer(dealerA.id));
    expect(noBrands.body.errors).toEqual({ brands: "Brands: a franchise dealer needs the brands it holds." });
    const unknownBrand = await callWith(details.action, postTo(detailsUrl(dealerA.id), { ...filled, brands: "999999" }, ownerA.cookie), asDealer(dealerA.id));
    expect(unknownBrand.body.errors).toEqual({ brands: "Brands: choose brands from the list." });
    expect(await dealerRow(dealerA.id)).toEqual(before);
    expect(await db.select().from(dealerBrands).where(eq(dealerBrands.dealerId, dealerA.id))).toHaveLength(1);
  });
});

describe("the logo", () => {
  it("goes through the photo pipeline (WebP renditions, no metadata), shows on the page, and is kept by the storage cleanup", async () => {
    const { db } = database();
    const { dealerA, ownerA } = await setting();
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#1f6feb" } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: "Karoo Auto" } } })
      .toBuffer();
    const uploaded = await callWith(details.action, logoUpload(detailsUrl(dealerA.id), ownerA.cookie, png), asDealer(dealerA.id));
    expect(uploaded).toMatchObject({ status: 200, body: { ok: true, intent: "logo" } });
    const { logoKey } = await dealerRow(dealerA.id);
    expect(logoKey).toMatch(/^ads\/[0-9a-f]{32}$/);
    const rendition = fs.readFileSync(path.join(dataDir, "uploads", `${logoKey}-640.webp`));
    const meta = await sharp(rendition).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect((await pageOf(dealerA)).dealer.logoKey).toBe(logoKey);

    // Past the upload's day of grace, the cleanup keeps a key a dealer's logo names.
    await db.update(uploadedPhotos).set({ createdAt: new Date("2020-01-01T00:00:00Z") }).where(eq(uploadedPhotos.storageKey, logoKey!));
    const { runStorageCleanup } = await import("~/features/marketplace/storage-cleanup.server");
    await runStorageCleanup();
    expect(fs.existsSync(path.join(dataDir, "uploads", `${logoKey}-640.webp`))).toBe(true);

    const removed = await callWith(details.action, postTo(detailsUrl(dealerA.id), { intent: "remove-logo" }, ownerA.cookie), asDealer(dealerA.id));
    expect(removed.status).toBe(200);
    expect((await dealerRow(dealerA.id)).logoKey).toBeNull();
    expect((await pageOf(dealerA)).dealer.logoKey).toBeNull();
  });

  it("refuses a file that is not a picture, and one too small", async () => {
    const { dealerA, ownerA } = await setting();
    const notAPicture = await callWith(details.action, logoUpload(detailsUrl(dealerA.id), ownerA.cookie, Buffer.from("%PDF-1.4 not a logo"), "logo.pdf"), asDealer(dealerA.id));
    expect(notAPicture.status).toBe(415);
    expect(notAPicture.body.errors).toMatchObject({ logo: expect.stringContaining("not a picture we can read") });
    const tiny = await sharp({ create: { width: 120, height: 60, channels: 3, background: "#ffffff" } }).png().toBuffer();
    const small = await callWith(details.action, logoUpload(detailsUrl(dealerA.id), ownerA.cookie, tiny), asDealer(dealerA.id));
    expect(small.status).toBe(400);
    expect((await dealerRow(dealerA.id)).logoKey).toBeNull();
  });
});
