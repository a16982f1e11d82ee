import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { requestLogging } from "./request-logging";

const SECRET = "k3y-0f-the-dealer";

describe("request logging", () => {
  const lines: string[] = [];
  let base = "";
  let close: () => Promise<unknown>;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const logger = createLogger(sink, "info");
    const app = express();
    app.use(requestLogging(logger));
    app.get("/api.php", (req, res) => {
      // A handler that logs the headers it was given must not leak the key either.
      req.log.info({ headers: req.headers }, "api.php asked");
      res.status(401).json({ error: "no" });
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(resolve));
  });
  afterAll(() => close());

  it("never writes the API key, whatever the case of its name, in the query or in a header", async () => {
    const queries = [`API_KEY=${SECRET}`, `api_key=${SECRET}`, `Api_Key=${SECRET}`, `API%5FKEY=${SECRET}`, `endpoint=catalogue&API_KEY=${SECRET}&API_KEY=${SECRET}`];
    for (const query of queries) await fetch(`${base}/api.php?${query}`);
    for (const name of ["API_KEY", "api_key", "Api_Key"]) await fetch(`${base}/api.php?endpoint=catalogue`, { headers: { [name]: SECRET } });

    const logged = lines.filter((line) => line.includes("/api.php"));
    expect(logged.length).toBeGreaterThanOrEqual(2 * (queries.length + 3));
    for (const line of logged) expect(line).not.toContain(SECRET);
    // The rest of the address is kept, so the line still says what was asked.
    expect(logged.some((line) => line.includes("/api.php?endpoint=catalogue&API_KEY=redacted"))).toBe(true);
  });
});
