import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { LIVE_PAGE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { BYPASS_HEADER, carriesBypassToken, clearPageCache, pageCache, pageTtlMs } from "./page-cache";

describe("page cache freshness", () => {
  it("keeps catalogue pages a minute and live marketplace pages ten seconds", () => {
    expect(pageTtlMs(PUBLIC_PAGE_CACHE_CONTROL)).toBe(60_000);
    expect(pageTtlMs(LIVE_PAGE_CACHE_CONTROL)).toBe(10_000);
    expect(pageTtlMs("public")).toBe(60_000);
    expect(pageTtlMs("public, s-maxage=0")).toBe(0);
  });
});

describe("skipping the page cache", () => {
  const TOKEN = "bench-secret-0123456789abcdef";

  // A public page that says how many times it was rendered.
  async function serve(options: { bypassToken?: string }) {
    clearPageCache(); // one cache per process: each site starts empty
    let renders = 0;
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = "n0nce";
      next();
    });
    app.use(pageCache(options));
    app.get("/page", (_req, res) => {
      renders += 1;
      res.setHeader("cache-control", PUBLIC_PAGE_CACHE_CONTROL);
      res.type("html").send(`<p nonce="n0nce">render ${renders}</p>`);
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const get = async (headers: Record<string, string> = {}) => {
      const response = await fetch(`http://127.0.0.1:${port}/page`, { headers });
      return { cache: response.headers.get("x-page-cache"), body: await response.text() };
    };
    return { get, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it("ignores a client's Cache-Control: no-cache: the stored page answers", async () => {
    const site = await serve({ bypassToken: TOKEN });
    try {
      expect(await site.get()).toMatchObject({ cache: "miss", body: expect.stringContaining("render 1") });
      expect(await site.get({ "cache-control": "no-cache" })).toMatchObject({ cache: "hit", body: expect.stringContaining("render 1") });
      expect(await site.get({ pragma: "no-cache", "cache-control": "no-cache, max-age=0" })).toMatchObject({ cache: "hit" });
    } finally {
      await site.close();
    }
  });

  it("renders afresh only for the operator's token, never for a wrong one or when none is set", async () => {
    const site = await serve({ bypassToken: TOKEN });
    try {
      await site.get();
      expect(await site.get({ [BYPASS_HEADER]: TOKEN })).toMatchObject({ cache: "bypass", body: expect.stringContaining("render 2") });
      expect(await site.get({ [BYPASS_HEADER]: `${TOKEN}x` })).toMatchObject({ cache: "hit" });
      expect(await site.get({ [BYPASS_HEADER]: "" })).toMatchObject({ cache: "hit" });
    } finally {
      await site.close();
    }
    const closed = await serve({});
    try {
      await closed.get();
      expect(await closed.get({ [BYPASS_HEADER]: TOKEN })).toMatchObject({ cache: "hit" });
    } finally {
      await closed.close();
    }
  });

  it("compares the token whole", () => {
    expect(carriesBypassToken(TOKEN, TOKEN)).toBe(true);
    expect(carriesBypassToken(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(carriesBypassToken([TOKEN], TOKEN)).toBe(false);
    expect(carriesBypassToken(undefined, TOKEN)).toBe(false);
    expect(carriesBypassToken("", undefined)).toBe(false);
  });
});
