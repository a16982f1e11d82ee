import type { Plugin } from "vite";
import { type TextPatch, textPatchHooks } from "./text-patches";

// React Router rebuilds, on every server render, what depends only on the build: the table of
// route modules, `ServerRouter`'s route objects, `createStaticRouter`'s data routes, and the
// partial manifest `<Scripts>` prints (every parent path of the URL matched against every route),
// and the descriptors `<Links>` prints (the matched routes' links() and CSS, deduplicated).
// Together a tenth of a small page's main thread (decision 012). It also matches each request's
// path against every route twice (the request handler, then the static handler's query), hands
// each loader a copy of the request made only to drop two parameters the URL rarely has, and a
// `<Link>` to a plain path
// prints its href without resolving it. This plugin, for the server build
// only, keeps each answer: the first three once per build, the manifest's script per parent path
// and matched routes, the links per matched routes. React Router is bundled into the server build for it (its version pinned);
// the build stops if a patched line is not found, so an upgrade is reviewed here.

/**
 * What the partial manifest of a URL depends on: its parent paths (React Router never matches the
 * last segment for it) and the routes the URL matched. "/a/b/c" and "/a/b/d/" share "/a/b/".
 */
export function partialManifestKey(pathname: string, routeIds: string[]): string {
  const parent = pathname.replace(/\/+$/, "");
  return `${parent.slice(0, parent.lastIndexOf("/") + 1)}\0${routeIds.join("\0")}`;
}

/**
 * A `<Link>` to a plain absolute path (no empty "?" or "#", no "//", no backslash) prints `to` as
 * its href: what React Router's href resolution gives for it, without that work (about 10 µs a
 * link). Anything else takes React Router's own way.
 */
