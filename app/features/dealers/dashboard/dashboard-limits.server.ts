import { rateLimit, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";

// The dashboard's writes are a member's daily work (a morning of lead follow-ups, several bulk
// actions), not a public form: a roomier limit than the public forms', keyed by the signed-in
// user and the dealer, which the client cannot choose. A flood still stops at two a second.
const DASHBOARD_WRITES = { limit: 300, windowMs: 10 * 60_000 };

export async function dashboardWriteLimit(userId: string, dealerId: number): Promise<{ ok: true } | { ok: false; message: string; retryAfterSeconds: number }> {
  const limit = await rateLimit(`dealer-dashboard:${dealerId}:${userId}`, DASHBOARD_WRITES);
  return limit.ok ? { ok: true } : { ok: false, message: TOO_MANY_REQUESTS_MESSAGE, retryAfterSeconds: limit.retryAfterSeconds };
}
