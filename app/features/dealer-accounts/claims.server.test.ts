import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { dealerClaims, dealerMembers, dealers, moderationActions, usedAds, users } from "../../../db/schema";
import { insertAd, insertDealer, insertSellerUser } from "../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../tests/setup/database";
import { call, cookieFrom, get, givePassword, post } from "../../../tests/setup/route-calls";
import { emptyOutbox, parsedOutboxMails } from "../../../tests/setup/outbox";

// Claiming a dealer end to end on the test database: the mailed code (read from the outbox), its
// limits, the moderators' decisions on the web and on the command line.

// env() caches on first use: the data folder (outbox) and the moderators before anything reads them.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-claims-"));
process.env.DATA_DIR = dataDir;
process.env.MODERATOR_EMAILS = "moderator@example.co.za";
delete process.env.SMTP_URL;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { sendClaimCode, checkClaimCode, requestClaimReview, approveClaim, refuseClaim, claimPage } = await import("./claims.server");
const { claimsInReview } = await import("./claims-review.server");
const claimRoute = await import("~/routes/dealer-accounts/claim-dealer");
const claimItemRoute = await import("~/routes/moderation/dealer-claim");
const { action: loginAction } = await import("~/routes/accounts/login");
const { main: claimsCommand } = await import("../../../scripts/dealers-claims");

const database = useTestDatabase();
const mails = () => parsedOutboxMails(dataDir);
beforeEach(() => emptyOutbox(dataDir));

async function claimant(name = "Lerato Dlamini") {
  const user = await insertSellerUser(database().db, { name });
  return { ...user, emailVerified: true, image: null };
}

