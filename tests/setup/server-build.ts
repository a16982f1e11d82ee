import type { ServerBuild } from "react-router";

/**
 * A React Router server build made by hand, for tests of what sits around React Router (the
 * Express handler, the entry's rendering): an entry module and routes, the rest as a build has it.
 */
export function handMadeServerBuild({
  entry,
  routes,
  assetRoutes = {},
}: {
  entry: Record<string, unknown>;
  routes: Record<string, unknown>;
  assetRoutes?: Record<string, unknown>;
}): ServerBuild {
  return {
    entry: { module: entry },
    routes,
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: assetRoutes,
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    basename: "/",
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** A route of such a build. */
export function handMadeRoute(id: string, path: string | undefined, module: Record<string, unknown>, parentId?: string) {
  return {
    id,
    path,
    parentId,
    module,
    index: undefined,
    caseSensitive: undefined,
  };
}

/** A route as the build's assets manifest lists it. */
export function handMadeAssetRoute(id: string, parentId?: string, hasErrorBoundary = false) {
  return {
    id,
    parentId,
    path: id,
    module: `/${id}.js`,
    hasLoader: true,
    hasAction: false,
    hasClientLoader: false,
    hasClientAction: false,
    hasErrorBoundary,
    imports: [],
  };
}
