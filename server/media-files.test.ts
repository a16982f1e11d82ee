import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorage } from "~/lib/storage.server";
import { listenOnFreePort } from "../tests/setup/listen";
import { mediaFiles, storedMediaFiles } from "./media-files";

/**
 * A GET with the path sent exactly as written (fetch would resolve "..", as browsers do) and only
 * the headers given (fetch adds `Cache-Control: no-cache` to a conditional request).
 */
function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { path: rawPath, headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

// The same answers whether the files are served from the folder or read through the storage
// interface (the object store's way; the local store stands in for it here, its S3 side is
// app/lib/s3-storage.server.test.ts).
describe.each([
  ["from the uploads folder", (root: string, options: Parameters<typeof mediaFiles>[1]) => mediaFiles(root, options)],
  ["read from the store", (root: string, options: Parameters<typeof mediaFiles>[1]) => storedMediaFiles(localStorage(root), options)],
])("/medias %s", (_name, mediaHandlers) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-medias-"));
  const outside = path.join(path.dirname(root), `${path.basename(root)}-secret.txt`);
  let base = "";
  let close = () => {};

  beforeAll(async () => {
    fs.mkdirSync(path.join(root, "demo"));
    fs.writeFileSync(path.join(root, "demo", "suv-white-side-320.webp"), Buffer.from("RIFF0000WEBPVP8 "));
    fs.writeFileSync(path.join(root, "demo", ".hidden"), "no");
    fs.mkdirSync(path.join(root, "stock-feeds"));
    fs.writeFileSync(path.join(root, "stock-feeds", "1-feed.csv"), "stock_number,make");
    fs.writeFileSync(outside, "secret");
    const app = express();
    app.use(
      "/medias",
      ...mediaHandlers(root, {
        // Stands in for the demo photo drawing: creates "late/*" files on request.
        onMissing: async (key) => {
          if (!key.startsWith("late/")) return false;
          fs.mkdirSync(path.join(root, "late"), { recursive: true });
          fs.writeFileSync(path.join(root, key), "drawn");
          return true;
        },
      }),
    );
    app.use((_req, res) => res.status(418).send("fell through"));
    ({ base, close } = await listenOnFreePort(app));
  });
  afterAll(() => {
    close();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { force: true });
  });

  it("serves a stored photo with its type and a year's immutable cache", async () => {
    const res = await fetch(`${base}/medias/demo/suv-white-side-320.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 4).toString()).toBe("RIFF");
    const head = await fetch(`${base}/medias/demo/suv-white-side-320.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await rawGet(base, "/medias/demo/suv-white-side-320.webp", { "if-none-match": etag! });
    expect(again.status).toBe(304);
  });

  it("answers 404 for unknown files, folders, hidden files and traversal, never listing", async () => {
    const name = path.basename(outside);
    for (const url of [
      "/medias/demo/nope-320.webp",
      // Only photo renditions are public: an uploaded stock feed in the same store is not.
      "/medias/stock-feeds/1-feed.csv",
      "/medias/demo",
      "/medias/demo/",
      "/medias/",
      "/medias/demo/.hidden",
      `/medias/%2e%2e/${name}`,
      `/medias/demo/%2e%2e/%2e%2e/${name}`,
      `/medias/..%2f${name}`,
      "/medias/%E0%A4%A",
      `/medias/../${name}`,
    ]) {
      const res = await rawGet(base, url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toBe("404 Not Found\n");
    }
  });

  it("refuses writes with 405", async () => {
    const res = await fetch(`${base}/medias/demo/suv-white-side-320.webp`, { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
  });

  it("serves a file the missing-file hook creates", async () => {
    const res = await fetch(`${base}/medias/late/a-320.webp`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("drawn");
    expect((await fetch(`${base}/medias/other/a-320.webp`)).status).toBe(404);
  });
});