/** The code in the newest mail to this address. */
function mailedCode(to: string): string {
  const mail = mails().filter((m) => m.to.includes(to)).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function ownerOf(dealerId: number) {
  const rows = await database().db.select().from(dealerMembers).where(and(eq(dealerMembers.dealerId, dealerId), eq(dealerMembers.role, "owner")));
  return rows.map((r) => r.userId);
}

async function dealerRow(dealerId: number) {
  const [row] = await database().db.select().from(dealers).where(eq(dealers.id, dealerId));
  return row!;
}

describe("claiming by the code mailed to the listed address", () => {
  it("mails six digits to the dealer's listed address; the right code makes the claimant owner, verifies the dealer and moves its ads' updated_at", async () => {
    const { db } = database();
    const dealer = await insertDealer(db, { name: "Sandton Auto (demo data)", email: "sales@sandtonauto.example" });
    const ad = await insertAd(db, { sellerKind: "dealer", dealerId: dealer.id, sellerUserId: null });
    const old = new Date("2025-01-01T00:00:00Z");
    await db.update(usedAds).set({ updatedAt: old }).where(eq(usedAds.id, ad.id));
    await db.update(dealers).set({ updatedAt: old }).where(eq(dealers.id, dealer.id));
    const user = await claimant();

    const sent = await sendClaimCode(user, dealer.id);
    expect(sent).toEqual({ ok: true, maskedEmail: "s****@s**********.example" });
    const [mail] = mails();
    expect(mail!.to).toContain("sales@sandtonauto.example");
    expect(mail!.text).toContain("Lerato Dlamini asked to manage Sandton Auto (demo data)");
    const [stored] = await db.select().from(dealerClaims).where(eq(dealerClaims.dealerId, dealer.id));
    const code = mailedCode("sales@sandtonauto.example");
    // Kept hashed: the code itself is nowhere in the row.
    expect(stored!.codeHash).not.toContain(code);
    expect((await claimPage(user.id, dealer.id))?.state).toBe("code-sent");

    expect(await checkClaimCode(user, dealer.id, code)).toEqual({ ok: true });
    expect(await ownerOf(dealer.id)).toEqual([user.id]);
    const after = await dealerRow(dealer.id);
    expect(after.verifiedAt).not.toBeNull();
    expect(after.updatedAt.getTime()).toBeGreaterThan(old.getTime());
    const [adRow] = await db.select({ updatedAt: usedAds.updatedAt }).from(usedAds).where(eq(usedAds.id, ad.id));
    expect(adRow!.updatedAt.getTime()).toBeGreaterThan(old.getTime());
    const [claim] = await db.select().from(dealerClaims).where(eq(dealerClaims.id, stored!.id));
    expect(claim!.status).toBe("approved");
    expect((await claimPage(user.id, dealer.id))?.state).toBe("member");
  });

  it("counts wrong codes: five and the claimant must send a new one", async () => {
    const { db } = database();
    const dealer = await insertDealer(db);
    const user = await claimant();
    await sendClaimCode(user, dealer.id);
    const code = mailedCode(dealer.email!);
    for (let left = 4; left >= 1; left--) expect(await checkClaimCode(user, dealer.id, wrongCode(code))).toEqual({ ok: false, reason: "wrong", attemptsLeft: left });
    expect(await checkClaimCode(user, dealer.id, wrongCode(code))).toEqual({ ok: false, reason: "spent" });
    // Even the right code is refused now.
    expect(await checkClaimCode(user, dealer.id, code)).toEqual({ ok: false, reason: "spent" });
    expect(await ownerOf(dealer.id)).toEqual([]);
    // A new code starts afresh.
    await sendClaimCode(user, dealer.id);
    expect(await checkClaimCode(user, dealer.id, mailedCode(dealer.email!))).toEqual({ ok: true });
  });

  it("refuses an expired code", async () => {
    const { db } = database();
    const dealer = await insertDealer(db);
    const user = await claimant();
    const sentAt = new Date(Date.now() - 31 * 60_000);
    await sendClaimCode(user, dealer.id, sentAt);
    expect(await checkClaimCode(user, dealer.id, mailedCode(dealer.email!))).toEqual({ ok: false, reason: "expired" });
    expect(await ownerOf(dealer.id)).toEqual([]);
  });

  it("a second user's claim cannot use the first one's code", async () => {
    const { db } = database();
    const dealer = await insertDealer(db);
    const first = await claimant("First Claimant");
    const second = await claimant("Second Claimant");
    await sendClaimCode(first, dealer.id);
    const firstCode = mailedCode(dealer.email!);
    await sendClaimCode(second, dealer.id);
    const secondCode = mailedCode(dealer.email!);
    if (secondCode !== firstCode) expect(await checkClaimCode(second, dealer.id, firstCode)).toMatchObject({ ok: false, reason: "wrong" });
    // Without a code of their own, the first's code is no use at all.
    const third = await claimant("Third Claimant");
    expect(await checkClaimCode(third, dealer.id, firstCode)).toEqual({ ok: false, reason: "no-code" });
    expect(await ownerOf(dealer.id)).toEqual([]);
    // The first claimant's code works for them; the second's claim ends with it.
    expect(await checkClaimCode(first, dealer.id, firstCode)).toEqual({ ok: true });
    expect(await checkClaimCode(second, dealer.id, secondCode)).toEqual({ ok: false, reason: "no-code" });
    expect(await ownerOf(dealer.id)).toEqual([first.id]);
  });

  it("refuses a dealer that already has an owner, and one without a listed address", async () => {
    const { db } = database();
    const owned = await insertDealer(db);
    const owner = await claimant("Owner");
    await db.insert(dealerMembers).values({ dealerId: owned.id, userId: owner.id, role: "owner" });
    const user = await claimant();
    expect(await sendClaimCode(user, owned.id)).toEqual({ ok: false, reason: "owned" });
    expect((await claimPage(user.id, owned.id))?.state).toBe("owned");
    expect(await requestClaimReview(user, owned.id, { role: "Manager", phone: "0821234567", message: "I run the showroom floor here." })).toEqual({ ok: false, reason: "owned" });
    const unlisted = await insertDealer(db, { email: null });
    expect(await sendClaimCode(user, unlisted.id)).toEqual({ ok: false, reason: "no-address" });
    expect(mails()).toHaveLength(0);
  });
});

describe("the claim page", () => {
  it("sends a signed-out visitor to sign in and back, and answers a bad code with a 400", async () => {
    const { db } = database();
    const dealer = await insertDealer(db);
    const path_ = `/mon-compte/concession/revendiquer/${dealer.id}`;
    const withId = (handler: unknown) => (args: { request: Request }) => (handler as (a: unknown) => unknown)({ ...args, params: { dealerId: String(dealer.id) } });
    const signedOut = await call(withId(claimRoute.loader) as never, get(path_));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toContain(encodeURIComponent(path_));

    const user = await insertSellerUser(db, { name: "Page Claimant" });
    await givePassword(db, user.id, "Secret123");
    const cookie = cookieFrom((await call(loginAction, post("/login", { email: user.email, password: "Secret123", redirectTo: "/" }))).headers);
    const page = await call(withId(claimRoute.loader) as never, get(path_, cookie));
    expect(page.body).toMatchObject({ page: { state: "start", dealer: { maskedEmail: expect.stringMatching(/^s\*+@/) } } });
    const sent = await call(withId(claimRoute.action) as never, post(path_, { intent: "send" }, { cookie }));
    expect(sent.body).toMatchObject({ ok: true, intent: "send" });
    const bad = await call(withId(claimRoute.action) as never, post(path_, { intent: "verify", code: "12ab" }, { cookie }));
    expect(bad.status).toBe(400);
    const right = await call(withId(claimRoute.action) as never, post(path_, { intent: "verify", code: mailedCode(dealer.email!) }, { cookie }));
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe(`/mon-compte/concession/${dealer.id}?notice=claimed`);
  });
});

describe("claims a person decides", () => {
  async function inReview(name = "Review Claimant") {
    const { db } = database();
    const dealer = await insertDealer(db, { email: null, name: "Karoo Bakkies (demo data)" });
    const user = await claimant(name);
    expect(await requestClaimReview(user, dealer.id, { role: "Owner", phone: "0231234567", message: "Call the showroom and ask for Lerato." })).toEqual({ ok: true });
    const [claim] = await db.select().from(dealerClaims).where(eq(dealerClaims.dealerId, dealer.id));
    return { dealer, user, claimId: claim!.id };
  }

  it("waits in the moderators' queue; approving does what the right code does, and mails the claimant", async () => {
    const { dealer, user, claimId } = await inReview();
    expect((await claimsInReview()).map((c) => c.id)).toContain(claimId);
    const { moderationQueue } = await import("~/features/moderation/queue.server");
    expect((await moderationQueue()).find((item) => item.kind === "dealer-claim" && item.id === claimId)?.title).toBe(`${user.name} claims Karoo Bakkies (demo data)`);
    emptyOutbox(dataDir);
    expect(await approveClaim(claimId, "moderator@example.co.za", "Checked by phone.")).toMatchObject({ ok: true });
    expect(await ownerOf(dealer.id)).toEqual([user.id]);
    expect((await dealerRow(dealer.id)).verifiedAt).not.toBeNull();
    const mail = mails().find((m) => m.to.includes(user.email));
    expect(mail?.subject).toBe("You now manage Karoo Bakkies (demo data) on Voitura");
    const audit = await database().db.select().from(moderationActions).where(and(eq(moderationActions.targetKind, "dealer-claim"), eq(moderationActions.targetId, String(claimId))));
    expect(audit.map((a) => [a.action, a.actor])).toEqual([["review-requested", "claimant"], ["approve", "moderator@example.co.za"]]);
    // Decided once.
    expect(await refuseClaim(claimId, "moderator@example.co.za", "Changed my mind about it.")).toMatchObject({ ok: false, status: 409 });
    expect((await claimsInReview()).map((c) => c.id)).not.toContain(claimId);
  });

  it("refusing mails the claimant the reason and makes nobody owner", async () => {
    const { dealer, user, claimId } = await inReview();
    expect(await refuseClaim(claimId, "moderator@example.co.za", "Nobody at the listed number knows you.")).toMatchObject({ ok: true });
    expect(await ownerOf(dealer.id)).toEqual([]);
    const mail = mails().find((m) => m.to.includes(user.email) && m.subject.includes("not approved"));
    expect(mail?.text).toContain("Nobody at the listed number knows you.");
  });

  it("by a moderator on the web, and nobody else", async () => {
    const { db } = database();
    const { dealer, user, claimId } = await inReview();
    const withId = (handler: unknown) => (args: { request: Request }) => (handler as (a: unknown) => unknown)({ ...args, params: { claimId: String(claimId) } });
    const itemPath = `/moderation/revendications/${claimId}`;
    expect((await call(withId(claimItemRoute.loader) as never, get(itemPath))).status).toBe(404);
    const [known] = await db.select({ id: users.id }).from(users).where(eq(users.email, "moderator@example.co.za"));
    if (!known) {
      const moderator = await insertSellerUser(db, { email: "moderator@example.co.za", name: "Thandi" });
      await givePassword(db, moderator.id, "Secret123");
    }
    const cookie = cookieFrom((await call(loginAction, post("/login", { email: "moderator@example.co.za", password: "Secret123", redirectTo: "/" }))).headers);
    const item = await call(withId(claimItemRoute.loader) as never, get(itemPath, cookie));
    expect(item.body).toMatchObject({ claimant: { name: user.name }, request: { phone: "0231234567" }, dealer: { name: "Karoo Bakkies (demo data)" } });
    const tooShort = await call(withId(claimItemRoute.action) as never, post(itemPath, { intent: "refuse", reason: "no" }, { cookie }));
    expect(tooShort.status).toBe(400);
    const approved = await call(withId(claimItemRoute.action) as never, post(itemPath, { intent: "approve", reason: "" }, { cookie }));
    expect(approved.body).toMatchObject({ ok: true });
    expect(await ownerOf(dealer.id)).toEqual([user.id]);
  });

  it("by an operator on the command line", async () => {
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await claimsCommand(argv, { say: (l) => out.push(l), fail: (l) => err.push(l) }, async () => ({ close: async () => {} }));
      return { code, out: out.join("\n"), err: err.join("\n") };
    };
    const first = await inReview("Command Claimant");
    const second = await inReview("Second Command Claimant");
    const listed = await run("list");
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`claim ${first.claimId}`);
    expect((await run("show", String(first.claimId))).out).toContain("call back on: 0231234567");
    expect((await run("refuse", String(second.claimId))).code).toBe(2);
    expect((await run("refuse", String(second.claimId), "--reason", "The dealership says it does not know you."))).toMatchObject({ code: 0 });
    expect((await run("approve", String(first.claimId), "--as", "ops@example.co.za"))).toMatchObject({ code: 0 });
    expect(await ownerOf(first.dealer.id)).toEqual([first.user.id]);
    expect(await ownerOf(second.dealer.id)).toEqual([]);
    expect((await run("approve", String(first.claimId))).code).toBe(1);
    expect((await run("approve", "999999")).code).toBe(1);
    const [audit] = await database().db.select().from(moderationActions).where(and(eq(moderationActions.targetId, String(first.claimId)), eq(moderationActions.action, "approve")));
    expect(audit?.actor).toBe("ops@example.co.za");
  });
});
