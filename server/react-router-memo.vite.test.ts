import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { partialManifestKey, reactRouterServerMemo, routerRequestAsIs } from "./react-router-memo.vite";

// The patch of React Router's server render (decision 012): it must still find every line it
// patches in the installed version, and its key must name everything the manifest depends on.

describe("a request handed to loaders as it came", () => {
  // React Router's copy for a loader (stripIndexParam, then stripRoutesParam in
  // lib/server-runtime/data.ts): its `index` parameters with an empty value and its `_routes`
  // parameters removed through the URL's searchParams, which re-serialises the query.
  function reactRoutersCopy(href: string): string {
    const url = new URL(href);
    const kept = url.searchParams.getAll("index").filter(Boolean);
    url.searchParams.delete("index");
    for (const value of kept) url.searchParams.append("index", value);
    const again = new URL(url.href);
    again.searchParams.delete("_routes");
    return again.href;
  }

  const URLS = [
    "http://localhost:3000/",
    "http://localhost:3000/guide-auto/voitures-neuves/marque/toyota/modele/2-corolla-cross",
    "http://localhost:3000/marche-doccasion/rechercher?price_max=400000&year_min=2018&transmission=automatic&body=suv&province=gauteng&sort=price-asc",
    "http://localhost:3000/guide-auto/voitures-neuves/marque/toyota/modele/2-corolla-cross?avis=2&tri=utiles",
    "http://localhost:3000/voitures-neuves/recherche?q=corolla+cross",
    "http://localhost:3000/voitures-neuves/recherche?q=corolla%20cross",
    "http://localhost:3000/voitures-neuves/recherche?q=caf%C3%A9",
    "http://localhost:3000/voitures-neuves/recherche?q=a~b*c",
    "http://localhost:3000/voitures-neuves/recherche?flag",
    "http://localhost:3000/voitures-neuves/recherche?",
    "http://localhost:3000/voitures-neuves/recherche?a=1&&b=2",
    "http://localhost:3000/newsletter?index",
    "http://localhost:3000/newsletter?index=",
    "http://localhost:3000/newsletter?index=1",
    "http://localhost:3000/newsletter?_routes=root",
    "http://localhost:3000/newsletter?%69ndex=",
    "http://localhost:3000/actualite-auto?page=2#latest",
  ];

  it("is handed as it came only when React Router's copy would have the same URL", () => {
    for (const href of URLS) {
      const same = reactRoutersCopy(href) === href;
      if (routerRequestAsIs(href)) expect(same, href).toBe(true);
    }
    // The common pages are handed as they came.
    expect(routerRequestAsIs(URLS[1]!)).toBe(true);
    expect(routerRequestAsIs(URLS[2]!)).toBe(true);
    expect(routerRequestAsIs(URLS[3]!)).toBe(true);
    expect(routerRequestAsIs(URLS[4]!)).toBe(true);
    expect(routerRequestAsIs(URLS[6]!)).toBe(true);
    // React Router's own parameters and queries it would rewrite are copied as before.
    for (const href of [URLS[5]!, URLS[7]!, ...URLS.slice(8)]) expect(routerRequestAsIs(href), href).toBe(false);
  });
});

describe("the partial manifest's key", () => {
  it("is the URL's parent path and the matched routes", () => {
    expect(partialManifestKey("/marche-doccasion/annonce/29-ford", ["root", "ad"])).toBe("/marche-doccasion/annonce/\0root\0ad");
    expect(partialManifestKey("/marche-doccasion/annonce/31-kia/", ["root", "ad"])).toBe("/marche-doccasion/annonce/\0root\0ad");
    expect(partialManifestKey("/a-propos-de-nous", ["root", "about"])).toBe("/\0root\0about");
    expect(partialManifestKey("/", ["root", "home"])).toBe("\0root\0home");
  });

  it("differs when the parents or the matches differ", () => {
    expect(partialManifestKey("/guide-auto/x/y", ["root", "a"])).not.toBe(partialManifestKey("/guide-auto/z/y", ["root", "a"]));
    expect(partialManifestKey("/guide-auto/x/y", ["root", "a"])).not.toBe(partialManifestKey("/guide-auto/x/y", ["root", "b"]));
  });
});

