import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pinoHttp } from "pino-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { parseEnv } from "~/lib/env.server";
import { enqueueJob } from "~/lib/job-queue.server";
import { createLogger } from "~/lib/logger.server";
import { methodLabel, routePatternLabel, statusClass } from "~/lib/metrics.server";
import { readDatabasePool, readJobQueue, refreshScrapeReadings } from "~/lib/metrics-readings.server";
import { nameCurrentRoute } from "~/lib/request-context.server";
import { useTestDatabase } from "../tests/setup/database";
import { carriesBearerToken, metricsEndpoint, namedRoute, readinessEndpoint, requestObservation } from "./observability";
import { clearPageCache, pageCache } from "./page-cache";

const TOKEN = "scraper-token-0123456789abcdef";

/** The server's chain in small: pino-http, the request scope, the operator's endpoints, the page cache. */
async function serve() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger(sink, "info");
  const app = express();
  app.use(pinoHttp({ logger, genReqId: (req) => (typeof req.headers["x-request-id"] === "string" ? req.headers["x-request-id"] : "generated-id") }));
  app.use(requestObservation());
  app.get("/readyz", readinessEndpoint(() => ({ database: async () => "ok", storage: async () => "full" }), { token: TOKEN }));
  app.get("/metrics", metricsEndpoint({ token: TOKEN, readings: () => refreshScrapeReadings({ jobs: () => readJobQueue(), database_pool: readDatabasePool, broken: () => Promise.reject(new Error("gone")) }) }));
  app.get("/metrics-closed", metricsEndpoint({ token: undefined }));
  app.use("/medias", namedRoute("/medias"), (_req, res) => {
    res.type("text/plain").send("photo");
  });
  app.get("/work", async (_req, res) => {
    // Work after an await still knows its request.
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.info("loader ran");
    res.send("done");
  });
  clearPageCache();
  app.use(pageCache());
  app.get("/page", (_req, res) => {
    nameCurrentRoute("/page");
    res.setHeader("cache-control", PUBLIC_PAGE_CACHE_CONTROL);
    res.type("html").send("<p>page</p>");
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers });
  return { get, lines, logger, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("observability endpoints", () => {
  const database = useTestDatabase();
  let site: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    site = await serve();
  });
  afterAll(() => site?.close());

  it("writes the request id into every log line of the request, the proxy's id when it sent one", async () => {
    const response = await site.get("/work", { "x-request-id": "nginx-4f1c2a" });
    expect(await response.text()).toBe("done");
    const own = site.lines.filter((line) => line.requestId === "nginx-4f1c2a");
    expect(own.map((line) => line.msg)).toContain("loader ran");
    expect(own.map((line) => line.msg)).toContain("request completed");
    await site.get("/work");
    expect(site.lines.filter((line) => line.msg === "loader ran").map((line) => line.requestId)).toEqual(["nginx-4f1c2a", "generated-id"]);
    // Lines written outside any request carry none.
    site.logger.info("outside");
    expect(site.lines.find((line) => line.msg === "outside")).not.toHaveProperty("requestId");
  });

  it("answers /readyz with each check's status to the metrics token, 503 while one is not ok, never cached", async () => {
    const response = await site.get("/readyz", { authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "unavailable", checks: { database: "ok", storage: "full" } });
  });

  it("serves /metrics only with the token: 404 when none is set, 401 asking for a bearer token otherwise", async () => {
    expect((await site.get("/metrics-closed", { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
    for (const headers of [{} as Record<string, string>, { authorization: "Bearer wrong-token-0123456789" }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
      const refused = await site.get("/metrics", headers);
      expect(refused.status, JSON.stringify(headers)).toBe(401);
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
      expect(await refused.text()).not.toContain("http_request_duration_seconds");
    }
    const scraped = await site.get("/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toContain("text/plain");
    expect(scraped.headers.get("cache-control")).toBe("no-store");
    expect(await scraped.text()).toContain("process_cpu_seconds_total");
  });

  it("labels request durations by route pattern, never by the raw address, and counts page-cache hits under their route", async () => {
    await site.get("/medias/demo/one-640.webp");
    await site.get("/medias/demo/two-640.webp?v=2");
    expect((await site.get("/page")).headers.get("x-page-cache")).toBe("miss");
    expect((await site.get("/page")).headers.get("x-page-cache")).toBe("hit");
    const text = await (await site.get("/metrics", { authorization: `Bearer ${TOKEN}` })).text();
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/medias",status_class="2xx"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/page",status_class="2xx"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/readyz",status_class="5xx"}');
    expect(text).not.toContain("one-640");
    expect(text).toMatch(/voitura_page_cache_requests_total\{outcome="hit"\} [1-9]/);
    expect(text).toMatch(/voitura_page_cache_requests_total\{outcome="miss"\} [1-9]/);
  });

  it("reads the job queue's depth at scrape time and reports a failed reading", async () => {
    const { db } = database();
    await enqueueJob(db, { name: "mail" });
    await enqueueJob(db, { name: "mail", runAt: new Date(Date.now() + 3_600_000) });
    await enqueueJob(db, { name: "storage-cleanup" });
    const text = await (await site.get("/metrics", { authorization: `Bearer ${TOKEN}` })).text();
    expect(text).toContain('voitura_jobs_pending{name="mail"} 2');
    expect(text).toContain('voitura_jobs_due{name="mail"} 1');
    expect(text).toContain('voitura_jobs_pending{name="storage-cleanup"} 1');
    expect(text).toContain('voitura_scrape_errors{source="jobs"} 0');
    expect(text).toContain('voitura_scrape_errors{source="broken"} 1');
    expect(text).toMatch(/voitura_db_pool_max [1-9]/);
  });
});

describe("metric labels", () => {
  it("keeps methods, statuses and routes to small sets", () => {
    expect(methodLabel("GET")).toBe("GET");
    expect(methodLabel("PROPFIND")).toBe("other");
    expect(statusClass(204, true)).toBe("2xx");
    expect(statusClass(503, true)).toBe("5xx");
    expect(statusClass(200, false)).toBe("aborted");
    expect(routePatternLabel("guide-auto/:slug")).toBe("/guide-auto/:slug");
    expect(routePatternLabel("*")).toBe("/*");
    expect(routePatternLabel("/")).toBe("/");
  });
});

describe("the metrics token", () => {
  it("matches only the whole bearer token", () => {
    expect(carriesBearerToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(carriesBearerToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(carriesBearerToken(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(carriesBearerToken(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(carriesBearerToken(TOKEN, TOKEN)).toBe(false);
    expect(carriesBearerToken(undefined, TOKEN)).toBe(false);
  });

  it("stops the start on a short or malformed METRICS_TOKEN, naming it", () => {
    expect(parseEnv({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/^Invalid environment variable METRICS_TOKEN: must be at least 16 characters/);
    expect(() => parseEnv({ METRICS_TOKEN: "has spaces in it 0123456789" })).toThrow(/^Invalid environment variable METRICS_TOKEN: may only contain/);
  });
});
