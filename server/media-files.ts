import express from "express";
import { isValidStorageKey } from "~/lib/storage.server";

// The stored photos under /medias, straight from the uploads folder: a file's name never changes
// (an upload gets a new key), so browsers and CDNs keep it for a year. Only names that are valid
// storage keys are looked up; folders, hidden files and anything else answer a plain 404.

const YEAR_SECONDS = 31_536_000;

export function mediaFiles(root: string): express.RequestHandler[] {
  const files = express.static(root, {
    index: false,
    redirect: false,
    dotfiles: "ignore",
    fallthrough: true,
    etag: true,
    lastModified: true,
    setHeaders: (res) => res.setHeader("Cache-Control", `public, max-age=${YEAR_SECONDS}, immutable`),
  });
  return [
    (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.setHeader("Allow", "GET, HEAD");
        res.status(405).type("text/plain").send("405 Method Not Allowed\n");
        return;
      }
      let key: string;
      try {
        key = decodeURIComponent(req.path.slice(1));
      } catch {
        key = "";
      }
      if (!isValidStorageKey(key)) return notFound(res);
      files(req, res, next);
    },
    (_req, res) => notFound(res),
  ];
}

function notFound(res: express.Response): void {
  // A short-lived answer: the file may be drawn or uploaded a moment later.
  res.setHeader("Cache-Control", "no-store");
  res.status(404).type("text/plain").send("404 Not Found\n");
}
