import crypto from "node:crypto";
import { env, publicUrl } from "~/lib/env.server";
import { assertSameOrigin, clientIp, isUuid, rateLimit, signedVisitorId, visitorCookie, visitorId } from "~/lib/security.server";
import { VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE } from "./visitor-id";

// The visitor id is issued here, signed, by a request of its own (POST VISITOR_ID_PATH), not on
// the pages: those are cached and shared, and must never carry a Set-Cookie.

/**
 * New visitor ids per address (IPv6: per /64) per hour (RATE_LIMIT_VISITOR_IDS): a household or
 * an office, not a script minting one per request. Past it a visitor counts by address, as one
 * without scripts does.
 */
export function visitorIdsPerHour(): number {
  return env().RATE_LIMIT_VISITOR_IDS;
}

function answer(status: number, setCookie?: string): Response {
  const headers = new Headers({ "cache-control": "no-store" });
  if (setCookie) headers.set("set-cookie", setCookie);
  return new Response(null, { status, headers });
}

/**
 * Sets a signed `cookie_user_id` for a visitor who has no valid one. A visitor whose cookie is
 * still the unsigned UUID of before, or was signed with a replaced AUTH_SECRET, keeps that id, so
 * what was attributed to it stays theirs (each such id counts against the address's allowance).
 */
export async function issueVisitorId(request: Request, context: unknown): Promise<Response> {
  assertSameOrigin(request);
  if (visitorId(request)) return answer(204);
  const limit = await rateLimit(`visitor-id:${clientIp(context)}`, { limit: visitorIdsPerHour(), windowMs: 60 * 60_000 });
  if (!limit.ok) return answer(429);
  // The id of a cookie from before it was signed, or signed with a secret since replaced.
  const kept = visitorCookie(request)?.split(".")[0];
  const id = kept && isUuid(kept) ? kept : crypto.randomUUID();
  const secure = publicUrl().startsWith("https://") ? "; Secure" : "";
  return answer(204, `${VISITOR_COOKIE}=${signedVisitorId(id)}; Path=/; Max-Age=${VISITOR_COOKIE_MAX_AGE}; SameSite=Lax${secure}`);
}
