import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { type AppLoadContext, createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import { encodeDocumentFor } from "./document-compression";

/**
 * React Router behind Express: what @react-router/express does, plus one shortcut. A rendered
 * document is already whole bytes when React ends (app/lib/document-sink.server.ts), and the
 * entry hands them over through `loadContext.takeDocument`; they are sent as they are, where the
 * Express adapter would wrap them in a web stream and pipe that to the socket chunk by chunk (a
 * tenth of a small page's main thread, decision 012), compressed in one call (document-compression.ts).
 * Every other answer (streamed pages, resource routes, redirects, data requests) is sent the
 * adapter's way.
 */

/** res.locals key under which the document handed over by the entry waits to be sent (and kept). */
export const RENDERED_DOCUMENT = "renderedDocument";

type LoadContextFor = (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;

export function reactRouterHandler(options: { build: ServerBuild | (() => Promise<ServerBuild>); getLoadContext: LoadContextFor; mode?: string }): RequestHandler {
  const handle = createReactRouterHandler(options.build, options.mode ?? process.env.NODE_ENV);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const loadContext: AppLoadContext = {
        ...options.getLoadContext(req, res),
        takeDocument: (html: Buffer) => {
          res.locals[RENDERED_DOCUMENT] = html;
        },
      };
      const response = await handle(fetchRequest(req, res), loadContext);
      await send(res, response, req.method === "HEAD" ? undefined : (res.locals[RENDERED_DOCUMENT] as Buffer | undefined));
    } catch (error) {
      next(error);
    }
  };
}

function fetchHeaders(incoming: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else headers.set(name, value);
  }
  return headers;
}

/** The Fetch API request React Router reads, aborted when the client goes away before the answer ends. */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // As the Express adapter: X-Forwarded-Host's port behind a trusted proxy, else the Host header's.
  const forwardedPort = req.app?.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const port = [forwardedPort, req.get("host")?.split(":")[1]].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: fetchHeaders(req.headers), signal: controller.signal };
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response, document: Buffer | undefined): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    // Set directly when new (Express's append reads, merges and re-parses every header); a
    // cookie, a type Express may add a charset to, or a header a middleware set, its way.
    if (name === "set-cookie" || name === "content-type" || res.hasHeader(name)) res.append(name, value);
    else res.setHeader(name, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (document && !response.body) {
    const encoded = await encodeDocumentFor(document, res.req.headers["accept-encoding"], { contentEncoding: res.getHeader("Content-Encoding"), cacheControl: res.getHeader("Cache-Control") });
    if (encoded) {
      if (res.destroyed || res.writableEnded) return;
      // Already encoded: the compression middleware (server/main.js) passes it through.
      res.setHeader("Content-Encoding", encoded.encoding);
      res.vary("Accept-Encoding");
      res.setHeader("Content-Length", encoded.body.length);
      res.end(encoded.body);
      return;
    }
    res.end(document);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
