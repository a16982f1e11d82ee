import type { RequestHandler } from "express";
import { issueVisitorId } from "~/features/accounts/visitor-id.server";
import { publicUrl } from "~/lib/env.server";

/** The headers issueVisitorId reads: the cookie, and what the same-origin check looks at. */
const READ_HEADERS = ["cookie", "origin", "referer", "sec-fetch-site"] as const;

/** POST VISITOR_ID_PATH: issueVisitorId's answer, for the Express app (the route table has no place for it). */
export function visitorIdEndpoint(): RequestHandler {
  return async (req, res, next) => {
    const headers = new Headers();
    for (const name of READ_HEADERS) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    let url: URL;
    try {
      url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? ""}`);
    } catch {
      url = new URL(req.originalUrl, publicUrl());
    }
    let answer: Response;
    try {
      answer = await issueVisitorId(new Request(url, { method: "POST", headers }), { clientIp: req.ip ?? "unknown" });
    } catch (err) {
      if (!(err instanceof Response)) return next(err);
      answer = err;
    }
    res.status(answer.status);
    answer.headers.forEach((value, name) => res.setHeader(name, value));
    res.setHeader("cache-control", "no-store");
    res.send(Buffer.from(await answer.arrayBuffer()));
  };
}