/** The plugin's context in a build: an error stops it. */
const buildContext = {
  error(message: string): never {
    throw new Error(message);
  },
};

describe("the patch of React Router's server render", () => {
  const dist = path.resolve("node_modules/react-router/dist/development");
  const files = fs.readdirSync(dist).filter((name) => name.endsWith(".mjs"));

  function transformAll(plugin: Plugin): { patched: string[]; errors: string[] } {
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const patched: string[] = [];
    for (const name of files) {
      const id = path.join(dist, name);
      const result = transform.call(buildContext, fs.readFileSync(id, "utf8"), id);
      if (result) patched.push(result.code);
    }
    const errors: string[] = [];
    (plugin.buildEnd as (this: unknown) => void).call({ error: (message: string) => errors.push(message) });
    return { patched, errors };
  }

  it("finds every line it patches in the installed React Router, once", () => {
    const { patched, errors } = transformAll(reactRouterServerMemo());
    expect(errors).toEqual([]);
    const code = patched.join("\n");
    expect(code).toContain("__voituraKeep(manifest.routes, () => createServerRoutes(");
    expect(code).toContain("routeModules: __voituraKeep(build.routes, () => createEntryRouteModules(build.routes)),");
    expect(code).toContain("let { manifest, dataRoutes } = __voituraKeep(routes, () => {\n  let manifest = {};\n  let dataRoutes = convertRoutesToDataRoutes(");
    expect(code).toContain("window.__reactRouterManifest = ${__voituraPartialManifestJson(manifest, router)};");
    expect(code).not.toContain("getPartialManifest(manifest, router),\n        null,\n        2");
    expect(code).toContain("return __voituraMatchRoutes(precomputedBranches, decoded, allowPartial, () => {");
    expect(code).toContain("request: future.v8_passThroughRequests || __voituraRequestAsIs(args.request.url) ? args.request");
    expect(code).not.toContain("const now = getNow();");
    expect(code).toContain("() => __voituraKeyedLinks(matches, routeModules, manifest, () => getKeyedLinksForMatches(matches, routeModules, manifest)),");
  });

  it("leaves files it does not patch alone, and stops the build when a line is gone", () => {
    const plugin = reactRouterServerMemo();
    const transform = plugin.transform as (code: string, id: string) => unknown;
    expect(transform.call(buildContext, "export const x = 1;", path.join(dist, "other.mjs"))).toBeNull();
    expect(transform.call(buildContext, "let routes = createServerRoutes(", "/app/routes.ts")).toBeNull();
    const twice = "let routes = createServerRoutes(\n    manifest.routes,\n    routeModules,\n    context.future,\n    context.isSpaMode\n  );\n";
    expect(() => transform.call(buildContext, twice + twice, path.join(dist, "twice.mjs"))).toThrow(/found twice/);
    const errors: string[] = [];
    (plugin.buildEnd as (this: unknown) => void).call({ error: (message: string) => errors.push(message) });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/9 patch\(es\) no longer match/);
  });
});

/**
 * React Router's chunk holding `text`, as installed or as the server build patches it (written
 * beside the project's packages, so that its import of react resolves).
 */
async function loadReactRouterChunk(text: string, patch: boolean): Promise<Record<string, unknown>> {
  const dist = path.resolve("node_modules/react-router/dist/development");
  const chunk = fs.readdirSync(dist).find((name) => name.endsWith(".mjs") && fs.readFileSync(path.join(dist, name), "utf8").includes(text))!;
  const source = path.join(dist, chunk);
  if (!patch) return import(pathToFileURL(source).href);
  const transform = reactRouterServerMemo().transform as (code: string, id: string) => { code: string };
  const folder = path.resolve("node_modules/.cache/voitura-react-router-memo");
  fs.mkdirSync(folder, { recursive: true });
  const patched = path.join(folder, chunk);
  fs.writeFileSync(patched, transform.call(buildContext, fs.readFileSync(source, "utf8"), source).code);
  return import(pathToFileURL(patched).href);
}

