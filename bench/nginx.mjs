// The ceiling: the saved pages served as static files by nginx, as cheaply as this machine can
// serve HTML: each page compressed once beforehand (page.html.gz beside page.html, gzip_static),
// as a CDN or nginx in front of the site serves a stored copy, never compressed per request.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { sleep, startChild, tmp } from "./processes.mjs";

/** nginx's path, or undefined when it is not installed. */
export function nginxBinary() {
  for (const candidate of ["nginx", "/usr/sbin/nginx"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // try the next
    }
  }
  return undefined;
}

/** Writes page.html.gz beside a saved page.html (gzip level 6, the level of the app's cached pages). */
export function precompress(file) {
  const gz = `${file}.gz`;
  fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(file), { level: 6 }));
  fs.chmodSync(gz, 0o644);
}

/** Saves a page for nginx to serve: its HTML and its compressed copy. */
export function saveStaticPage(siteDir, file, html) {
  const target = path.join(siteDir, file);
  fs.writeFileSync(target, html);
  fs.chmodSync(target, 0o644);
  precompress(target);
}

/**
 * Keeps a .gz beside every .html written into `siteDir`: the pages already there now, the ones
 * saved later as they land (they are written before their load test's warm-up starts).
 */
function precompressPages(siteDir) {
  const update = (name) => {
    if (!name?.endsWith(".html")) return;
    try {
      precompress(path.join(siteDir, name));
    } catch {
      // Removed or half-written: the next event for the file compresses it again.
    }
  };
  for (const name of fs.readdirSync(siteDir)) update(name);
  const watcher = fs.watch(siteDir, (_event, name) => update(name));
  watcher.unref();
  return watcher;
}

export async function startNginx(binary, siteDir, port) {
  const dir = path.join(tmp, "nginx");
  fs.mkdirSync(dir, { recursive: true });
  // Temp paths compiled into the binary may not be writable by us; point every one we find here.
  const version = spawnSync(binary, ["-V"], { encoding: "utf8" }); // nginx prints its build options on stderr
  const built = `${version.stdout}${version.stderr}`;
  const tempPaths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .filter((m) => m === "client_body" || !built.includes(`--without-http_${m}_module`))
    .map((m) => `  ${m}_temp_path ${path.join(dir, m)};`)
    .join("\n");
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `# One worker: the app is one Node process, so both sides get one core (autocannon has the other).
worker_processes 1;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  types { text/html html; }
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  # The stored page.html.gz to a client that takes gzip: no compression per request.
  gzip off;
  gzip_static on;
  gzip_vary on;
${tempPaths}
  server {
    listen 127.0.0.1:${port};
    root ${siteDir};
    location / { try_files $uri =404; }
  }
}
`,
  );
  // Workers may run as an unprivileged user when we are root: let them read the pages.
  for (const d of [tmp, siteDir]) fs.chmodSync(d, 0o755);
  const watcher = precompressPages(siteDir);
  const child = startChild(binary, ["-e", path.join(dir, "error.log"), "-p", dir, "-c", conf], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      watcher.close();
      throw new Error(`nginx exited (code ${child.exitCode})`);
    }
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
      return child;
    } catch {
      await sleep(100);
    }
  }
  throw new Error("nginx did not start within 10 s");
}
