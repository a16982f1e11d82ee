import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// The process's Prometheus metrics (served at /metrics, server/observability.ts). Labels only
// take values from small fixed sets (route patterns, never raw URLs), so a scraper's series stay
// bounded whatever the traffic.

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpRequestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from receiving a request to its last byte sent, by method, matched route and status class.",
  labelNames: ["method", "route", "status_class"] as const,
  // From a page-cache hit (under a millisecond) to a render waiting on a slow database.
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const documentsRendered = new Counter({
  name: "voitura_documents_rendered_total",
  help: "HTML documents rendered by React (page-cache hits are not rendered), by thread: the main thread or a render thread (decision 021).",
  labelNames: ["thread"] as const,
  registers: [metricsRegistry],
});

export const pageCacheRequests = new Counter({
  name: "voitura_page_cache_requests_total",
  help: "Requests the rendered-page cache considered, by outcome (as its x-page-cache header says).",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

export const jobsPending = new Gauge({
  name: "voitura_jobs_pending",
  help: "Jobs neither finished nor failed, by name, read from the job table at scrape time.",
  labelNames: ["name"] as const,
  registers: [metricsRegistry],
});

export const jobsDue = new Gauge({
  name: "voitura_jobs_due",
  help: "Pending jobs whose run time has come (waiting for a worker, or running), by name.",
  labelNames: ["name"] as const,
  registers: [metricsRegistry],
});

export const databaseConnections = new Gauge({
  name: "voitura_db_connections",
  help: "This process's PostgreSQL connections by state (active: running a query; idle; idle in transaction), from pg_stat_activity.",
  labelNames: ["state"] as const,
  registers: [metricsRegistry],
});

export const databasePoolMax = new Gauge({
  name: "voitura_db_pool_max",
  help: "The most connections this process opens to the database (1 for the embedded database).",
  registers: [metricsRegistry],
});

export const scrapeErrors = new Gauge({
  name: "voitura_scrape_errors",
  help: "1 when the reading named by source failed (or timed out) during the last scrape, else 0.",
  labelNames: ["source"] as const,
  registers: [metricsRegistry],
});

/** The render line's counts (server/render-admission.ts). */
export interface RenderLineCounts {
  running: number;
  waiting: number;
}

let renderAdmissionState: () => RenderLineCounts = () => ({ running: 0, waiting: 0 });

/** Where the render admission's counts are read at scrape time (server/render-admission.ts). */
export function observeRenderAdmission(state: () => RenderLineCounts): void {
  renderAdmissionState = state;
}

// Registered with the registry; its collect() reads the counts at scrape time.
new Gauge({
  name: "voitura_render_admission_requests",
  help: "Reads the page cache did not answer, by state: running (let in, being answered) or waiting for a place (decision 020).",
  labelNames: ["state"] as const,
  registers: [metricsRegistry],
  collect() {
    const { running, waiting } = renderAdmissionState();
    this.set({ state: "running" }, running);
    this.set({ state: "waiting" }, waiting);
  },
});

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method label: the standard methods, anything else as "other". */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : "other";
}

/** The status label: "2xx" … "5xx", or "aborted" when the client left before the answer ended. */
export function statusClass(status: number, finished: boolean): string {
  if (!finished) return "aborted";
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** React Router's pattern ("guide-auto/:slug", "*") as a path: "/guide-auto/:slug", "/*". */
export function routePatternLabel(pattern: string): string {
  return pattern.startsWith("/") ? pattern : `/${pattern}`;
}

/** Records one answered request. `route` is a route pattern or one of the server's fixed names. */
export function observeRequest(request: { method: string; route: string | undefined; status: number; finished: boolean; seconds: number }): void {
  httpRequestDuration.observe(
    { method: methodLabel(request.method), route: request.route ?? "unmatched", status_class: statusClass(request.status, request.finished) },
    request.seconds,
  );
}
