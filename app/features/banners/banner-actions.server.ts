// The banners' two HTTP ends: /b/{id} (the counted click) and /b/vues (the impression beacon).
import { redirect } from "react-router";
import { invalidParameter } from "~/lib/errors";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { assertSameOrigin, clientIp, rateLimit, readForm } from "~/lib/security.server";
import { clickBanner, countImpressions } from "./banners.server";
import { parseBannerId, parseImpressionBeacon } from "./rules";

/**
 * GET /b/{id}: counts the click, then 302 to the banner's own stored link. The target never comes
 * from the request, so the route cannot be used as an open redirect. HEAD (link checkers,
 * previews) redirects without counting.
 */
export async function bannerClick(request: Request, idParam: string | undefined): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  const id = parseBannerId(idParam);
  if (id === null) invalidParameter(pathname);
  const link = await clickBanner(id, new Date(), { count: request.method === "GET" });
  if (link === null) invalidParameter(pathname);
  return redirect(link, { status: 302, headers: { "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL } });
}

const TEN_MINUTES = 10 * 60_000;

/** POST /b/vues (ids=12,7): banner boxes a browser has seen, summed in memory; 204, or 400 for a bad body. */
export async function bannerImpressionsBeacon(request: Request, context: unknown): Promise<Response> {
  assertSameOrigin(request);
  const noStore = { "Cache-Control": "no-store" };
  const form = await readForm(request, 512);
  const ids = parseImpressionBeacon(String(form.get("ids") ?? ""));
  if (!ids) return new Response("Bad beacon: ids=1,2,3 expected.", { status: 400, headers: { ...noStore, "content-type": "text/plain; charset=utf-8" } });
  // A page has at most a couple of boxes; a client sending far more than a busy reader would is ignored, not refused.
  const allowed = await rateLimit(`banner-views:${clientIp(context)}`, { limit: 240, windowMs: TEN_MINUTES });
  if (allowed.ok) countImpressions(ids);
  return new Response(null, { status: 204, headers: noStore });
}
