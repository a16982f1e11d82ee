import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The endpoint that issues the signed visitor id, as the Express app mounts it.

process.env.AUTH_SECRET = "visitor-endpoint-test-secret-0123456789-ab";

const { visitorIdEndpoint } = await import("./visitor-id");
const { visitorId } = await import("~/lib/security.server");

let base = "";
let close: () => void = () => {};

beforeAll(async () => {
  const app = express();
  app.post("/visitor-id", visitorIdEndpoint());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("POST /visitor-id", () => {
  it("sets a signed visitor id cookie, not cached", async () => {
    const answer = await fetch(`${base}/visitor-id`, { method: "POST", headers: { origin: base, cookie: "cookie_user_id=3f2b8c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69" } });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const value = /^cookie_user_id=([^;]+)/.exec(answer.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(visitorId(new Request(base, { headers: { cookie: `cookie_user_id=${value}` } }))).toBe("3f2b8c1e-9d4a-4f6b-8a2c-1e2d3c4b5a69");
  });

  it("answers a post from another site with 403 and no cookie", async () => {
    const answer = await fetch(`${base}/visitor-id`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("set-cookie")).toBeNull();
  });
});
