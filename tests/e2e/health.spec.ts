import { expect, test } from "./fixtures";

// Contract: GET /healthz answers 200 when the database answers (load balancers and the test server rely on it).
test("/healthz reports ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toMatchObject({ status: "ok" });
});
