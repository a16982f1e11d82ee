import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnFreePort } from "../tests/setup/listen";
import { clientFiles, filePaths } from "./client-files.js";

let root: string;
let base = "";
let close = () => {};

/** A GET with the path sent exactly as written (fetch would resolve ".."). */
function get(rawPath: string): Promise<{ status: number; text: string; cacheControl?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { path: rawPath }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, cacheControl: res.headers["cache-control"] }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "client-files-"));
  fs.writeFileSync(path.join(root, "favicon.svg"), "<svg/>");
  fs.mkdirSync(path.join(root, "banners"));
  fs.writeFileSync(path.join(root, "banners", "demo home.svg"), "<svg>banner</svg>");
  fs.mkdirSync(path.join(root, "assets"));
  fs.writeFileSync(path.join(root, "assets", "entry.js"), "export {}");
  const app = express();
  app.use(clientFiles(root, { maxAge: "1h", index: false }, ["/assets"]));
  // Written after start: not served until the next start (a new build).
  fs.writeFileSync(path.join(root, "later.txt"), "later");
  app.use((req, res) => res.status(404).type("text/plain").send(`app: ${req.path}`));
  ({ base, close } = await listenOnFreePort(app));
});

afterAll(() => {
  close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("filePaths", () => {
  it("lists the files as URL paths, the skipped folders left out", () => {
    expect([...filePaths(root, ["/assets"])].sort()).toEqual(["/banners/demo home.svg", "/favicon.svg", "/later.txt"]);
    expect(filePaths(path.join(root, "missing")).size).toBe(0);
  });
});

describe("clientFiles", () => {
  it("serves the files found at start, with their cache time", async () => {
    const answer = await get("/favicon.svg");
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("<svg/>");
    expect(answer.cacheControl).toBe("public, max-age=3600");
    expect((await get("/banners/demo%20home.svg")).text).toBe("<svg>banner</svg>");
  });

  it("hands pages, folders, skipped folders, files added after start and bad escapes to the app", async () => {
    for (const urlPath of ["/guide-auto/voitures-neuves", "/banners", "/banners/", "/assets/entry.js", "/later.txt", "/%E0%A4%A", "/../favicon.svg"]) {
      const answer = await get(urlPath);
      expect(answer.status, urlPath).toBe(404);
      expect(answer.text, urlPath).toMatch(/^app: /);
    }
  });
});
