import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyOutbox, outboxMails } from "../../../../tests/setup/outbox";

// env() caches on first use: mails go to this folder's outbox.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-alerts-"));
process.env.DATA_DIR = dataDir;
process.env.PUBLIC_URL = "https://www.voitura.example";
delete process.env.SMTP_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { useTestDatabase } = await import("../../../../tests/setup/database");
const { insertAd, insertSellerUser } = await import("../../../../tests/setup/ad-fixtures");
const { savedSearches, savedSearchSentAds } = await import("../../../../db/schema");
const { markSearchIndexStale, resetSearchIndex } = await import("./search-index.server");
const { parseUsedSearch } = await import("./search-parse");
const { SAVED_SEARCH_LIMIT } = await import("./saved-search-rules");
const saved = await import("./saved-searches.server");
const alerts = await import("./saved-search-alerts.server");
const { parseCostFigures } = await import("~/features/ownership-costs/cost-figures");
const { importCostFigures } = await import("~/features/ownership-costs/cost-figures.server");
const { costFigures } = await import("../../../../db/schema");

const database = useTestDatabase();
const db = () => database().db;
const searchOf = (query: string) => parseUsedSearch(new URLSearchParams(query)).search;

const now = new Date();
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

const outbox = () => outboxMails(dataDir);

let buyer: { id: string; email: string };

beforeAll(async () => {
  resetSearchIndex();
  // The demo-free database: a seller's ads are the whole marketplace.
  await db().execute(sql`delete from used_ads`);
});

beforeEach(async () => {
  await db().execute(sql`delete from used_ads`);
  await db().execute(sql`delete from saved_searches`);
  emptyOutbox(dataDir);
  buyer = await insertSellerUser(db(), { name: "Lerato" });
  markSearchIndexStale();
});

/** A saved search made `createdDaysAgo` days ago, its ads seen then. */
async function savedSearch(query: string, createdDaysAgo: number, values: Partial<typeof savedSearches.$inferInsert> = {}) {
  const [row] = await db()
    .insert(savedSearches)
    .values({ userId: buyer.id, name: `Search ${query}`, query, createdAt: daysAgo(createdDaysAgo), seenAt: daysAgo(createdDaysAgo), ...values })
    .returning();
  return row!;
}

describe("saving a search", () => {
  it("saves the canonical query under a name in words, once, up to the limit", async () => {
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo Vivo" });
    markSearchIndexStale();
    const first = await saved.saveSearch(buyer.id, searchOf("make1=volkswagen&model1=polo-vivo&price_max=200000&province=gauteng&page=2"));
    expect(first).toMatchObject({ status: "saved", name: "Volkswagen Polo Vivo, up to R 200 000, Gauteng" });
    const again = await saved.saveSearch(buyer.id, searchOf("province=gauteng&price_max=R 200 000&make1=volkswagen&model1=polo-vivo&sort=price-asc"));
    expect(again).toMatchObject({ status: "exists", id: (first as { id: number }).id });
    const rows = await db().select().from(savedSearches).where(eq(savedSearches.userId, buyer.id));
    expect(rows.map((r) => r.query)).toEqual(["make1=volkswagen&model1=polo-vivo&price_max=200000&province=gauteng"]);

    for (let i = 1; i < SAVED_SEARCH_LIMIT; i++) expect((await saved.saveSearch(buyer.id, searchOf(`price_max=${i * 10_000}`))).status).toBe("saved");
    expect(await saved.saveSearch(buyer.id, searchOf("fuel=diesel"))).toEqual({ status: "limit" });
    // The same search as one already kept is still "already saved", not the limit.
    expect((await saved.saveSearch(buyer.id, searchOf("price_max=10000"))).status).toBe("exists");
  });
});

