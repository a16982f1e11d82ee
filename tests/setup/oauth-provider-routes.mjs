// Preloaded into the end-to-end server that signs in with Google and Facebook
// (node --import ./tests/setup/oauth-provider-routes.mjs server/main.js): the server's calls
// to the providers' hard-coded endpoints go to the local OAuth 2.0 / OpenID provider the test
// started instead. The app itself is unchanged; only this test process's fetch is rerouted.
//   OAUTH_TEST_ISSUER  the local provider (token and keys endpoints)
//   OAUTH_TEST_GRAPH   the local stand-in for Facebook's Graph API (debug_token, /me)
import { Agent, setGlobalDispatcher } from "undici";

const issuer = process.env.OAUTH_TEST_ISSUER;
const graph = process.env.OAUTH_TEST_GRAPH;
if (!issuer || !graph) throw new Error("OAUTH_TEST_ISSUER and OAUTH_TEST_GRAPH must be set");

/** origin + path prefix of a provider endpoint → where the test serves it. */
const routes = [
  { origin: "https://oauth2.googleapis.com", path: "/token", to: issuer, toPath: "/token" },
  { origin: "https://www.googleapis.com", path: "/oauth2/v3/certs", to: issuer, toPath: "/jwks" },
  { origin: "https://graph.facebook.com", path: "/v24.0/oauth/access_token", to: issuer, toPath: "/token" },
  { origin: "https://graph.facebook.com", path: "/debug_token", to: graph, toPath: "/debug_token" },
  { origin: "https://graph.facebook.com", path: "/me", to: graph, toPath: "/me" },
];
const providerOrigins = new Set(routes.map((r) => r.origin));

class ProviderRoutes extends Agent {
  dispatch(options, handler) {
    const origin = String(options.origin).replace(/\/$/, "");
    if (providerOrigins.has(origin)) {
      const [pathname, query = ""] = options.path.split(/\?(.*)/s);
      const route = routes.find((r) => r.origin === origin && pathname === r.path);
      if (!route) throw new Error(`No test route for ${origin}${pathname}`);
      const target = new URL(route.to);
      const headers = stripHost(options.headers);
      return super.dispatch({ ...options, headers, origin: target.origin, path: `${route.toPath}${query ? `?${query}` : ""}` }, handler);
    }
    return super.dispatch(options, handler);
  }
}

/** The Host header named the provider; undici sets the right one from the new origin. */
function stripHost(headers) {
  if (!headers) return headers;
  if (Array.isArray(headers)) {
    const out = [];
    for (let i = 0; i < headers.length; i += 2) {
      if (String(headers[i]).toLowerCase() !== "host") out.push(headers[i], headers[i + 1]);
    }
    return out;
  }
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "host"));
}

setGlobalDispatcher(new ProviderRoutes());
