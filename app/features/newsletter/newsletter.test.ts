import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../../db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { emptyOutbox, outboxMails } from "../../../tests/setup/outbox";
import { isWellFormedToken, maskEmail, NEWSLETTER_CONSENT_TEXT, NEWSLETTER_PENDING_MESSAGE, newsletterSchema } from "./schemas";

// env() caches on first use: set the folder and the captcha switch before anything reads them.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-newsletter-"));
process.env.DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
process.env.CAPTCHA = "off";
process.env.PUBLIC_URL = "https://www.voitura.example";
delete process.env.SMTP_URL;

const { confirmSubscription, findByUnsubscribeToken, subscribeToNewsletter, unsubscribe, unsubscribeToken } = await import("./mutations.server");
const subscribeRoute = await import("~/routes/newsletter/subscribe");
const confirmRoute = await import("~/routes/newsletter/confirm");
const unsubscribeRoute = await import("~/routes/newsletter/unsubscribe");
const { db } = await import("~/lib/db.server");

describe("newsletter schema", () => {
  it("trims and lower-cases the address", () => {
    expect(newsletterSchema.parse({ email: "  Thandi.Nkosi@Example.CO.ZA " })).toEqual({ email: "thandi.nkosi@example.co.za" });
  });

  it("rejects empty, malformed, too long and wrongly typed values", () => {
    const message = (email: unknown) => newsletterSchema.safeParse({ email }).error?.issues[0]?.message;
    expect(message("")).toBe("Please enter your email address");
    expect(message("   ")).toBe("Please enter your email address");
    expect(message("not-an-email")).toBe("Please enter a valid email address");
    expect(message("<script>alert(1)</script>@example.com")).toBe("Please enter a valid email address");
    expect(message(`${"a".repeat(64)}@${"b".repeat(186)}.com`)).toBe("Please enter a valid email address"); // 255 characters
    expect(message(42)).toBe("Please enter a valid email address");
    expect(message(undefined)).toBe("Please enter a valid email address");
    expect(message(["a@b.co"])).toBe("Please enter a valid email address");
  });

  it("checks link tokens' shape and masks addresses", () => {
    expect(isWellFormedToken("a".repeat(43))).toBe(true);
    expect(isWellFormedToken("a".repeat(42))).toBe(false);
    expect(isWellFormedToken(`${"a".repeat(42)}=`)).toBe(false);
    expect(isWellFormedToken(null)).toBe(false);
    expect(maskEmail("jane.doe@example.com")).toBe("j•••@example.com");
  });
});

// ---------------------------------------------------------------------------------------------

const mails = () => outboxMails(dataDir);

function linkToken(mail: string, pathname: string): string {
  const match = mail.match(new RegExp(`https://www\\.voitura\\.example${pathname}\\?token=([A-Za-z0-9_-]{43})`));
  if (!match?.[1]) throw new Error(`no ${pathname} link in mail`);
  return match[1];
}

async function rows(email: string) {
  return db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
}

const minutes = (n: number) => n * 60_000;

// One database for the file (migrating PGlite is the slow part); every test uses its own addresses.
useTestDatabase();

