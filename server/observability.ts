import { createHash, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { logger } from "~/lib/logger.server";
import { metricsRegistry, observeRequest } from "~/lib/metrics.server";
import { refreshScrapeReadings } from "~/lib/metrics-readings.server";
import { nameCurrentRoute, runInRequestScope, type RequestScope } from "~/lib/request-context.server";
import { cachedReadiness, type Check, runChecks } from "./readiness";

// The request's scope (its id in every log line, its route for the metrics), its duration, and
// the operator's endpoints: /readyz and /metrics (docs/operations.md, decision 016).

/** After pino-http (which gives the request its id): everything downstream runs in the request's scope. */
export function requestObservation(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const scope: RequestScope = { requestId: String(req.id) };
    const started = process.hrtime.bigint();
    res.once("close", () => {
      observeRequest({
        method: req.method,
        route: scope.route,
        status: res.statusCode,
        finished: res.writableFinished,
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
      });
    });
    runInRequestScope(scope, next);
  };
}

/** Names the route of the server's own paths (photos, jobs), which React Router never sees. */
export function namedRoute(route: string): RequestHandler {
  return (_req, _res, next) => {
    nameCurrentRoute(route);
    next();
  };
}

/**
 * GET /readyz: 200 when every dependency answers, else 503. Each check's answer is for the holder
 * of the metrics token only: to anyone else it would map the instance's dependencies and their
 * outages. The checks run at most once a second whoever asks (cachedReadiness).
 */
export function readinessEndpoint(checks: () => Record<string, Check>, options: { token: string | undefined }): RequestHandler {
  const readiness = cachedReadiness(async () => {
    const answer = await runChecks(checks());
    // Once a run, not once a probe.
    if (!answer.ready) logger.warn({ checks: answer.checks }, "not ready");
    return answer;
  });
  return async (req, res) => {
    nameCurrentRoute("/readyz");
    const { ready, checks: results } = await readiness().catch((err: unknown) => {
      logger.error({ err }, "readiness checks could not run");
      return { ready: false, checks: {} };
    });
    const detailed = options.token !== undefined && carriesBearerToken(req.headers.authorization, options.token);
    res.setHeader("cache-control", "no-store");
    res.status(ready ? 200 : 503).json({ status: ready ? "ok" : "unavailable", ...(detailed ? { checks: results } : {}) });
  };
}

/** Whether the Authorization header carries `Bearer <token>` (compared in constant time, whatever the lengths). */
export function carriesBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  if (!match) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/** GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN; a 404 when no token is set. */
export function metricsEndpoint(options: { token: string | undefined; readings?: () => Promise<Record<string, unknown>> }): RequestHandler {
  const refresh = options.readings ?? (() => refreshScrapeReadings());
  return async (req, res) => {
    nameCurrentRoute("/metrics");
    res.setHeader("cache-control", "no-store");
    if (!options.token) {
      res.status(404).type("text/plain").send("404 Not Found\n");
      return;
    }
    if (!carriesBearerToken(req.headers.authorization, options.token)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain").send("401 Unauthorized\n");
      return;
    }
    const failures = await refresh();
    for (const [source, err] of Object.entries(failures)) logger.warn({ source, err: { message: err instanceof Error ? err.message : String(err) } }, "metrics reading failed");
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  };
}
