// The moderation command line, run in this process on the test database: main() reads its
// arguments, the queue and the actions as the /moderation pages do, and answers an exit code.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { moderationActions, usedAdReports, usedAds } from "../db/schema";
import { insertAd, insertSellerUser } from "../tests/setup/ad-fixtures";
import { useTestDatabase } from "../tests/setup/database";

// env() caches on first use: the data folder (the outbox the mails land in) before anything reads it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-moderation-cli-"));
process.env.DATA_DIR = dataDir;
delete process.env.SMTP_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { main } = await import("./moderation");
const { defaultActor } = await import("./operator-command");
const database = useTestDatabase();

/** main() on the test database (already installed: nothing to open or close), with what it printed. */
async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { say: (l) => out.push(l), fail: (l) => err.push(l) }, async () => ({ close: async () => {} }));
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function underReview() {
  const { db } = database();
  const seller = await insertSellerUser(db, { name: "Sipho Ndlovu" });
  const ad = await insertAd(db, { sellerUserId: seller.id, status: "under_review", title: "2019 Toyota Fortuner 2.8GD-6" });
  const reader = await insertSellerUser(db, { name: "Reader" });
  await db.insert(usedAdReports).values({ adId: ad.id, reporterKey: `user:${reader.id}`, userId: reader.id, reason: "scam", details: "Wants a deposit first" });
  return ad;
}

const statusOf = async (adId: number) => (await database().db.select({ status: usedAds.status }).from(usedAds).where(eq(usedAds.id, adId)))[0]?.status;
const auditOf = (adId: number) =>
  database()
    .db.select({ action: moderationActions.action, actor: moderationActions.actor, reason: moderationActions.reason })
    .from(moderationActions)
    .where(and(eq(moderationActions.targetKind, "ad"), eq(moderationActions.targetId, String(adId))));

describe("npm run moderation", () => {
  it("lists an ad under review with its status, reports and reasons", async () => {
    const ad = await underReview();
    const { code, out } = await run("list");
    expect(code).toBe(0);
    expect(out).toContain(`ad ${ad.id} · Under review · 1 open report · 2019 Toyota Fortuner 2.8GD-6`);
    expect(out).toContain("reasons: Looks like a scam (1)");
  });

  it("shows one ad: its seller, its reports and its history", async () => {
    const ad = await underReview();
    const { code, out } = await run("show", "ad", String(ad.id));
    expect(code).toBe(0);
    expect(out).toContain("Seller: Sipho Ndlovu");
    expect(out).toContain("Looks like a scam — Reader");
    expect(out).toContain("“Wants a deposit first”");
    expect(out).toContain("History:\n  nothing yet");
    expect(await run("show", "ad", "99999999")).toMatchObject({ code: 1, err: "No ad has the number 99999999." });
  });

  it("restores an ad: back on sale, out of the queue, the audit row naming --as, the seller mailed", async () => {
    const ad = await underReview();
    const done = await run("restore", "ad", String(ad.id), "--note", "The papers check out.", "--as", "Thandi@Example.co.za");
    expect(done).toMatchObject({ code: 0, out: expect.stringContaining("is back (for sale)") });
    expect(await statusOf(ad.id)).toBe("published");
    expect(await auditOf(ad.id)).toEqual([{ action: "restore", actor: "thandi@example.co.za", reason: "The papers check out." }]);
    expect((await run("list")).out).not.toContain(`ad ${ad.id} ·`);
    const outbox = path.join(dataDir, "outbox");
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), "latin1"));
    expect(mails.some((m) => m.includes("Your ad 2019 Toyota Fortuner 2.8GD-6 is back on Voitura"))).toBe(true);
  });

  it("names the operator as the actor when --as is not given", async () => {
    const ad = await underReview();
    expect((await run("restore", "ad", String(ad.id))).code).toBe(0);
    expect(await auditOf(ad.id)).toEqual([{ action: "restore", actor: defaultActor(), reason: "" }]);
    expect(defaultActor()).toMatch(/^command line/);
  });

  it("refuses a remove without a reason, or with one too short, with exit 2 and the form's message", async () => {
    const ad = await underReview();
    const bare = await run("remove", "ad", String(ad.id));
    expect(bare).toMatchObject({ code: 2, err: expect.stringContaining("Give --reason") });
    const short = await run("remove", "ad", String(ad.id), "--reason", "bad");
    expect(short).toMatchObject({ code: 2, err: expect.stringContaining("at least 10 characters") });
    expect(await statusOf(ad.id)).toBe("under_review");
    expect(await auditOf(ad.id)).toEqual([]);
    const done = await run("remove", "ad", String(ad.id), "--reason", "The photos belong to another seller's car.");
    expect(done.code).toBe(0);
    expect(await statusOf(ad.id)).toBe("removed");
    expect(await run("remove", "ad", String(ad.id), "--reason", "Twice is once too many")).toMatchObject({ code: 1, err: expect.stringContaining("already removed") });
  });

  it("answers usage and exit 2 to an unknown command or arguments, exit 1 to a missing item", async () => {
    expect(await run("frobnicate")).toMatchObject({ code: 2, err: expect.stringContaining("Usage: npm run moderation") });
    expect(await run()).toMatchObject({ code: 2, err: expect.stringContaining("Usage:") });
    expect((await run("restore", "car", "12")).code).toBe(2);
    expect((await run("restore", "ad", "twelve")).code).toBe(2);
    expect((await run("restore", "ad", "12", "--reason", "Not an option of restore")).code).toBe(2);
    expect((await run("list", "--force")).code).toBe(2);
    expect((await run("restore", "ad", "12", "--as", "not an address")).code).toBe(2);
    expect(await run("ban", "user", "nobody-at-all", "--reason", "Several scam reports from buyers.")).toMatchObject({ code: 1, err: "No account has this number." });
    expect((await run("--help")).code).toBe(0);
  });
});
