import { describe, expect, it } from "vitest";
import {
  applyCachePolicy,
  PERSONALISED_PAGE_CACHE_CONTROL,
  PRIVATE_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
  documentCachePolicy,
  hasSessionCookie,
  ifNoneMatchMatches,
  publicPageHeaders,
} from "./http-cache";
import { documentEtag } from "./http-cache.server";

const base = { method: "GET", status: 200, routeCacheControl: PUBLIC_PAGE_CACHE_CONTROL, setsCookie: false, requestCookies: null };

describe("documentCachePolicy", () => {
  it("keeps the public policy of an anonymous page that opted in", () => {
    expect(documentCachePolicy(base)).toEqual({ kind: "public", cacheControl: PUBLIC_PAGE_CACHE_CONTROL });
    expect(documentCachePolicy({ ...base, method: "HEAD", requestCookies: "cookie_user_id=abc; other=1" }).kind).toBe("public");
  });

  it("never makes a page public without the opt-in, for errors or for form answers", () => {
    expect(documentCachePolicy({ ...base, routeCacheControl: null })).toEqual({ kind: "no-store", cacheControl: PRIVATE_PAGE_CACHE_CONTROL });
    expect(documentCachePolicy({ ...base, routeCacheControl: "private, max-age=60" }).kind).toBe("no-store");
    for (const status of [201, 301, 404, 500]) expect(documentCachePolicy({ ...base, status }).kind).toBe("no-store");
    expect(documentCachePolicy({ ...base, method: "POST" }).kind).toBe("no-store");
  });

  it("makes personal pages private: a cookie set, or a session cookie sent", () => {
    expect(documentCachePolicy({ ...base, setsCookie: true }).kind).toBe("no-store");
    for (const cookie of ["better-auth.session_token=x", "a=1; __Secure-better-auth.session_token=x", "SESSIONID=1", "my_session=1"]) {
      expect(documentCachePolicy({ ...base, requestCookies: cookie }), cookie).toEqual({ kind: "no-store", cacheControl: PRIVATE_PAGE_CACHE_CONTROL });
    }
  });

  it("keeps a page rendered for a colour-mode cookie out of shared caches", () => {
    expect(documentCachePolicy({ ...base, requestCookies: "colour-mode=dark" })).toEqual({ kind: "personalised", cacheControl: PERSONALISED_PAGE_CACHE_CONTROL });
  });

  it("lets only CDNs serve a page stale: browsers must revalidate every time", () => {
    const headers = new Headers(publicPageHeaders());
    expect(headers.get("Cache-Control")).not.toContain("stale-while-revalidate");
    expect(headers.get("Cache-Control")).toContain("max-age=0");
    expect(headers.get("CDN-Cache-Control")).toContain("stale-while-revalidate");
  });

  it("drops the CDN's directives from every answer that is not public", () => {
    const answer = (requestCookies: string | null) => {
      const headers = new Headers(publicPageHeaders());
      applyCachePolicy(headers, documentCachePolicy({ ...base, routeCacheControl: headers.get("Cache-Control"), requestCookies }));
      return headers;
    };
    expect(answer(null).get("CDN-Cache-Control")).toBeTruthy();
    expect(answer("voitura.session_token=x").get("CDN-Cache-Control")).toBeNull();
    expect(answer("voitura.session_token=x").get("Cache-Control")).toBe(PRIVATE_PAGE_CACHE_CONTROL);
    expect(answer("colour-mode=dark").get("CDN-Cache-Control")).toBeNull();
  });

  it("finds session cookies by name only", () => {
    expect(hasSessionCookie("theme=session-blue")).toBe(false);
    expect(hasSessionCookie(null)).toBe(false);
    expect(hasSessionCookie("x=1;  session=2")).toBe(true);
  });
});

describe("ETags", () => {
  it("are equal for equal pages whatever their nonce, and strong", async () => {
    const page = (nonce: string) => `<html><script nonce="${nonce}">1</script><link nonce="${nonce}"></html>`;
    const a = await documentEtag(page("AAAA+/=="), "AAAA+/==");
    const b = await documentEtag(page("BBBB0123"), "BBBB0123");
    expect(a).toBe(b);
    expect(a).toMatch(/^"[0-9a-f]{16}"$/);
    expect(await documentEtag(page("BBBB0123").replace("1", "2"), "BBBB0123")).not.toBe(a);
    // The same tag from the bytes the server sends.
    expect(await documentEtag(Buffer.from(page("CCCC4567"), "utf8"), "CCCC4567")).toBe(a);
  });

  it("hash the pieces between nonces as one text with the placeholder, leaving the bytes as they were", async () => {
    const html = `<html><script nonce="DDDD89ab">1</script><p>é – 🚗</p><link nonce="DDDD89ab"></html>`;
    const bytes = Buffer.from(html, "utf8");
    const tag = await documentEtag(bytes, "DDDD89ab");
    expect(bytes.toString("utf8")).toBe(html);
    expect(await documentEtag(html.replaceAll("DDDD89ab", "__nonce__"), undefined)).toBe(tag);
    expect(await documentEtag(html.replace("é", "e"), "DDDD89ab")).not.toBe(tag);
  });

  it("If-None-Match matches a listed, weak or wildcard tag", () => {
    expect(ifNoneMatchMatches('"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"x", W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches("*", '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"abd"', '"abc"')).toBe(false);
    expect(ifNoneMatchMatches(null, '"abc"')).toBe(false);
  });
});
