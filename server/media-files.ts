import path from "node:path";
import express from "express";
import { isValidStorageKey, type Storage } from "~/lib/storage.server";

// The stored photos under /medias: straight from the uploads folder, or read from the object store
// when there is no folder on this machine. A file's name never changes (an upload gets a new key),
// so browsers and CDNs keep it for a year. Only names that are valid storage keys of a photo
// rendition (WebP) are looked up; folders, hidden files and anything else the store keeps (a
// dealer's uploaded stock feed and its ZIP) answer a plain 404.

const YEAR_SECONDS = 31_536_000;
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;

interface MediaFilesOptions {
  /** Called for a valid key with no file: may create it (true) before the file is looked up again. */
  onMissing?: (key: string) => Promise<boolean>;
}

/** GET and HEAD of a valid storage key go on (the key in res.locals.mediaKey); the rest stop here. */
const validKey: express.RequestHandler = (req, res, next) => {
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
  if (!isValidStorageKey(key) || !key.endsWith(".webp")) return notFound(res);
  res.locals.mediaKey = key;
  next();
};

export function mediaFiles(root: string, options: MediaFilesOptions = {}): express.RequestHandler[] {
  const files = express.static(root, {
    index: false,
    redirect: false,
    dotfiles: "ignore",
    fallthrough: true,
    etag: true,
    lastModified: true,
    setHeaders: (res) => res.setHeader("Cache-Control", IMMUTABLE),
  });
  return [
    validKey,
    files,
    (req, res, next) => {
      const key = res.locals.mediaKey as string;
      if (!options.onMissing) return notFound(res);
      options.onMissing(key).then(
        (created) => (created ? files(req, res, () => notFound(res)) : notFound(res)),
        next,
      );
    },
  ];
}

/**
 * The same address space read from a store with no folder here (an S3 bucket): the file is fetched
 * whole (photos are a few hundred kB) and sent with the same headers; express answers the ETag's
 * 304 and HEAD.
 */
export function storedMediaFiles(store: Pick<Storage, "read">, options: MediaFilesOptions = {}): express.RequestHandler[] {
  const send = async (res: express.Response, key: string): Promise<boolean> => {
    const bytes = await store.read(key);
    if (!bytes) return false;
    res.setHeader("Cache-Control", IMMUTABLE);
    res.type(path.extname(key) || "application/octet-stream");
    res.send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return true;
  };
  return [
    validKey,
    (_req, res, next) => {
      const key = res.locals.mediaKey as string;
      (async () => {
        if (await send(res, key)) return;
        if (options.onMissing && (await options.onMissing(key)) && (await send(res, key))) return;
        notFound(res);
      })().catch(next);
    },
  ];
}

function notFound(res: express.Response): void {
  // A short-lived answer: the file may be drawn or uploaded a moment later.
  res.setHeader("Cache-Control", "no-store");
  res.status(404).type("text/plain").send("404 Not Found\n");
}
