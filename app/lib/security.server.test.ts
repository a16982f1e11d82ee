import { afterEach, describe, expect, it, vi } from "vitest";
import { assertSameOrigin, clientIp, rateLimit, readForm, sameSiteRefererPath, setRateLimiterFactory, signedVisitorId, visitorId } from "./security.server";

process.env.PUBLIC_URL = "https://www.voitura.example";

function post(headers: Record<string, string>, url = "http://localhost:3000/contactez-nous") {
  return new Request(url, { method: "POST", headers, body: "a=1" });
}

function status(fn: () => void): number | "ok" {
  try {
    fn();
    return "ok";
  } catch (err) {
    if (err instanceof Response) return err.status;
    throw err;
  }
}

describe("assertSameOrigin", () => {
  it("lets GET through whatever the headers", () => {
    expect(status(() => assertSameOrigin(new Request("http://localhost:3000/", { headers: { origin: "https://evil.example" } })))).toBe("ok");
  });

  it("accepts the request's own origin and PUBLIC_URL", () => {
    expect(status(() => assertSameOrigin(post({ origin: "http://localhost:3000" })))).toBe("ok");
    expect(status(() => assertSameOrigin(post({ origin: "https://www.voitura.example" })))).toBe("ok");
  });

  it("rejects another origin with 403", () => {
    expect(status(() => assertSameOrigin(post({ origin: "https://evil.example" })))).toBe(403);
    expect(status(() => assertSameOrigin(post({ origin: "null" })))).toBe(403);
    // A look-alike host or another port is another origin.
    expect(status(() => assertSameOrigin(post({ origin: "http://localhost:3001" })))).toBe(403);
    expect(status(() => assertSameOrigin(post({ origin: "https://www.voitura.example.evil.example" })))).toBe(403);
  });

  it("falls back to Referer when Origin is absent", () => {
    expect(status(() => assertSameOrigin(post({ referer: "http://localhost:3000/contactez-nous" })))).toBe("ok");
    expect(status(() => assertSameOrigin(post({ referer: "https://evil.example/form" })))).toBe(403);
    expect(status(() => assertSameOrigin(post({ referer: "not a url" })))).toBe(403);
  });

  it("trusts the browser's Sec-Fetch-Site when it says same-origin", () => {
    // Chrome under Referrer-Policy no-referrer: same-origin form, Origin "null".
    expect(status(() => assertSameOrigin(post({ origin: "null", "sec-fetch-site": "same-origin" })))).toBe("ok");
    expect(status(() => assertSameOrigin(post({ origin: "https://evil.example", "sec-fetch-site": "cross-site" })))).toBe(403);
    expect(status(() => assertSameOrigin(post({ origin: "null", "sec-fetch-site": "cross-site" })))).toBe(403);
    // same-site (a sibling subdomain) still needs a matching Origin.
    expect(status(() => assertSameOrigin(post({ origin: "https://blog.voitura.example", "sec-fetch-site": "same-site" })))).toBe(403);
  });

  it("lets a request with neither header through (not a browser form from another site)", () => {
    expect(status(() => assertSameOrigin(post({})))).toBe("ok");
  });
});

describe("sameSiteRefererPath", () => {
  it("is the path and query of a Referer from this site, and nothing from elsewhere", () => {
    expect(sameSiteRefererPath(post({ referer: "http://localhost:3000/marche-doccasion/rechercher?make1=bmw&page=2#results" }))).toBe(
      "/marche-doccasion/rechercher?make1=bmw&page=2",
    );
    expect(sameSiteRefererPath(post({ referer: "https://www.voitura.example/marche-doccasion" }))).toBe("/marche-doccasion");
    expect(sameSiteRefererPath(post({ referer: "https://evil.example/marche-doccasion" }))).toBeNull();
    expect(sameSiteRefererPath(post({ referer: "http://localhost:3001/" }))).toBeNull();
    expect(sameSiteRefererPath(post({ referer: "not a url" }))).toBeNull();
    expect(sameSiteRefererPath(post({}))).toBeNull();
  });
});