describe("the saved searches list", () => {
  it("counts the matching ads published since the search was last opened; opening it resets the count", async () => {
    const search = await savedSearch("make1=volkswagen&model1=polo-vivo&province=gauteng", 5, { name: "My Vivo" });
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo Vivo", publishedAt: daysAgo(10) }); // before: seen
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo Vivo", publishedAt: daysAgo(2) }); // new
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo Vivo", publishedAt: daysAgo(1) }); // new
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo Vivo", province: "western-cape", city: "cape-town", publishedAt: daysAgo(1) }); // elsewhere
    await insertAd(db(), { makeName: "Toyota", modelName: "Hilux", publishedAt: daysAgo(1) }); // another car
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo Vivo", status: "sold", publishedAt: daysAgo(1) }); // sold
    markSearchIndexStale();

    const [entry] = await saved.savedSearchesOf(buyer.id);
    expect(entry).toMatchObject({
      id: search.id,
      name: "My Vivo",
      criteria: "Volkswagen Polo Vivo, Gauteng",
      url: "/marche-doccasion/rechercher?make1=volkswagen&model1=polo-vivo&province=gauteng",
      alertsOn: true,
      newAds: 2,
    });

    expect(await saved.openSavedSearch(buyer.id, search.id)).toBe(entry!.url);
    expect((await saved.savedSearchesOf(buyer.id))[0]!.newAds).toBe(0);
  });

  it("finds nothing new for a make no ad has (it does not widen to every car)", async () => {
    await savedSearch("make1=lamborghini", 5);
    await insertAd(db(), { publishedAt: daysAgo(1) });
    markSearchIndexStale();
    expect((await saved.savedSearchesOf(buyer.id))[0]!.newAds).toBe(0);
  });

  it("keeps a monthly budget as a budget: named in words, and read on today's finance terms", async () => {
    const outcome = await saved.saveSearch(buyer.id, searchOf("make1=volkswagen&budget=5000&deposit=30000"));
    expect(outcome).toMatchObject({ status: "saved", name: "Volkswagen, R 5 000 a month, R 30 000 down" });
    const [row] = await db().select().from(savedSearches).where(eq(savedSearches.userId, buyer.id));
    expect(row!.query).toBe("make1=volkswagen&budget=5000&deposit=30000");
    await db().update(savedSearches).set({ createdAt: daysAgo(5), seenAt: daysAgo(5) }).where(eq(savedSearches.id, row!.id));
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo", priceZar: 259_000, publishedAt: daysAgo(1) });
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo", priceZar: 299_000, publishedAt: daysAgo(1) });
    markSearchIndexStale();

    // Without the finance figures a budget names no price: nothing matches (never every car).
    await db().delete(costFigures);
    expect((await saved.savedSearchesOf(buyer.id))[0]).toMatchObject({ criteria: "Volkswagen, R 5 000 a month, R 30 000 down", newAds: 0 });

    // Prime 10.5 % + 1.5 % = 1 % a month for 72 months, no balloon: R 5 000 a month repays
    // 5 000 × (1 − 1.01^−72) / 0.01 = R 255 751; with R 30 000 down, up to R 285 751. The
    // R 259 000 Polo fits, the R 299 000 one does not.
    const parsed = parseCostFigures(
      [
        "kind,key,value,unit,as_of,source,source_url,estimate",
        "finance-rate,prime,10.5,%,2026-11,Test prime,https://example.org/prime,no",
        "finance-rate,typical-margin,1.5,%,2026-11,Test margin,,yes",
        "finance-default,deposit-percent,10,,2026-11,Test default,,yes",
        "finance-default,balloon-percent,0,,2026-11,Test default,,yes",
        "finance-default,term-months,72,,2026-11,Test default,,yes",
      ].join("\n"),
      "csv",
    );
    expect(parsed.issues).toEqual([]);
    await importCostFigures(db(), parsed.rows);
    expect((await saved.savedSearchesOf(buyer.id))[0]!.newAds).toBe(1);
    expect(await alerts.runSavedSearchAlerts({ now })).toMatchObject({ mails: 1, ads: 1 });
    expect(outbox()[0]!).toContain("R 259 000");

    // A higher rate lowers the price the same budget reaches: at prime 16 % (17.5 % a year),
    // 5 000 × (1 − 1.014583^−72) / 0.014583 ≈ R 221 970, plus R 30 000 down: under R 259 000.
    const dearer = parseCostFigures("kind,key,value,unit,as_of,source,source_url,estimate\nfinance-rate,prime,16,%,2026-12,Test prime,https://example.org/prime,no", "csv");
    await importCostFigures(db(), dearer.rows);
    expect((await saved.savedSearchesOf(buyer.id))[0]!.newAds).toBe(0);
  });

  it("renames, switches alerts and deletes only the user's own searches", async () => {
    const mine = await savedSearch("fuel=diesel", 1);
    const stranger = await insertSellerUser(db(), {});
    const [theirs] = await db().insert(savedSearches).values({ userId: stranger.id, name: "Theirs", query: "fuel=petrol" }).returning();
    expect(await saved.renameSavedSearch(buyer.id, mine.id, "Diesels")).toBe(true);
    expect(await saved.renameSavedSearch(buyer.id, theirs!.id, "Mine now")).toBe(false);
    expect(await saved.setSavedSearchAlerts(buyer.id, mine.id, false)).toBe(true);
    expect(await saved.deleteSavedSearch(buyer.id, theirs!.id)).toBe(false);
    expect(await saved.openSavedSearch(buyer.id, theirs!.id)).toBeUndefined();
    const [row] = await db().select().from(savedSearches).where(eq(savedSearches.id, mine.id));
    expect(row).toMatchObject({ name: "Diesels", alertsOn: false });
    expect(await saved.deleteSavedSearch(buyer.id, mine.id)).toBe(true);
    expect(await db().select().from(savedSearches).where(eq(savedSearches.id, theirs!.id))).toHaveLength(1);
  });
});

