import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { usedAds } from "../../../../db/schema";
import { insertAd } from "../../../../tests/setup/ad-fixtures";
import { useTestDatabase } from "../../../../tests/setup/database";

// The ad page's per-visitor limits, attacked as a script would: a new address in the same IPv6
// /64 or a new visitor cookie on every request must not buy a new allowance.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-visitor-limits-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = "visitor-limits-test-secret-0123456789-abcd";
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const { adPageAction, adViewAction, PHONE_REVEALS_PER_WINDOW } = await import("./ad-page-actions.server");
const { issueVisitorId } = await import("~/features/accounts/visitor-id.server");

const database = useTestDatabase();

function post(adId: number, fields: Record<string, string>, cookie?: string): Request {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  return new Request(`http://localhost:3000/marche-doccasion/annonce/${adId}-polo`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

async function revealStatus(adId: number, clientIp: string, cookie?: string): Promise<number> {
  const answer = (await adPageAction(post(adId, { intent: "phone" }, cookie), { clientIp }, { adIdSlug: `${adId}-polo` })) as { init?: { status?: number } | null };
  return answer.init?.status ?? 200;
}

describe("phone reveals from IPv6 addresses", () => {
  it("counts every address of one /64 as one client", async () => {
    const ad = await insertAd(database().db);
    const statuses: number[] = [];
    for (let i = 1; i <= PHONE_REVEALS_PER_WINDOW + 1; i++) statuses.push(await revealStatus(ad.id, `2001:db8:4a:7::${i.toString(16)}`));
    expect(statuses.slice(0, PHONE_REVEALS_PER_WINDOW).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is another client.
    expect(await revealStatus(ad.id, "2001:db8:4a:8::1")).toBe(200);
  });

  it("counts an IPv4-mapped address as the IPv4 address", async () => {
    const ad = await insertAd(database().db);
    for (let i = 0; i < PHONE_REVEALS_PER_WINDOW; i++) expect(await revealStatus(ad.id, i % 2 ? "196.25.7.9" : "::ffff:196.25.7.9")).toBe(200);
    expect(await revealStatus(ad.id, "::ffff:196.25.7.9")).toBe(429);
  });
});

/** A cookie_user_id a script makes up: a fresh UUID on every request. */
const madeUp = () => `cookie_user_id=${crypto.randomUUID()}`;

describe("phone reveals with a new visitor cookie on every request", () => {
  it("count against the address, so the limit holds", async () => {
    const ad = await insertAd(database().db);
    const statuses: number[] = [];
    for (let i = 0; i <= PHONE_REVEALS_PER_WINDOW; i++) statuses.push(await revealStatus(ad.id, "196.25.40.1", madeUp()));
    expect(statuses.slice(0, PHONE_REVEALS_PER_WINDOW).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("leave a visitor the server signed for with their own allowance", async () => {
    const ad = await insertAd(database().db);
    for (let i = 0; i < PHONE_REVEALS_PER_WINDOW; i++) await revealStatus(ad.id, "196.25.40.2", madeUp());
    expect(await revealStatus(ad.id, "196.25.40.2", madeUp())).toBe(429);
    const answer = await issueVisitorId(new Request("http://localhost:3000/visitor-id", { method: "POST" }), { clientIp: "196.25.40.2" });
    const signed = /^(cookie_user_id=[^;]+)/.exec(answer.headers.get("set-cookie") ?? "")?.[1];
    expect(signed).toBeTruthy();
    expect(await revealStatus(ad.id, "196.25.40.2", signed)).toBe(200);
  });
});

describe("the view beacon with a new visitor cookie on every request", () => {
  it("counts one view per address and ad", async () => {
    const ad = await insertAd(database().db);
    for (let i = 0; i < 5; i++) {
      const request = new Request("http://localhost:3000/marche-doccasion/vue", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: madeUp() },
        body: new URLSearchParams({ adId: String(ad.id) }),
      });
      expect((await adViewAction(request, { clientIp: "196.25.40.3" })).status).toBe(204);
    }
    const [row] = await database().db.select({ views: usedAds.viewCount }).from(usedAds).where(eq(usedAds.id, ad.id));
    expect(row?.views).toBe(1);
  });
});
