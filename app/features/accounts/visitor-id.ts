// cookie_user_id: a first-party visitor id, for attributing leads and favourites later and for the
// per-visitor limits. The server issues and signs it (visitor-id.server.ts) by a request of its
// own, asked for here on the first navigation without one (and once per tab session, so a
// cookie signed with a replaced secret is signed again), so cached public pages stay shared.
// Its value is `<uuid>.<signature>`; the server reads only the UUID of a valid signature.

export const VISITOR_COOKIE = "cookie_user_id";
export const VISITOR_ID_PATH = "/visitor-id";
export const VISITOR_COOKIE_MAX_AGE = 2 * 365 * 24 * 3600;

/** A signed visitor id: an unsigned UUID (the cookie before it was signed) is asked to be replaced. */
const SIGNED = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=[0-9a-f-]{36}\\.[\\w-]{43}(?:;|$)`, "i");

/** Set once the server has seen this tab's cookie: it re-signs one whose signature no longer holds (a new AUTH_SECRET). */
const CHECKED_KEY = "visitor-id-checked";

function checkedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(CHECKED_KEY) === "1";
  } catch {
    return false;
  }
}

export function ensureVisitorId(): void {
  if (SIGNED.test(document.cookie) && checkedThisSession()) return;
  // Nothing waits for it: without an id, the server counts this visitor by address meanwhile.
  void fetch(VISITOR_ID_PATH, { method: "POST", credentials: "same-origin" })
    .then((answer) => {
      if (answer.ok) window.sessionStorage.setItem(CHECKED_KEY, "1");
    })
    .catch(() => {});
}
