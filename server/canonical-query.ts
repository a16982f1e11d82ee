import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import { judgeQuery, type PageQueryHandle, withCampaign } from "~/lib/page-query";
import { leafRoute } from "./http-methods";

/** A redirect that depends on the address alone: any cache may keep it. */
const REDIRECT_CACHE_CONTROL = "public, max-age=86400";

/**
 * Express middleware before the page cache: the query parameters a public page does not read
 * (app/lib/page-query.ts) never reach the render or the cache key. A document asked with one is
 * sent to the address without it; a `.data` request loses it quietly; campaign parameters are
 * kept in the address but taken out of what the app renders, and put back on its redirects.
 */
export function canonicalQuery(build: () => Promise<ServerBuild>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const at = req.originalUrl.indexOf("?");
    if (at < 0) return next();
    const module = leafRoute((await build()).routes, req.path)?.module as { handle?: PageQueryHandle } | undefined;
    const accepted = module?.handle?.query;
    if (accepted === undefined) return next();
    const search = req.originalUrl.slice(at);
    const verdict = judgeQuery(search, accepted, req.path.endsWith(".data"));
    if (verdict.redirectQuery !== undefined) {
      res.setHeader("cache-control", REDIRECT_CACHE_CONTROL);
      return res.redirect(301, req.originalUrl.slice(0, at) + verdict.redirectQuery);
    }
    if (verdict.campaign.length > 0 && !req.path.endsWith(".data")) keepCampaignOnRedirects(res, verdict.campaign);
    if (verdict.renderQuery !== search) {
      req.originalUrl = req.originalUrl.slice(0, at) + verdict.renderQuery;
      const own = req.url.indexOf("?");
      req.url = (own < 0 ? req.url : req.url.slice(0, own)) + verdict.renderQuery;
    }
    next();
  };
}

/** The app renders without the campaign parameters; a redirect it answers hands them on. */
function keepCampaignOnRedirects(res: Response, campaign: string[]): void {
  const writeHead = res.writeHead as (...args: unknown[]) => Response;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    const location = this.getHeader("location");
    if (status >= 300 && status < 400 && typeof location === "string") this.setHeader("location", withCampaign(location, campaign));
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
}
