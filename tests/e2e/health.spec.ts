import { expect, test } from "./fixtures";

// Contract: GET /healthz answers 200 when the database answers (load balancers and the test server rely on it).
test("/healthz reports ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toMatchObject({ status: "ok" });
});

// Set by tests/setup/e2e-server.mjs.
const METRICS_TOKEN = "e2e-metrics-token-0123456789";

// Readiness: every dependency the server is configured with, checked at once (this server has the
// embedded database and the local uploads folder, no Redis); each check named to the metrics token only.
test("/readyz reports its status, and each dependency to the metrics token", async ({ request }) => {
  const response = await request.get("/readyz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ok" });
  const detailed = await request.get("/readyz", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(await detailed.json()).toEqual({ status: "ok", checks: { database: "ok", storage: "ok" } });
});

test("/metrics asks for the bearer token, then serves Prometheus' text", async ({ request }) => {
  const refused = await request.get("/metrics");
  expect(refused.status()).toBe(401);
  expect(refused.headers()["www-authenticate"]).toMatch(/^Bearer/);
  expect((await request.get("/metrics", { headers: { authorization: "Bearer not-the-token-0123456789" } })).status()).toBe(401);

  // A few pages first: a render, the same page from the page cache, a 404.
  for (const path of ["/guide-auto", "/guide-auto", "/no-such-page"]) await request.get(path);
  const scraped = await request.get("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(scraped.status()).toBe(200);
  expect(scraped.headers()["content-type"]).toContain("text/plain");
  const text = await scraped.text();
  for (const name of [
    "process_resident_memory_bytes",
    "http_request_duration_seconds_bucket",
    "voitura_documents_rendered_total",
    "voitura_page_cache_requests_total",
    "voitura_db_pool_max",
    "voitura_jobs_pending",
    "voitura_scrape_errors",
  ]) {
    expect(text, name).toContain(name);
  }
  // Routes by their pattern: the 404 route is "/*", whatever address was asked for.
  expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/guide-auto",status_class="2xx"\} [1-9]/);
  expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/\*",status_class="4xx"\} [1-9]/);
  expect(text).not.toContain("no-such-page");
  expect(text).toMatch(/voitura_page_cache_requests_total\{outcome="hit"\} [1-9]/);
});

// This server renders documents on a render thread (tests/setup/e2e-server.mjs, decision 021): the
// metric tells them from those the main thread rendered. Each search below is a page of its own,
// so the page cache cannot answer it.
test("documents are rendered on the render thread", async ({ request }) => {
  const renderedOnThread = async () => {
    const text = await (await request.get("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return Number(/voitura_documents_rendered_total\{thread="render"\} (\d+)/.exec(text)?.[1] ?? 0);
  };
  const before = await renderedOnThread();
  let asked = 0;
  await expect
    .poll(async () => {
      const page = await request.get(`/marche-doccasion/rechercher?price_max=${400_000 + 1_000 * asked++}`);
      expect(page.status()).toBe(200);
      expect(await page.text()).toContain("used cars for sale");
      return (await renderedOnThread()) - before;
    })
    .toBeGreaterThan(0);
});