describe("newsletter double opt-in (database)", () => {
  beforeEach(() => {
    emptyOutbox(dataDir);
  });

  it("subscribe creates one pending row and mails a link whose token confirms", async () => {
    const visitor = "3f2b8c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69";
    expect(await subscribeToNewsletter({ email: "first@example.com", visitorId: visitor })).toBe("created");

    const [row, ...others] = await rows("first@example.com");
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ status: "pending", consentText: NEWSLETTER_CONSENT_TEXT, visitorId: visitor, confirmedAt: null });
    expect(row?.consentedAt).toBeInstanceOf(Date);
    expect(row?.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.confirmTokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(minutes(7 * 24 * 60 - 1));

    const [mail, ...more] = mails();
    expect(more).toHaveLength(0);
    expect(mail).toContain("To: first@example.com");
    expect(mail).toContain("Confirm your subscription");
    const token = linkToken(mail as string, "/newsletter/confirmer");
    // Only the hash is stored, never the token itself.
    expect(row?.confirmTokenHash).not.toContain(token);

    expect(await confirmSubscription(token)).toEqual({ status: "confirmed", email: "first@example.com" });
    const [confirmed] = await rows("first@example.com");
    expect(confirmed).toMatchObject({ status: "confirmed", confirmTokenHash: null, confirmTokenExpiresAt: null });
    expect(confirmed?.confirmedAt).toBeInstanceOf(Date);

    // The welcome mail carries the unsubscribe link, in the body and in List-Unsubscribe.
    const welcome = mails()[1] as string;
    expect(welcome).toContain("Welcome to the newsletter");
    const unsubscribeLink = `https://www.voitura.example/newsletter/desabonnement?token=${unsubscribeToken("first@example.com")}`;
    expect(welcome).toContain(`List-Unsubscribe: <${unsubscribeLink}>`);
    expect(welcome).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(linkToken(welcome, "/newsletter/desabonnement")).toBe(unsubscribeToken("first@example.com"));

    // The link is single use.
    expect(await confirmSubscription(token)).toEqual({ status: "not-found" });
  });

  it("a repeated address never makes a second row; a pending one gets a new link at most every 2 minutes", async () => {
    const t0 = new Date();
    expect(await subscribeToNewsletter({ email: "twice@example.com" }, t0)).toBe("created");
    expect(await subscribeToNewsletter({ email: "twice@example.com" }, new Date(t0.getTime() + minutes(1)))).toBe("throttled");
    expect(await rows("twice@example.com")).toHaveLength(1);
    expect(mails()).toHaveLength(1);
    const firstToken = linkToken(mails()[0] as string, "/newsletter/confirmer");

    expect(await subscribeToNewsletter({ email: "twice@example.com" }, new Date(t0.getTime() + minutes(3)))).toBe("refreshed");
    expect(await rows("twice@example.com")).toHaveLength(1);
    expect(mails()).toHaveLength(2);
    const secondToken = linkToken(mails()[1] as string, "/newsletter/confirmer");
    expect(secondToken).not.toBe(firstToken);
    // The refreshed link replaces the old one.
    expect(await confirmSubscription(firstToken)).toEqual({ status: "not-found" });
    expect(await confirmSubscription(secondToken)).toMatchObject({ status: "confirmed" });
  });

  it("concurrent subscriptions of one address make one row and one mail", async () => {
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => subscribeToNewsletter({ email: "race@example.com" })));
    expect(outcomes.filter((o) => o === "created")).toHaveLength(1);
    expect(await rows("race@example.com")).toHaveLength(1);
    expect(mails()).toHaveLength(1);
  });

  it("a confirmed address gets no new confirmation link, only an occasional 'already subscribed' mail", async () => {
    const t0 = new Date();
    await subscribeToNewsletter({ email: "loyal@example.com" }, t0);
    await confirmSubscription(linkToken(mails()[0] as string, "/newsletter/confirmer"), t0);
    const sent = mails().length; // confirmation + welcome

    expect(await subscribeToNewsletter({ email: "loyal@example.com" }, new Date(t0.getTime() + minutes(5)))).toBe("throttled");
    expect(mails()).toHaveLength(sent);
    expect(await subscribeToNewsletter({ email: "loyal@example.com" }, new Date(t0.getTime() + minutes(25 * 60)))).toBe("already-confirmed");
    const reminder = mails()[sent] as string;
    expect(reminder).toContain("You are already subscribed");
    expect(reminder).not.toContain("/newsletter/confirmer");
    const [row] = await rows("loyal@example.com");
    expect(row?.status).toBe("confirmed");
  });

  it("confirm with a bad token fails cleanly", async () => {
    expect(await confirmSubscription(undefined)).toEqual({ status: "malformed" });
    expect(await confirmSubscription("")).toEqual({ status: "malformed" });
    expect(await confirmSubscription("abc")).toEqual({ status: "malformed" });
    expect(await confirmSubscription("'; drop table newsletter_subscribers; --")).toEqual({ status: "malformed" });
    expect(await confirmSubscription("A".repeat(43))).toEqual({ status: "not-found" });
  });

  it("an expired link answers expired and leaves the row pending", async () => {
    const longAgo = new Date(Date.now() - minutes(8 * 24 * 60));
    await subscribeToNewsletter({ email: "late@example.com" }, longAgo);
    const token = linkToken(mails()[0] as string, "/newsletter/confirmer");
    expect(await confirmSubscription(token)).toEqual({ status: "expired" });
    expect((await rows("late@example.com"))[0]?.status).toBe("pending");
    // Subscribing again sends a fresh link that works.
    expect(await subscribeToNewsletter({ email: "late@example.com" })).toBe("refreshed");
    expect(await confirmSubscription(linkToken(mails()[1] as string, "/newsletter/confirmer"))).toMatchObject({ status: "confirmed" });
  });

  it("unsubscribe: a lookup changes nothing, the POST unsubscribes, and re-subscribing starts over", async () => {
    const t0 = new Date();
    await subscribeToNewsletter({ email: "leaving@example.com" }, t0);
    await confirmSubscription(linkToken(mails()[0] as string, "/newsletter/confirmer"), t0);
    const token = unsubscribeToken("leaving@example.com");

    expect(await findByUnsubscribeToken(token)).toEqual({ status: "found", email: "leaving@example.com", subscription: "confirmed" });
    expect((await rows("leaving@example.com"))[0]?.status).toBe("confirmed");

    expect(await unsubscribe(token)).toEqual({ status: "unsubscribed", email: "leaving@example.com" });
    const [row] = await rows("leaving@example.com");
    expect(row?.status).toBe("unsubscribed");
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
    // Idempotent.
    expect(await unsubscribe(token)).toEqual({ status: "unsubscribed", email: "leaving@example.com" });
    expect(await unsubscribe("A".repeat(43))).toEqual({ status: "not-found" });
    expect(await unsubscribe("short")).toEqual({ status: "malformed" });

    expect(await subscribeToNewsletter({ email: "leaving@example.com" }, new Date(t0.getTime() + minutes(3)))).toBe("refreshed");
    const [again] = await rows("leaving@example.com");
    expect(again).toMatchObject({ status: "pending", unsubscribedAt: null, confirmedAt: null });
  });
});

