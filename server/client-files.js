// The files of the client build served as they are (favicon, manifest, banners), outside /assets.
// express.static looks every request's path up on disk: for a page, a stat on the thread pool
// that fails, and an error object built for it, about 2 % of a rendered page's main thread. The
// build's files are fixed once it is built, so they are listed at start and only their paths go
// to express.static; a new file in public/ needs a build, as it always did.
import fs from "node:fs";
import path from "node:path";
import express from "express";

/** URL paths ("/favicon.svg") of the files under `root`, folders named in `skip` left out. */
export function filePaths(root, skip = []) {
  const paths = new Set();
  const walk = (folder, prefix) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skip.includes(urlPath)) walk(path.join(folder, entry.name), urlPath);
      } else if (entry.isFile()) {
        paths.add(urlPath);
      }
    }
  };
  if (fs.existsSync(root)) walk(root, "");
  return paths;
}

/** express.static for the files found under `root` at start; every other path goes on at once. */
export function clientFiles(root, options = {}, skip = []) {
  const paths = filePaths(root, skip);
  const serve = express.static(root, options);
  return (req, res, next) => {
    let wanted;
    try {
      wanted = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (!paths.has(wanted)) return next();
    return serve(req, res, next);
  };
}
