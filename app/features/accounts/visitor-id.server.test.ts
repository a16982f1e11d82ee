import { describe, expect, it } from "vitest";

// The visitor id cookie is issued and signed by the server: a value a client makes up is no visitor.

process.env.AUTH_SECRET = "visitor-id-test-secret-0123456789-abcdefgh";
process.env.PUBLIC_URL = "https://www.voitura.example";

const { issueVisitorId, visitorIdsPerHour } = await import("./visitor-id.server");
const { signedVisitorId, visitorId } = await import("~/lib/security.server");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function ask(cookie?: string, headers: Record<string, string> = {}): Request {
  return new Request("https://www.voitura.example/visitor-id", { method: "POST", headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

function withCookie(value: string): Request {
  return new Request("https://www.voitura.example/", { headers: { cookie: `a=b; cookie_user_id=${value}; c=d` } });
}

/** The cookie value an answer sets, when it sets one. */
function issued(answer: Response): string | undefined {
  return /^cookie_user_id=([^;]+)/.exec(answer.headers.get("set-cookie") ?? "")?.[1];
}

describe("visitorId", () => {
  it("reads only an id the server signed", () => {
    const id = "3f2b8c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69";
    expect(visitorId(withCookie(signedVisitorId(id)))).toBe(id);
    expect(visitorId(withCookie(encodeURIComponent(signedVisitorId(id))))).toBe(id);
    // An unsigned id (the cookie before it was signed), a forged or another id's signature.
    expect(visitorId(withCookie(id))).toBeUndefined();
    expect(visitorId(withCookie(`${id}.${"A".repeat(43)}`))).toBeUndefined();
    const other = signedVisitorId("0b7c3c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69");
    expect(visitorId(withCookie(`${id}.${other.split(".")[1]}`))).toBeUndefined();
    expect(visitorId(withCookie("not-a-uuid"))).toBeUndefined();
    expect(visitorId(withCookie("%E0%A4%A"))).toBeUndefined();
    expect(visitorId(new Request("https://www.voitura.example/"))).toBeUndefined();
  });
});

describe("issueVisitorId", () => {
  it("sets a signed id for two years, not cached, that visitorId reads back", async () => {
    const answer = await issueVisitorId(ask(), { clientIp: "196.25.1.10" });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const cookie = answer.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/; Path=\/; Max-Age=63072000; SameSite=Lax; Secure$/);
    const value = issued(answer)!;
    expect(visitorId(withCookie(value))).toMatch(UUID);
  });

  it("keeps the id of a visitor whose cookie is still unsigned, so their shortlist and requests follow them", async () => {
    const id = "3f2b8c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69";
    const answer = await issueVisitorId(ask(`cookie_user_id=${id}`), { clientIp: "196.25.1.11" });
    expect(visitorId(withCookie(issued(answer)!))).toBe(id);
  });

  it("signs the id again when its signature no longer holds (AUTH_SECRET replaced)", async () => {
    const id = "3f2b8c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69";
    const answer = await issueVisitorId(ask(`cookie_user_id=${id}.${"A".repeat(43)}`), { clientIp: "196.25.1.14" });
    expect(issued(answer)).toBe(signedVisitorId(id));
  });

  it("sets nothing for a visitor who has a signed id already", async () => {
    const answer = await issueVisitorId(ask(`cookie_user_id=${signedVisitorId("3f2b8c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69")}`), { clientIp: "196.25.1.12" });
    expect(answer.status).toBe(204);
    expect(issued(answer)).toBeUndefined();
  });

  it("issues a few ids per address per hour, so minting one per request is no way around a limit", async () => {
    expect(visitorIdsPerHour()).toBe(30);
    const answers = [];
    for (let i = 0; i <= visitorIdsPerHour(); i++) answers.push(await issueVisitorId(ask(), { clientIp: `2001:db8:99:1::${i + 1}` }));
    expect(answers.slice(0, visitorIdsPerHour()).every((answer) => issued(answer))).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(issued(refused)).toBeUndefined();
  });

  it("refuses a request sent from another site", async () => {
    await expect(issueVisitorId(ask(undefined, { origin: "https://evil.example" }), { clientIp: "196.25.1.13" })).rejects.toMatchObject({ status: 403 });
  });
});