// ---------------------------------------------------------------------------------------------
// Route modules called directly.

type Args = { request: Request; context: unknown; params: Record<string, string> };
let ipCounter = 0;
const args = (request: Request, ip = `10.1.0.${++ipCounter}`) => ({ request, context: { clientIp: ip }, params: {} }) as Args;

function unwrap(result: unknown): { status: number; body: Record<string, unknown> } {
  const r = result as { type?: string; data?: Record<string, unknown>; init?: { status?: number } | null };
  if (r && r.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, body: r.data ?? {} };
  return { status: 200, body: result as Record<string, unknown> };
}

function postSubscribe(email: string, headers: Record<string, string> = {}) {
  return new Request("https://www.voitura.example/newsletter", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://www.voitura.example", ...headers },
    body: new URLSearchParams({ email }).toString(),
  });
}

describe("newsletter routes", () => {
  beforeEach(() => {
    emptyOutbox(dataDir);
  });

  it("POST /newsletter answers the same JSON for a new and a known address", async () => {
    const first = await subscribeRoute.action(args(postSubscribe("Route@Example.com")) as never);
    const again = await subscribeRoute.action(args(postSubscribe("route@example.com ")) as never);
    for (const response of [first, again]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ ok: true, message: NEWSLETTER_PENDING_MESSAGE });
    }
    expect(await rows("route@example.com")).toHaveLength(1);
  });

  it("POST /newsletter answers 400 JSON for a bad address, 403 from another site, 429 when flooded", async () => {
    const bad = await subscribeRoute.action(args(postSubscribe("nope")) as never);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, fieldErrors: { email: "Please enter a valid email address" } });

    await expect(subscribeRoute.action(args(postSubscribe("x@example.com", { origin: "https://evil.example" })) as never)).rejects.toMatchObject({
      status: 403,
    });

    const ip = "192.168.50.5";
    for (let i = 0; i < 5; i++) await subscribeRoute.action(args(postSubscribe(`flood${i}@example.com`), ip) as never);
    const limited = await subscribeRoute.action(args(postSubscribe("flood9@example.com"), ip) as never);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.json()).toEqual({ ok: false, formError: "Too many requests, please try again later." });
  });

  it("GET /newsletter/confirmer answers 200, 400, 404 with a page, never 500", async () => {
    await subscribeRoute.action(args(postSubscribe("page@example.com")) as never);
    const token = linkToken(mails()[0] as string, "/newsletter/confirmer");
    const get = (query: string) => confirmRoute.loader(args(new Request(`https://www.voitura.example/newsletter/confirmer${query}`)) as never);

    expect(unwrap(await get(`?token=${token}`))).toMatchObject({ status: 200, body: { result: "confirmed" } });
    expect(unwrap(await get(`?token=${token}`))).toMatchObject({ status: 404, body: { result: "not-found" } });
    expect(unwrap(await get(""))).toMatchObject({ status: 400, body: { result: "malformed" } });
    expect(unwrap(await get("?token=%3Cscript%3E"))).toMatchObject({ status: 400, body: { result: "malformed" } });
  });

  it("GET /newsletter/desabonnement changes nothing; POST unsubscribes (form field or one-click query)", async () => {
    await subscribeToNewsletter({ email: "bye@example.com" });
    const token = unsubscribeToken("bye@example.com");
    const url = `https://www.voitura.example/newsletter/desabonnement?token=${token}`;

    const page = unwrap(await unsubscribeRoute.loader(args(new Request(url)) as never));
    expect(page).toMatchObject({ status: 200, body: { lookup: "found", token, maskedEmail: "b•••@example.com", alreadyUnsubscribed: false } });
    expect((await rows("bye@example.com"))[0]?.status).toBe("pending");

    const missing = unwrap(await unsubscribeRoute.loader(args(new Request("https://www.voitura.example/newsletter/desabonnement")) as never));
    expect(missing).toMatchObject({ status: 400, body: { lookup: "malformed", token: null } });

    // RFC 8058 one-click: the mail provider POSTs to the link itself, without Origin.
    const oneClick = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unwrap(await unsubscribeRoute.action(args(oneClick) as never))).toMatchObject({ status: 200, body: { unsubscribed: true } });
    expect((await rows("bye@example.com"))[0]?.status).toBe("unsubscribed");

    const crossSite = new Request("https://www.voitura.example/newsletter/desabonnement", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ token }).toString(),
    });
    await expect(unsubscribeRoute.action(args(crossSite) as never)).rejects.toMatchObject({ status: 403 });
  });
});