describe("saved-search alerts", () => {
  it("mails each search its matching ads published since it was saved, with the one-click unsubscribe headers", async () => {
    const search = await savedSearch("make1=volkswagen&model1=polo-vivo&price_max=200000", 3, { name: "Cheap Vivo" });
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo Vivo", title: "Old Vivo", publishedAt: daysAgo(4) });
    const fresh = await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo Vivo", title: "2019 Polo Vivo Trendline", priceZar: 159_000, publishedAt: daysAgo(1) });
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo Vivo", title: "Dear Vivo", priceZar: 250_000, publishedAt: daysAgo(1) });
    await insertAd(db(), { makeName: "Toyota", modelName: "Hilux", title: "A Hilux", publishedAt: daysAgo(1) });

    expect(await alerts.runSavedSearchAlerts({ now })).toEqual({ searches: 1, mails: 1, ads: 1 });
    const mails = outbox();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain(`To: Lerato <${buyer.email}>`);
    expect(mail).toContain("<title>1 new ad for “Cheap Vivo”</title>");
    expect(mail).toContain("2019 Polo Vivo Trendline");
    expect(mail).toContain("R 159 000");
    expect(mail).toContain(`https://www.voitura.example/marche-doccasion/annonce/${fresh.id}-`);
    expect(mail).not.toContain("Old Vivo");
    expect(mail).not.toContain("Dear Vivo");
    expect(mail).not.toContain("A Hilux");
    const token = alerts.unsubscribeToken(search.id);
    expect(mail).toContain(`List-Unsubscribe: <https://www.voitura.example/alertes/desabonnement?token=${token}>`);
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    // The same link in the body.
    expect(mail).toContain(`https://www.voitura.example/alertes/desabonnement?token=${token}`);
    const sent = await db().select().from(savedSearchSentAds).where(eq(savedSearchSentAds.savedSearchId, search.id));
    expect(sent.map((s) => s.adId)).toEqual([fresh.id]);
    const [row] = await db().select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastAlertAt?.getTime()).toBe(now.getTime());
  });

  it("sends each ad at most once per search: a second run sends nothing, a later ad comes alone", async () => {
    await savedSearch("make1=volkswagen", 3);
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo", title: "First Polo", publishedAt: daysAgo(1) });
    expect((await alerts.runSavedSearchAlerts({ now })).mails).toBe(1);
    expect(await alerts.runSavedSearchAlerts({ now })).toMatchObject({ mails: 0, ads: 0 });
    expect(outbox()).toHaveLength(1);

    const later = new Date(now.getTime() + 60_000);
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo", title: "Second Polo", publishedAt: new Date(now.getTime() + 30_000) });
    expect(await alerts.runSavedSearchAlerts({ now: later })).toMatchObject({ mails: 1, ads: 1 });
    const second = outbox()[1]!;
    expect(second).toContain("Second Polo");
    expect(second).not.toContain("First Polo");
  });

  it("sends nothing for a search whose alerts are off", async () => {
    await savedSearch("make1=volkswagen", 3, { alertsOn: false });
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo", publishedAt: daysAgo(1) });
    expect(await alerts.runSavedSearchAlerts({ now })).toEqual({ searches: 0, mails: 0, ads: 0 });
    expect(outbox()).toHaveLength(0);
  });

  it("lists ten ads and links to the rest", async () => {
    await savedSearch("make1=volkswagen", 3);
    for (let i = 0; i < 13; i++) await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo", title: `Polo number ${i}`, publishedAt: new Date(daysAgo(1).getTime() + i * 60_000) });
    expect(await alerts.runSavedSearchAlerts({ now })).toMatchObject({ mails: 1, ads: 13 });
    const mail = outbox()[0]!;
    expect(mail).toContain("13 new ads");
    expect(mail).toContain("Polo number 12");
    expect(mail).not.toContain("Polo number 2\n");
    expect(mail).toContain("And 3 more: see them all");
  });

  it("two runs at the same moment send one mail", async () => {
    await savedSearch("make1=volkswagen", 3);
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo", publishedAt: daysAgo(1) });
    await insertAd(db(), { makeName: "Volkswagen", modelName: "Polo", publishedAt: daysAgo(2) });
    const [a, b] = await Promise.all([alerts.runSavedSearchAlerts({ now }), alerts.runSavedSearchAlerts({ now })]);
    expect(a.mails + b.mails).toBe(1);
    expect(a.ads + b.ads).toBe(2);
    expect(outbox()).toHaveLength(1);
  });
});

describe("unsubscribe token", () => {
  it("turns the alerts of the search it names off, and refuses a forged one", async () => {
    const search = await savedSearch("fuel=diesel", 1, { name: "Diesels" });
    const token = alerts.unsubscribeToken(search.id);
    expect(await alerts.savedSearchOfToken(token)).toEqual({ id: search.id, name: "Diesels", alertsOn: true });
    const forged = `${search.id + 1}.${token.split(".")[1]}`;
    expect(alerts.savedSearchIdOfToken(forged)).toBeUndefined();
    expect(alerts.savedSearchIdOfToken("nonsense")).toBeUndefined();
    expect(await alerts.unsubscribeByToken(forged)).toBeUndefined();
    expect(await alerts.unsubscribeByToken(token)).toEqual({ id: search.id, name: "Diesels" });
    expect((await alerts.savedSearchOfToken(token))?.alertsOn).toBe(false);
  });
});
