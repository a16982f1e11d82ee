// cookie_user_id: a random first-party visitor id, set on the first navigation when missing, for
// attributing leads and favourites later. Set by the browser so cached public pages stay shared.

export const VISITOR_COOKIE = "cookie_user_id";
const TWO_YEARS_SECONDS = 2 * 365 * 24 * 3600;

function randomUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Plain-HTTP origins have no randomUUID: build a version 4 UUID from random bytes.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function ensureVisitorId(): void {
  if (new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=[0-9a-f-]{36}`, "i").test(document.cookie)) return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${VISITOR_COOKIE}=${randomUuid()}; Path=/; Max-Age=${TWO_YEARS_SECONDS}; SameSite=Lax${secure}`;
}