describe("a <Link> to a plain path on the server", () => {
  // React Router's chunk that holds <Link>, as installed and as the server build patches it,
  // each rendering the same links inside its own static router.
  const load = (patch: boolean) => loadReactRouterChunk("var Link = React10.forwardRef", patch);

  const LINKS: Record<string, unknown>[] = [
    { to: "/" },
    { to: "/guide-auto/voitures-neuves", className: "btn-primary", children: "New cars" },
    { to: "/marche-doccasion/rechercher?body=suv&sort=price-asc", "aria-label": "SUVs", target: "_self", prefetch: "intent" },
    { to: "/actualite-auto#latest", id: "news", onClick: () => {}, title: "News" },
    { to: "/guide-auto/", rel: "next", prefetch: "viewport" },
    { to: "/a-propos-de-nous", discover: "none" },
    { to: "/guide-auto/outils", discover: "render", prefetch: "none", relative: "path", preventScrollReset: true, viewTransition: true, "data-kind": "tool" },
    { to: "/faq", discover: null, className: "quiet" },
    { to: "/plan-du-site", href: "/ignored", style: { color: "red" }, defaultShouldRevalidate: false },
    { to: "/contactez-nous", reloadDocument: true, replace: true, state: { from: "x" } },
    { to: "/comparateur", prefetch: "render" },
    { to: "/recherche?", children: "empty query" },
    { to: "/recherche#" },
    { to: "../voisin" },
    { to: "photos" },
    { to: "//cdn.example.test/x.png" },
    { to: "https://www.example.test/" },
    { to: { pathname: "/objet", search: "?a=1" } },
  ];

  async function page(patch: boolean): Promise<string> {
    const rr = await load(patch);
    const createStaticHandler = (rr.createStaticHandler2 ?? rr.createStaticHandler) as (routes: unknown[]) => {
      dataRoutes: unknown[];
      query: (request: Request) => Promise<unknown>;
    };
    const createStaticRouter = rr.createStaticRouter as (routes: unknown[], context: unknown) => unknown;
    const Link = rr.Link as React.ComponentType<Record<string, unknown>>;
    const links = () => createElement("nav", null, ...LINKS.map((props, i) => createElement(Link, { key: i, children: `link ${i}`, ...props })));
    const handler = createStaticHandler([{ id: "page", path: "/annonces/*", Component: links }]);
    const context = await handler.query(new Request("http://localhost/annonces/toyota/hilux"));
    const router = createStaticRouter(handler.dataRoutes, context);
    return renderToString(createElement(rr.StaticRouterProvider as React.ComponentType<Record<string, unknown>>, { router, context, hydrate: false }));
  }

  it("prints the same HTML as React Router, plain paths and the rest", async () => {
    const [asInstalled, patched] = await Promise.all([page(false), page(true)]);
    expect(asInstalled).toContain('href="/marche-doccasion/rechercher?body=suv&amp;sort=price-asc"');
    expect(asInstalled).toContain('href="/annonces/toyota/hilux/photos"');
    expect(patched).toBe(asInstalled);
  });
});