describe("rateLimit", () => {
  afterEach(() => {
    vi.useRealTimers();
    setRateLimiterFactory(undefined);
  });

  it("allows `limit` hits per window, then answers with the seconds to wait", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    setRateLimiterFactory(undefined);
    const options = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect((await rateLimit("ip:a", options)).ok).toBe(true);
    vi.advanceTimersByTime(10_000);
    const blocked = await rateLimit("ip:a", options);
    expect(blocked).toEqual({ ok: false, retryAfterSeconds: 50, remaining: 0 });
    // Other keys are counted apart; a new window starts afresh.
    expect((await rateLimit("ip:b", options)).ok).toBe(true);
    vi.advanceTimersByTime(50_000);
    expect(await rateLimit("ip:a", options)).toEqual({ ok: true, retryAfterSeconds: 0, remaining: 2 });
  });

  it("keeps one count per limit and window, so two actions' limits never mix", async () => {
    setRateLimiterFactory(undefined);
    expect((await rateLimit("x", { limit: 1, windowMs: 60_000 })).ok).toBe(true);
    expect((await rateLimit("x", { limit: 1, windowMs: 60_000 })).ok).toBe(false);
    expect((await rateLimit("x", { limit: 5, windowMs: 60_000 })).ok).toBe(true);
  });
});

describe("request helpers", () => {
  it("reads the client IP from the load context only", () => {
    expect(clientIp({ clientIp: "196.25.1.1" })).toBe("196.25.1.1");
    expect(clientIp({})).toBe("unknown");
    expect(clientIp(undefined)).toBe("unknown");
  });

  it("keys IPv6 clients on their /64 and IPv4-mapped addresses on the IPv4 address", () => {
    expect(clientIp({ clientIp: "2001:db8:4a:7::1" })).toBe("2001:db8:4a:7::/64");
    expect(clientIp({ clientIp: "2001:0db8:004a:0007:ffff:1:2:3" })).toBe("2001:db8:4a:7::/64");
    expect(clientIp({ clientIp: "2001:db8:4a:8::1" })).toBe("2001:db8:4a:8::/64");
    expect(clientIp({ clientIp: "fe80::1%eth0" })).toBe("fe80:0:0:0::/64");
    expect(clientIp({ clientIp: "::1" })).toBe("0:0:0:0::/64");
    expect(clientIp({ clientIp: "::ffff:196.25.1.1" })).toBe("196.25.1.1");
    expect(clientIp({ clientIp: "::ffff:c419:101" })).toBe("196.25.1.1");
    expect(clientIp({ clientIp: "64:ff9b::196.25.1.1" })).toBe("64:ff9b:0:0::/64");
  });

  it("refuses a walk through one IPv6 /64 once its limit is reached", async () => {
    const options = { limit: 5, windowMs: 60_000 };
    const answers = [];
    for (let i = 1; i <= 50; i++) answers.push((await rateLimit(`contact:${clientIp({ clientIp: `2001:db8:77:1:${i.toString(16)}::1` })}`, options)).ok);
    expect(answers.filter(Boolean)).toHaveLength(5);
    expect(answers.slice(5).some(Boolean)).toBe(false);
  });

  it("reads a visitor id from the cookie_user_id cookie only when the server signed it", () => {
    const id = "3f2b8c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69";
    const req = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });
    expect(visitorId(req(`a=b; cookie_user_id=${signedVisitorId(id)}; c=d`))).toBe(id);
    expect(visitorId(req(`cookie_user_id=${id}`))).toBeUndefined();
    expect(visitorId(req("cookie_user_id=not-a-uuid"))).toBeUndefined();
    expect(visitorId(req("other=1"))).toBeUndefined();
    expect(visitorId(new Request("http://localhost/"))).toBeUndefined();
  });

  it("reads small forms and refuses large ones with 413", async () => {
    const small = await readForm(
      new Request("http://localhost/", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=J%C3%A9r%C3%B4me" }),
    );
    expect(small.get("name")).toBe("Jérôme");
    const big = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `message=${"x".repeat(140_000)}`,
    });
    await expect(readForm(big)).rejects.toMatchObject({ status: 413 });
  });
});
