import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import type { ServerBuild } from "react-router";
import { handMadeRoute, handMadeServerBuild } from "../tests/setup/server-build";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENDERED_DOCUMENT, reactRouterHandler } from "./react-router-handler";

// A build of three routes whose entry either hands the document's bytes over (as app/entry.server
// does for a cacheable page) or answers with a streamed body, so the two ways out are compared.

const DOCUMENT = Buffer.from("<!DOCTYPE html><p>rendered once, sent as bytes: 10 000 rand – déjà</p>");
// A page-sized document: large enough to be gzipped.
const LARGE_DOCUMENT = Buffer.from(`<!DOCTYPE html><ul>${"<li>Ford Everest 2.0 BiT Sport 4x4, 2024, R 689 900 – Pretoria</li>".repeat(300)}</ul>`);

/** A GET with the given Accept-Encoding, the body as received (not inflated). */
function rawGet(url: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

function testBuild(): ServerBuild {
  const route = handMadeRoute;
  return handMadeServerBuild({
    entry: {
      default: async (request: Request, status: number, headers: Headers, _context: unknown, loadContext: { takeDocument?: (html: Buffer) => void }) => {
        headers.set("Content-Type", "text/html; charset=utf-8");
        if (new URL(request.url).pathname === "/streamed" || !loadContext.takeDocument) {
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode("<p>streamed "));
              controller.enqueue(new TextEncoder().encode("in two pieces</p>"));
              controller.close();
            },
          });
          return new Response(body, { status, headers });
        }
        loadContext.takeDocument(new URL(request.url).pathname === "/large" ? LARGE_DOCUMENT : DOCUMENT);
        return new Response(null, { status, headers });
      },
      // The 404 below is expected: nothing to log.
      handleError: () => {},
    },
    routes: {
      root: route("root", "", { default: () => null }),
      page: route("page", "page", { default: () => null }, "root"),
      large: route("large", "large", { default: () => null }, "root"),
      streamed: route("streamed", "streamed", { default: () => null }, "root"),
      echo: route("echo", "echo", { action: async ({ request }: { request: Request }) => Response.json({ got: await request.text() }) }, "root"),
    },
  });
}

describe("React Router behind Express", () => {
  let origin = "";
  let close = () => {};
  const kept: unknown[] = [];

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.on("finish", () => kept.push(res.locals[RENDERED_DOCUMENT]));
      next();
    });
    app.all("/{*splat}", reactRouterHandler({ build: testBuild(), getLoadContext: () => ({ cspNonce: "n", requestId: "r", clientIp: "127.0.0.1" }), mode: "production" }));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("sends a document handed over as bytes exactly as rendered, and leaves it for the page cache", async () => {
    const response = await fetch(`${origin}/page`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(Buffer.from(await response.arrayBuffer()).equals(DOCUMENT)).toBe(true);
    expect(kept.at(-1)).toBe(DOCUMENT);
  });

  it("compresses a page-sized document in one piece, with its length, and keeps the plain bytes for the page cache", async () => {
    const brotli = await rawGet(`${origin}/large`, "br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
    expect(zlib.brotliDecompressSync(brotli.body).equals(LARGE_DOCUMENT)).toBe(true);

    const gzipped = await rawGet(`${origin}/large`, "gzip, deflate, br, zstd");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.length);
    expect(gzipped.headers["transfer-encoding"]).toBeUndefined();
    expect(zlib.gunzipSync(gzipped.body).equals(LARGE_DOCUMENT)).toBe(true);
    expect(kept.at(-1)).toBe(LARGE_DOCUMENT);

    const plain = await rawGet(`${origin}/large`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(LARGE_DOCUMENT)).toBe(true);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await fetch(`${origin}/page`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("");
  });

  it("pipes a streamed body through", async () => {
    const response = await fetch(`${origin}/streamed`);
    expect(await response.text()).toBe("<p>streamed in two pieces</p>");
    expect(kept.at(-1)).toBeUndefined();
  });

  it("gives an action the posted body", async () => {
    const response = await fetch(`${origin}/echo`, { method: "POST", headers: { "content-type": "text/plain", origin }, body: "make=toyota" });
    expect(await response.json()).toEqual({ got: "make=toyota" });
  });

  it("answers an unknown path with React Router's 404", async () => {
    const response = await fetch(`${origin}/nowhere`);
    expect(response.status).toBe(404);
  });
});
