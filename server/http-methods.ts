import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Which HTTP methods each URL answers, read from the route modules themselves, so a method no
 * route handles is a 405 with an Allow header instead of reaching React Router (which builds a
 * fetch Request, and that refuses TRACE with an error: it used to answer 500).
 *
 * - A loader or a component answers GET and HEAD; an action answers POST (forms). OPTIONS is
 *   answered here for every route. PUT, PATCH, DELETE and the rest reach no form of ours.
 * - A route may name its methods with `handle = { allow: [...] }`; if it also has an action, that
 *   action answers POST, PUT, PATCH and DELETE itself (the product API's own JSON 405).
 * - The catch-all 404 route matches everything: what it cannot take is a 404, not a 405.
 */

interface RouteMethods {
  /** The methods to list in Allow. */
  allow: string[];
  /** The route names its methods and has an action: POST, PUT, PATCH and DELETE go to it. */
  actionDecides: boolean;
  /** The URL is nobody's: only the catch-all route matched. */
  unmatched: boolean;
}

type BuildRoutes = ServerBuild["routes"];
type TreeRoute = RouteObject & { id: string };

const trees = new WeakMap<BuildRoutes, TreeRoute[]>();

/** React Router's route tree from the flat list in the server build (children by parentId). */
function routeTree(routes: BuildRoutes): TreeRoute[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const childrenOf = (parentId: string | undefined): TreeRoute[] =>
    Object.values(routes)
      .filter((r) => r && r.parentId === parentId)
      .map((r) => {
        const children = childrenOf(r!.id);
        return r!.index
          ? { id: r!.id, index: true, path: r!.path }
          : { id: r!.id, path: r!.path, caseSensitive: r!.caseSensitive, children };
      });
  tree = childrenOf(undefined);
  trees.set(routes, tree);
  return tree;
}

/** The page a `.data` request (React Router's client navigations and fetchers) is about. */
export function documentPath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** Paths whose leaf route is known, per build (oldest forgotten first). */
const LEAF_MEMO_SIZE = 2_000;
const leaves = new WeakMap<BuildRoutes, Map<string, string | null>>();

/**
 * The deepest route a URL's path matches (the catch-all 404 route when no other does). Remembered
 * by path: React Router ranks every route again on each match, a few per cent of a search page's
 * render, and a search's path is the same whatever its filters.
 */
export function leafRoute(routes: BuildRoutes, pathname: string): BuildRoutes[string] | undefined {
  const path = documentPath(pathname);
  let memo = leaves.get(routes);
  if (!memo) {
    memo = new Map();
    leaves.set(routes, memo);
  }
  let id = memo.get(path);
  if (id === undefined) {
    const matches = matchRoutes(routeTree(routes), path) ?? [];
    id = matches.length ? (matches[matches.length - 1]!.route as TreeRoute).id : null;
    if (memo.size >= LEAF_MEMO_SIZE) memo.delete(memo.keys().next().value!);
    memo.set(path, id);
  }
  return id === null ? undefined : routes[id];
}

export function routeMethods(routes: BuildRoutes, pathname: string): RouteMethods {
  const leaf = leafRoute(routes, pathname);
  const module = leaf?.module as { loader?: unknown; action?: unknown; default?: unknown; handle?: { allow?: string[] } } | undefined;
  if (!leaf || !module) return { allow: ["GET", "HEAD", "OPTIONS"], actionDecides: false, unmatched: true };
  const allow: string[] = [];
  if (module.handle?.allow) allow.push(...module.handle.allow);
  else {
    if (module.loader || module.default) allow.push("GET", "HEAD");
    if (module.action) allow.push("POST");
  }
  allow.push("OPTIONS");
  return { allow, actionDecides: Boolean(module.action && module.handle?.allow), unmatched: leaf.path === "*" };
}

const ACTION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function plain(res: Response, status: number, text: string, allow?: string[]) {
  if (allow) res.setHeader("Allow", allow.join(", "));
  res.setHeader("Cache-Control", "no-store");
  res.status(status).type("text/plain").send(status === 204 ? undefined : `${status} ${text}\n`);
}

/** Express middleware: OPTIONS, and every method a route does not handle, answered before the app. */
export function methodGuard(build: () => Promise<ServerBuild>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    // Every route answers GET and HEAD (a page, a redirect or the 404 page): no lookup on the hot path.
    if (req.method === "GET" || req.method === "HEAD") return next();
    const methods = routeMethods((await build()).routes, req.path);
    if (methods.unmatched) {
      return req.method === "POST" ? next() : plain(res, 404, "Not Found");
    }
    if (req.method === "OPTIONS") return plain(res, 204, "No Content", methods.allow);
    if (methods.allow.includes(req.method)) return next();
    if (methods.actionDecides && ACTION_METHODS.has(req.method)) return next();
    return plain(res, 405, "Method Not Allowed", methods.allow);
  };
}
