/**
 * Cache policy of anonymous pages (catalogue, lists, editorial). A route opts in with
 * `export const headers = publicPageHeaders;`. A CDN may keep the page for five minutes and
 * serve it stale for a day while it revalidates; browsers always revalidate (max-age=0), cheaply,
 * through the ETag the server adds to every public page. Pages for a signed-in visitor or with
 * a Set-Cookie never get a public policy (enforced where the response is finished).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-store";

export function publicPageHeaders(): HeadersInit {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}