export const PLAIN_PATH = /^\/(?![/\\])[^?#\\]*(?:\?[^#\\]+)?(?:#[^\\]+)?$/;

/**
 * Whether a loader or action may be handed the request as it came: React Router copies it (a new
 * URL and a new Request, twice, for every loader of every page: 20 µs each) to drop its own
 * `index` and `_routes` parameters, and the copy's query is re-serialised as a form's would be.
 * Handed as is only when that copy would have the very same URL: no such parameter, and a query
 * already written as the form serialisation writes it (or none at all).
 */
export function routerRequestAsIs(url: string): boolean {
  const at = url.indexOf("?");
  if (at < 0) return !url.includes("#");
  const search = url.slice(at + 1);
  if (search === "" || search.includes("#")) return false;
  const params = new URLSearchParams(search);
  return !params.has("index") && !params.has("_routes") && params.toString() === search;
}

/** React Router's `<Link>` as installed begins so: the props it takes for itself, then the anchor's. */
const LINK_HEADER = `  function LinkWithRef({
    onClick,
    discover = "render",
    prefetch = "none",
    relative,
    reloadDocument,
    replace: replace2,
    mask,
    state,
    target,
    to,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    ...rest
  }, forwardedRef) {`;
/** The header's destructuring pattern, which the patched `<Link>` applies to its props in its body. */
const LINK_PATTERN = LINK_HEADER.slice(LINK_HEADER.indexOf("{") + 1, LINK_HEADER.lastIndexOf("}, forwardedRef) {"));
/** The props `<Link>` takes for itself, read from its pattern (`replace: replace2` is "replace"). */
const LINK_OWN_PROPS = [...LINK_PATTERN.matchAll(/^ {4}(\w+)/gm)].map((match) => match[1]);

const KEEP_HELPER = `
const __voituraRequestAsIs = ${routerRequestAsIs.toString()};
const __voituraKept = new WeakMap();
/** One answer per owner object (the build's routes, its manifest's routes, its server routes). */
function __voituraKeep(owner, make) {
  let kept = __voituraKept.get(owner);
  if (kept === undefined) {
    kept = make();
    __voituraKept.set(owner, kept);
  }
  return kept;
}
const __voituraPartialManifestKey = ${partialManifestKey.toString()};
const __voituraPlainPath = ${PLAIN_PATH.toString()};
const __voituraMatchesKept = new WeakMap();
/**
 * A path's matches against the build's ranked routes (the branches the static handler ranks once):
 * kept per branches and path, at most 2,000 paths (URLs are the visitor's). Each caller gets its
 * own copies of the match objects and their params (React Router assigns to them), sharing one
 * params object per answer as React Router's own matches do. Routes ranked on the fly (no
 * branches given) are matched as React Router does.
 */
function __voituraMatchRoutes(branches, decoded, allowPartial, match) {
  if (branches === undefined) return match();
  let kept = __voituraMatchesKept.get(branches);
  if (kept === undefined) {
    kept = new Map();
    __voituraMatchesKept.set(branches, kept);
  }
  const key = (allowPartial ? "p" : "w") + decoded;
  let matches = kept.get(key);
  if (matches === undefined) {
    matches = match();
    if (kept.size >= 2000) kept.delete(kept.keys().next().value);
    kept.set(key, matches);
  }
  if (matches === null) return null;
  const params = new Map();
  return matches.map((found) => {
    let copy = params.get(found.params);
    if (copy === undefined) {
      copy = { ...found.params };
      params.set(found.params, copy);
    }
    return { ...found, params: copy };
  });
}
const __voituraManifestScripts = new WeakMap();
/**
 * The partial manifest's JSON depends on the URL's parent paths (the last segment is never
 * matched) and the routes it matched: kept per build manifest, at most 2,000 keys (URLs are the
 * visitor's), each text shared by every key that gives it.
 */
function __voituraPartialManifestJson(manifest, router) {
  let kept = __voituraManifestScripts.get(manifest);
  if (kept === undefined) {
    kept = { byKey: new Map(), byText: new Map() };
    __voituraManifestScripts.set(manifest, kept);
  }
  const key = __voituraPartialManifestKey(router.state.location.pathname, router.state.matches.map((m) => m.route.id));
  let json = kept.byKey.get(key);
  if (json === undefined) {
    json = JSON.stringify(getPartialManifest(manifest, router));
    json = kept.byText.get(json) ?? json;
    kept.byText.set(json, json);
    if (kept.byKey.size >= 2000) kept.byKey.delete(kept.byKey.keys().next().value);
    kept.byKey.set(key, json);
  }
  return json;
}
const __voituraKeyedLinksKept = new WeakMap();
/**
 * <Links>' descriptors depend only on the build (its route modules' links(), its manifest's CSS
 * and module preloads) and the routes matched: kept per manifest and matched route ids. The
 * routes are the build's, so the keys are few. The descriptors are only read.
 */
function __voituraKeyedLinks(matches, routeModules, manifest, compute) {
  let kept = __voituraKeyedLinksKept.get(manifest);
  if (kept === undefined) {
    kept = { routeModules, byRoutes: new Map() };
    __voituraKeyedLinksKept.set(manifest, kept);
  }
  if (kept.routeModules !== routeModules) return compute();
  const key = matches.map((m) => m.route.id).join("\\0");
  let links = kept.byRoutes.get(key);
  if (links === undefined) {
    links = compute();
    kept.byRoutes.set(key, links);
  }
  return links;
}
/**
 * A <Link> to a plain absolute path (PLAIN_PATH) as React Router's own server render prints it,
 * or null for anything else, which takes React Router's way. The anchor's attributes are the
 * props Link does not take for itself, in their order, then href, target and data-discover.
 */
const __voituraLinkOwnProps = new Set(${JSON.stringify(LINK_OWN_PROPS)});
function __voituraPlainLink(props, basename, createElement) {
  const to = props.to;
  if (basename !== "/" || props.mask || props.prefetch === "render" || (props.discover !== undefined && props.discover !== "render")) return null;
  if (typeof to !== "string" || !__voituraPlainPath.test(to)) return null;
  const attributes = {};
  for (const key in props) if (!__voituraLinkOwnProps.has(key)) attributes[key] = props[key];
  attributes.href = to;
  attributes.target = props.target;
  attributes["data-discover"] = "true";
  return createElement("a", attributes);
}
`;

/**
 * The hydration data's encoder (turbo-stream, bundled in React Router) read the clock for every
 * value it wrote, though it looks at the time only every 6,000th, and made a new closure and two
 * arrays for every object: about 2 % of a search page's main thread (600 values). The same text
 * comes out, value by value in the same order.
 */
const HANDOFF_ENCODER_PATCH: TextPatch = {
  find: `  let i = 0;
  while (stack.length > 0) {
    const now = getNow();
    if (++i % 6e3 === 0 && now - lastYieldTime >= TIME_LIMIT_MS) {
      await yieldToMain();
      lastYieldTime = getNow();
    }
    const [input, index] = stack.pop();
    const partsForObj = (obj) => Object.keys(obj).map((k) => \`"_\${flattenValue(k)}":\${flattenValue(obj[k])}\`).join(",");`,
  replace: `  let i = 0;
  const partsForObj = (obj) => {
    const keys = Object.keys(obj);
    let parts = "";
    for (let k = 0; k < keys.length; k++) parts += (k ? "," : "") + \`"_\${flattenValue(keys[k])}":\${flattenValue(obj[keys[k]])}\`;
    return parts;
  };
  while (stack.length > 0) {
    if (++i % 6e3 === 0 && getNow() - lastYieldTime >= TIME_LIMIT_MS) {
      await yieldToMain();
      lastYieldTime = getNow();
    }
    const [input, index] = stack.pop();`,
};

const PATCHES: TextPatch[] = [
  {
    find: `    request: future.v8_passThroughRequests ? args.request : stripRoutesParam(stripIndexParam(args.request)),`,
    replace: `    request: future.v8_passThroughRequests || __voituraRequestAsIs(args.request.url) ? args.request : stripRoutesParam(stripIndexParam(args.request)),`,
  },
  {
    find: `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;`,
    replace: `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let decoded = decodePath(pathname);
  return __voituraMatchRoutes(precomputedBranches, decoded, allowPartial, () => {
  let matches = null;
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;
  });`,
  },
  {
    find: `createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  )`,
    replace: (call) => `__voituraKeep(manifest.routes, () => ${call})`,
  },
  {
    find: `      routeModules: createEntryRouteModules(build.routes),`,
    replace: `      routeModules: __voituraKeep(build.routes, () => createEntryRouteModules(build.routes)),`,
  },
  {
    find: `
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: (conversion) => `
  let { manifest, dataRoutes } = __voituraKeep(routes, () => {${conversion}
    return { manifest, dataRoutes };
  });`,
  },
  {
    // On the server a component renders once: returning before React Router's hooks is safe there
    // (and only there: this build only). The props are taken apart only on React Router's own way:
    // V8 copies a rest pattern that leaves out named keys through a slow runtime call. Profiled
    // under load, the model page's links fell from 3.2 to 1.7 % of its main thread.
    find: LINK_HEADER,
    replace: `  function LinkWithRef(__voituraLinkProps, forwardedRef) {
    const __voituraLink = __voituraPlainLink(__voituraLinkProps, React10.useContext(NavigationContext).basename, React10.createElement);
    if (__voituraLink !== null) return __voituraLink;
    let {${LINK_PATTERN}} = __voituraLinkProps;`,
  },
  {
    find: `window.__reactRouterManifest = \${JSON.stringify(
        getPartialManifest(manifest, router),
        null,
        2
      )};`,
    replace: `window.__reactRouterManifest = \${__voituraPartialManifestJson(manifest, router)};`,
  },
  {
    find: `  let keyedLinks = React8.useMemo(
    () => getKeyedLinksForMatches(matches, routeModules, manifest),
    [matches, routeModules, manifest]
  );`,
    replace: `  let keyedLinks = React8.useMemo(
    () => __voituraKeyedLinks(matches, routeModules, manifest, () => getKeyedLinksForMatches(matches, routeModules, manifest)),
    [matches, routeModules, manifest]
  );`,
  },
  HANDOFF_ENCODER_PATCH,
];

const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/][^\\/]+\.mjs$/;

export function reactRouterServerMemo(): Plugin {
  return {
    name: "voitura:react-router-server-memo",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    ...textPatchHooks({
      label: "react-router-server-memo",
      dependency: "React Router",
      source: "server/react-router-memo.vite.ts",
      appliesTo: (id) => REACT_ROUTER_DIST.test(id),
      patches: PATCHES,
      prefix: KEEP_HELPER,
    }),
  };
}