describe("a path matched against the build's routes", () => {
  const load = (patch: boolean) => loadReactRouterChunk("function matchRoutesImpl(", patch);

  type Match = { params: Record<string, string>; pathname: string; pathnameBase: string; route: { id: string } };
  type MatchRoutesImpl = (routes: unknown[], location: string, basename: string, allowPartial: boolean, branches?: unknown[]) => Match[] | null;

  const ROUTES = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "home", index: true },
        { id: "about", path: "a-propos-de-nous" },
        { id: "model", path: "guide-auto/voitures-neuves/marque/:brand/modele/:model" },
        { id: "ad", path: "marche-doccasion/annonce/:slug" },
        { id: "optional", path: "actualite-auto/:category?" },
        { id: "splat", path: "medias/*" },
      ],
    },
  ];
  const PATHS = [
    "/",
    "/a-propos-de-nous",
    "/guide-auto/voitures-neuves/marque/toyota/modele/2-corolla-cross",
    "/marche-doccasion/annonce/29-2024-ford-everest",
    "/marche-doccasion/annonce/caf%C3%A9",
    "/actualite-auto",
    "/actualite-auto/industrie",
    "/medias/a/b.jpg",
    "/nowhere/at/all",
  ];
  const summary = (matches: Match[] | null) => matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase }));

  it("finds what React Router finds, and hands each caller its own matches", async () => {
    const [installed, patched] = await Promise.all([load(false), load(true)]);
    const routesOf = (rr: Record<string, unknown>) => (rr.convertRoutesToDataRoutes as (routes: unknown[], map: (r: unknown) => object) => unknown[])(ROUTES, () => ({}));
    const branchesOf = (rr: Record<string, unknown>, routes: unknown[]) => {
      const handler = (rr.createStaticHandler as (routes: unknown[]) => { _internalRouteBranches: unknown[] })(routes);
      return handler._internalRouteBranches;
    };
    const installedRoutes = routesOf(installed);
    const patchedRoutes = routesOf(patched);
    const installedBranches = branchesOf(installed, installedRoutes);
    const patchedBranches = branchesOf(patched, patchedRoutes);
    const installedMatch = installed.matchRoutesImpl as MatchRoutesImpl;
    const patchedMatch = patched.matchRoutesImpl as MatchRoutesImpl;
    for (const partial of [false, true]) {
      for (const pathname of PATHS) {
        const expected = summary(installedMatch(installedRoutes, pathname, "/", partial, installedBranches));
        const first = patchedMatch(patchedRoutes, pathname, "/", partial, patchedBranches);
        expect(summary(first)).toEqual(expected);
        // Asked again (from what is kept): the same answer, in objects of its own.
        const again = patchedMatch(patchedRoutes, pathname, "/", partial, patchedBranches);
        expect(summary(again)).toEqual(expected);
        if (first && again) {
          expect(again[0]).not.toBe(first[0]);
          expect(again[0]!.params).not.toBe(first[0]!.params);
          // One params object per answer, as React Router shares it between the matches.
          expect(new Set(again.map((m) => m.params)).size).toBe(1);
          first[first.length - 1]!.params.brand = "changed";
          expect(summary(patchedMatch(patchedRoutes, pathname, "/", partial, patchedBranches))).toEqual(expected);
        }
      }
    }
    // Without ranked branches React Router ranks the routes itself, as installed.
    expect(summary(patchedMatch(patchedRoutes, PATHS[2]!, "/", false))).toEqual(summary(installedMatch(installedRoutes, PATHS[2]!, "/", false)));
  });
});

describe("the hydration data's encoder", () => {
  const load = (patch: boolean) => loadReactRouterChunk("function encode(input, options)", patch);

  class Price {
    constructor(public rand: number) {}
  }
  // Every kind of value the encoder writes, shared references and a deferred value included.
  function value() {
    const shared = { slug: "corolla-cross", name: "Corolla Cross – déjà vu 🚗" };
    const empty: unknown[] = [];
    empty[2] = "after a hole";
    return {
      root: { menus: [shared, shared, { ...shared, slug: "hilux" }], count: 0, negative: -0, nothing: null, missing: undefined },
      numbers: [1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 10n],
      when: new Date("2026-11-29T08:00:00Z"),
      where: new URL("https://voitura.example/guide-auto"),
      pattern: /corolla\s+cross/gi,
      sets: new Set(["petrol", "diesel"]),
      maps: new Map<unknown, unknown>([["brand", shared], [1, empty]]),
      bare: Object.assign(Object.create(null) as Record<string, unknown>, { key: "value" }),
      error: new TypeError("bad input"),
      symbol: Symbol.for("voitura"),
      instance: new Price(415_900),
      later: Promise.resolve({ reviews: [shared] }),
      many: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Car ${i}`, tags: [`t${i % 3}`] })),
    };
  }

  async function encoded(patch: boolean): Promise<string> {
    const rr = await load(patch);
    const encode = rr.encode as (input: unknown, options: object) => ReadableStream<Uint8Array>;
    const stream = encode(value(), {
      plugins: [(v: unknown) => (v instanceof Error ? ["SanitizedError", v.name, v.message] : undefined)],
      postPlugins: [(v: unknown) => (v && typeof v === "object" ? ["SingleFetchClassInstance", Object.fromEntries(Object.entries(v))] : undefined)],
    });
    return new Response(stream).text();
  }

  it("writes the same text as React Router's own", async () => {
    const [asInstalled, patched] = await Promise.all([encoded(false), encoded(true)]);
    expect(asInstalled).toContain("Corolla Cross – déjà vu 🚗");
    expect(asInstalled.split("\n").length).toBeGreaterThan(2);
    expect(patched).toBe(asInstalled);
  });
});
