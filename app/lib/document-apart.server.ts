import type { EntryContext, ServerBuild } from "react-router";
import type { ServerHtml } from "./server-render";
import { ENDED_HANDOFF, type HandoffRead, keptHandoffReads } from "./whole-document.server";

/**
 * A document to render on another thread (decision 021): what the entry's render reads of the
 * request, as plain data a worker can be handed. React Router's context is rebuilt from it on the
 * other side with that thread's own copy of the build (the routes, their modules, the manifest),
 * so only what differs per request crosses: the matched routes by id, their data, the hydration
 * data already read to its end, the nonce.
 */
export interface DocumentApart {
  url: string;
  nonce: string | undefined;
  requestId: string | undefined;
  fragments: ServerHtml;
  printed: Map<string, unknown> | undefined;
  router: {
    basename: StaticContext["basename"];
    location: StaticContext["location"];
    matches: { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; routeId: string }[];
    loaderData: StaticContext["loaderData"];
    actionData: StaticContext["actionData"];
    statusCode: number;
    serverHandoffString: string | undefined;
    /** The hydration data stream's reads, in order (app/lib/whole-document.server.tsx). */
    handoffReads: HandoffRead[];
  };
}

type StaticContext = EntryContext["staticHandlerContext"];

/**
 * The document as data for another thread, given its hydration data as readHandoffAhead read it,
 * or null when it must render here: an error page (its errors are Error objects and React
 * Router's own responses) or an SPA shell.
 */
export function documentApart(
  routerContext: EntryContext,
  handoffReads: HandoffRead[],
  request: { url: string; nonce: string | undefined; requestId: string | undefined; fragments: ServerHtml; printed: Map<string, unknown> | undefined },
): DocumentApart | null {
  const context = routerContext.staticHandlerContext;
  if (routerContext.isSpaMode || context.errors != null) return null;
  return {
    ...request,
    router: {
      basename: context.basename,
      location: context.location,
      matches: context.matches.map((match) => ({ params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase, routeId: match.route.id })),
      loaderData: context.loaderData,
      actionData: context.actionData,
      statusCode: context.statusCode,
      serverHandoffString: routerContext.serverHandoffString,
      handoffReads,
    },
  };
}

/** Route modules by id, once per build (React Router makes the same table on every request). */
const routeModulesOf = new WeakMap<ServerBuild, EntryContext["routeModules"]>();

/** React Router's entry context for a document handed over, from this thread's copy of the build. */
export function entryContextFor(document: DocumentApart, build: ServerBuild): EntryContext {
  let routeModules = routeModulesOf.get(build);
  if (!routeModules) {
    routeModules = {};
    for (const [id, route] of Object.entries(build.routes)) if (route) routeModules[id] = route.module as EntryContext["routeModules"][string];
    routeModulesOf.set(build, routeModules);
  }
  const { router } = document;
  const staticHandlerContext = {
    basename: router.basename,
    location: router.location,
    // ServerRouter and createStaticRouter read a match's route by its id only.
    matches: router.matches.map(({ routeId, ...match }) => ({ ...match, route: { id: routeId } })),
    loaderData: router.loaderData,
    actionData: router.actionData,
    errors: null,
    statusCode: router.statusCode,
    loaderHeaders: {},
    actionHeaders: {},
  } as unknown as StaticContext;
  return {
    manifest: build.assets,
    routeModules,
    staticHandlerContext,
    serverHandoffString: router.serverHandoffString,
    serverHandoffStream: ENDED_HANDOFF,
    renderMeta: { streamCache: keptHandoffReads(router.handoffReads) } as EntryContext["renderMeta"],
    future: build.future,
    ssr: build.ssr,
    routeDiscovery: build.routeDiscovery,
    isSpaMode: false,
    // Only documents without errors are handed over: nothing to serialise.
    serializeError: (error: Error) => ({ message: error.message, stack: undefined }),
  } as EntryContext;
}
