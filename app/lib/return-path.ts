// Where a visitor is sent back to after signing in, saving a favourite or changing a photo: a
// path of this site, never another host. Every return address taken from a request goes through
// safeReturnPath, on the server and in the browser alike.

const BASE = "http://voitura.invalid";
/** Control characters (tabs and newlines, which browsers drop from an address) and backslashes (which they read as slashes). */
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;
/** How many rounds of percent-decoding are looked through: "%252F" is "%2F" once decoded, then "/". */
const DECODING_ROUNDS = 3;

/** Whether one spelling of the path (as sent, or decoded) would point a browser at another host. */
function pointsElsewhere(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || UNSAFE_CHARACTERS.test(path)) return true;
  // Dot segments are resolved as a browser would: "/.//evil.com" and "/..//evil.com" become "//evil.com".
  const resolved = new URL(path, BASE);
  return resolved.origin !== BASE || resolved.pathname.startsWith("//");
}

/**
 * The same-site path `value` names (normalised, with its query and fragment), or `fallback` when
 * it is not a string, is longer than `maxLength`, or, as sent or percent-decoded, is not a path
 * or resolves to `//host` or `\\host`.
 */
export function safeReturnPath(value: unknown, fallback: string, maxLength = 2000): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (path.length === 0 || path.length > maxLength) return fallback;
  try {
    if (pointsElsewhere(path)) return fallback;
    const resolved = new URL(path, BASE);
    let spelling = resolved.pathname;
    for (let round = 0; round < DECODING_ROUNDS; round++) {
      const decoded = decodeURIComponent(spelling);
      if (decoded === spelling) break;
      if (pointsElsewhere(decoded)) return fallback;
      spelling = decoded;
    }
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    // A malformed escape ("%E0%A4%A") or an address the URL parser refuses.
    return fallback;
  }
}
