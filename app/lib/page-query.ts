/**
 * Which query parameters a public page reads (decision 006). A route declares them in its
 * `handle`: `export const handle = { query: ["page"] }` (none: `query: []`). Before the page
 * cache, the server (server/canonical-query.ts) sends a document asked with any other parameter
 * to the address without it (301), and leaves it out of a `.data` request, so nobody can force a
 * render per request by adding `?x=1`, `?x=2`… to a cached page. A route that reads its whole
 * query itself and redirects to its canonical address (the searches, the directory) declares
 * `query: "own"`. A route that declares nothing is left alone.
 *
 * Campaign parameters (utm_* and the ad networks' click ids) stay in the address the visitor
 * sees, where the lead popup reads them, but never reach the render or the cache key: every
 * visitor of a page gets the one cached copy; a redirect the app answers (a search's canonical
 * address, a stale slug) gets them back in its Location.
 */

export interface PageQueryHandle {
  /** The parameter names the route (and its components) read ([] for none), or "own". */
  query?: readonly string[] | "own";
}

/** Parameters set by campaigns and ad networks, read only in the browser. */
export function isCampaignParam(name: string): boolean {
  return /^utm_[a-z_]{1,20}$/i.test(name) || CLICK_IDS.has(name.toLowerCase());
}

const CLICK_IDS = new Set(["gclid", "gbraid", "wbraid", "dclid", "fbclid", "msclkid", "ttclid", "twclid", "li_fat_id", "yclid", "mc_cid", "mc_eid", "_ga", "_gl", "igshid"]);

/** React Router's own parameters on `.data` requests (which routes' loaders to run, index routes). */
const ROUTER_PARAMS = new Set(["_routes", "index"]);

interface QueryVerdict {
  /** The query the app renders from (campaign parameters removed, and unknown ones where declared). */
  renderQuery: string;
  /** For a document with unknown parameters: the query to redirect to (campaign parameters kept). */
  redirectQuery?: string;
  /** The campaign parameters taken out, as written ("utm_source=mail"), for the app's own redirects. */
  campaign: string[];
}

function paramName(part: string): string {
  const raw = part.split("=", 1)[0]!.replace(/\+/g, " ");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const joined = (parts: string[]) => (parts.length ? `?${parts.join("&")}` : "");

/**
 * Sorts the parts of a query (`?a=1&b=2`, or "") as written, byte for byte, so nothing is
 * re-encoded. `accepted` "own": the route reads its query itself, only campaign parameters go.
 */
export function judgeQuery(search: string, accepted: readonly string[] | "own", isData: boolean): QueryVerdict {
  if (search === "" || search === "?") return { renderQuery: "", campaign: [] };
  const parts = search.replace(/^\?/, "").split("&").filter(Boolean);
  const render: string[] = [];
  const redirect: string[] = [];
  const campaign: string[] = [];
  let unknown = false;
  for (const part of parts) {
    const name = paramName(part);
    if (isCampaignParam(name)) {
      redirect.push(part);
      campaign.push(part);
      continue;
    }
    if (accepted === "own" || accepted.includes(name) || (isData && ROUTER_PARAMS.has(name))) {
      render.push(part);
      redirect.push(part);
      continue;
    }
    unknown = true;
  }
  return { renderQuery: joined(render), redirectQuery: unknown && !isData ? joined(redirect) : undefined, campaign };
}

/** A redirect's address with the campaign parameters added back (before any fragment). */
export function withCampaign(location: string, campaign: readonly string[]): string {
  if (campaign.length === 0) return location;
  const hash = location.indexOf("#");
  const [base, fragment] = hash < 0 ? [location, ""] : [location.slice(0, hash), location.slice(hash)];
  return `${base}${base.includes("?") ? "&" : "?"}${campaign.join("&")}${fragment}`;
}
