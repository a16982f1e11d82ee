import type { RequestHandler } from "express";
import { mayReadReplica, RECENT_WRITE_COOKIE, RECENT_WRITE_SECONDS, withReplicaReads } from "~/lib/db-replica.server";

/**
 * Decides, per request, whether its page reads may go to the read replica (decision 019), and
 * marks a client that writes so its next reads, for a replica's lag and more, go to the primary.
 */
export function replicaReads(options: { secureCookie: boolean }): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") {
      res.cookie(RECENT_WRITE_COOKIE, "1", {
        maxAge: RECENT_WRITE_SECONDS * 1000,
        httpOnly: true,
        sameSite: "lax",
        secure: options.secureCookie,
        path: "/",
      });
    }
    withReplicaReads(mayReadReplica({ method: req.method, cookie: req.headers.cookie }), next);
  };
}
