/**
 * Cache policy of HTML documents (docs/decisions/005-http-caching.md). A route opts in with
 * `export const headers = publicPageHeaders;`. Browsers always revalidate (max-age=0), cheaply,
 * through the ETag the server adds to every public page; a shared cache may keep the page five
 * minutes. Only a CDN may serve it stale while it revalidates: that permission goes in
 * CDN-Cache-Control (RFC 9213), never in Cache-Control, because browsers honour
 * stale-while-revalidate too and would show a visitor who just signed in the anonymous copy.
 * The opt-in is only a wish: where the response is finished (entry.server.tsx)
 * `documentCachePolicy` decides, and a page for a signed-in visitor, with a Set-Cookie, an error
 * or a form answer never gets a public policy.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300";
/** For CDNs only (they read it before Cache-Control): five minutes fresh, then a day served stale while revalidating. */
const PUBLIC_PAGE_CDN_CACHE_CONTROL = "max-age=300, stale-while-revalidate=86400";
/** Every page without the opt-in, error pages, form answers and pages of a signed-in visitor. */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-store";
/** A public page rendered for one browser's colour-mode cookie: that browser may keep and revalidate it, shared caches must not. */
export const PERSONALISED_PAGE_CACHE_CONTROL = "private, no-cache";

export function publicPageHeaders(): HeadersInit {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL, "CDN-Cache-Control": PUBLIC_PAGE_CDN_CACHE_CONTROL };
}

/**
 * Public pages built from live marketplace data (the used-car hub, search and ads): an ad
 * published, changed or sold must show within seconds, so shared caches (and the in-process page
 * cache, which reads s-maxage) keep them ten seconds, and a CDN may serve them a minute stale
 * while it revalidates.
 */
export const LIVE_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10";
const LIVE_PAGE_CDN_CACHE_CONTROL = "max-age=10, stale-while-revalidate=60";

export function livePageHeaders(): HeadersInit {
  return { "Cache-Control": LIVE_PAGE_CACHE_CONTROL, "CDN-Cache-Control": LIVE_PAGE_CDN_CACHE_CONTROL };
}

/** Any cookie whose name contains "session" (better-auth.session_token, __Secure-…session…) marks a signed-in visitor. */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => {
    const eq = part.indexOf("=");
    return eq > 0 && /session/i.test(part.slice(0, eq));
  });
}

/** Cookies that change the server-rendered HTML of an anonymous page (the colour mode class on <html>). */
function hasRenderingCookie(cookieHeader: string | null): boolean {
  return Boolean(cookieHeader && /(?:^|;\s*)colour-mode=/.test(cookieHeader));
}

export type DocumentCachePolicy =
  /** Shared caches may store it; ETag and 304. */
  | { kind: "public"; cacheControl: string }
  /** Only this browser may store it; ETag and 304. */
  | { kind: "personalised"; cacheControl: string }
  /** Nobody stores it; no ETag. */
  | { kind: "no-store"; cacheControl: string };

/**
 * The policy of a document response. `routeCacheControl` is what the matched route asked for
 * (its `headers` export); everything else comes from the request and the response.
 */
export function documentCachePolicy(input: {
  method: string;
  status: number;
  routeCacheControl: string | null;
  setsCookie: boolean;
  requestCookies: string | null;
}): DocumentCachePolicy {
  const noStore = { kind: "no-store", cacheControl: PRIVATE_PAGE_CACHE_CONTROL } as const;
  const method = input.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return noStore;
  if (input.status !== 200) return noStore;
  if (!input.routeCacheControl || !/(^|,)\s*public\s*(,|$)/i.test(input.routeCacheControl)) return noStore;
  if (input.setsCookie || hasSessionCookie(input.requestCookies)) return noStore;
  if (hasRenderingCookie(input.requestCookies)) return { kind: "personalised", cacheControl: PERSONALISED_PAGE_CACHE_CONTROL };
  return { kind: "public", cacheControl: input.routeCacheControl };
}

/** Writes a policy on a response: the CDN's own directives stay only on a public answer. */
export function applyCachePolicy(headers: Headers, policy: DocumentCachePolicy): void {
  headers.set("Cache-Control", policy.cacheControl);
  if (policy.kind !== "public") headers.delete("CDN-Cache-Control");
}

/** True when the request's If-None-Match names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}
