import crypto from "node:crypto";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { loggableUrl } from "~/lib/logger.server";

/** The probes' and the scraper's paths, not logged when they answer well. */
const PROBE_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * One line a request: its id, method, address (secrets in its query replaced) and status. No
 * header is logged: cookies, Authorization and the API key travel in them.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
      res.setHeader("x-request-id", id);
      return id;
    },
    // The probes and the scraper ask every few seconds: only their failures are logged.
    customLogLevel: (req, res, err) => (PROBE_PATHS.has(req.url ?? "") && !err && res.statusCode < 400 ? "silent" : err ? "error" : "info"),
    serializers: {
      // Activation and reset links, OAuth callbacks and the product API carry secrets in their query.
      req: (req) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  });
}
