// Process entry: static files, compression, the app, and a graceful shutdown.
// Development runs the app through Vite's middleware; production imports the built bundle.
import path from "node:path";
import compression from "compression";
import express from "express";
import { clientFiles } from "./client-files.js";

const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);

function fail(message) {
  console.error(JSON.stringify({ level: 60, time: Date.now(), msg: message }));
  process.exit(1);
}

const server = express();
server.disable("x-powered-by");
// A rendered page is compressed on every request: level 3 costs half of level 6's CPU for a tenth
// more bytes (decision 012). Cached pages carry their own gzip, deflated once at level 6, and a
// document rendered whole is compressed in one call before it reaches this middleware
// (server/document-compression.ts: gzip at this level and chunk size for every browser, brotli
// costing a render more; kept in step by hand, as this file runs before the app's bundle loads):
// what is left here is streamed and resource-route answers. Output in 64 kB chunks: a page's gzip
// (20 to 30 kB) then fits one, and each chunk more is one more hand-off to the thread pool, which
// costs the main thread about 20 µs on two cores.
// An answer already encoded (a rendered document, a cached page: each sets its own Vary) is left
// at the filter, before the middleware parses its Cache-Control and Vary for nothing.
const notYetEncoded = (req, res) => !res.getHeader("Content-Encoding") && compression.filter(req, res);
server.use(compression({ level: 3, chunkSize: 64 * 1024, filter: notYetEncoded }));

let appModule;
let viteDevServer;
try {
  if (production) {
    server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    server.use(clientFiles("build/client", { maxAge: "1h", index: false }, ["/assets"]));
    appModule = await import(path.resolve("build/server/index.js"));
  } else {
    const vite = await import("vite");
    viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
  }
  await appModule.startServices();
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}

if (production) {
  server.use(appModule.app);
} else {
  // Reload the app module on each request so edits apply without a restart.
  server.use(async (req, res, next) => {
    try {
      const mod = await viteDevServer.ssrLoadModule("./server/app.ts");
      return mod.app(req, res, next);
    } catch (err) {
      if (err instanceof Error) viteDevServer.ssrFixStacktrace(err);
      next(err);
    }
  });
}

const listener = server.listen(port, () => {
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `Voitura listening on http://localhost:${port}` }));
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `${signal} received: closing` }));
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  listener.close(async () => {
    await appModule.stopServices();
    await viteDevServer?.close();
    process.exit(0);
  });
  listener.closeIdleConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
