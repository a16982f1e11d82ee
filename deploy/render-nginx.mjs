#!/usr/bin/env node
// Renders deploy/nginx/voitura.conf.template into a site file for nginx's http context.
//   node deploy/render-nginx.mjs --server-name=voitura.co.za --instances=3001,3002,3003 > voitura.conf
// Options (production defaults): --root=/srv/voitura (the checked-out, built app)
//   --uploads=/var/lib/voitura/data/uploads (photos on disk; --uploads= empty when they are in S3)
//   --cache-dir=/var/cache/nginx/voitura  --cache-max-size=2g
//   --certificate=/etc/letsencrypt/live/NAME/fullchain.pem  --certificate-key=…/privkey.pem
//   --access-log=/var/log/nginx/access.log (in the `voitura` format: no query on /api.php; `off` for none)
// `npm run cluster` calls renderSite() with local ports and paths and plain HTTP (`listen`).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const DEPLOY_DIR = path.dirname(fileURLToPath(import.meta.url));
const TEMPLATE = path.join(DEPLOY_DIR, "nginx", "voitura.conf.template");

/** An instance as `host:port`; a bare port is one on this machine. */
const instanceAddress = (instance) => (/^\d+$/.test(String(instance)) ? `127.0.0.1:${instance}` : String(instance));

/**
 * @param {{
 *   instances: (string | number)[];
 *   serverName?: string;
 *   root: string;
 *   uploadsDir?: string;
 *   cacheDir: string;
 *   cacheMaxSize?: string;
 *   listen?: string;
 *   certificate?: string;
 *   certificateKey?: string;
 *   accessLog?: string;
 * }} options `listen` (e.g. "127.0.0.1:3440") serves plain HTTP there, without the TLS server
 *   and the port-80 redirect: for a machine's own tests only. `accessLog` is a file (in the
 *   `voitura` format) or "off"; by default nginx's usual file, or none with `listen`.
 */
export function renderSite(options) {
  if (!options.instances.length) throw new Error("at least one instance is needed");
  const serverName = options.serverName ?? "localhost";
  const tls = !options.listen;
  const accessLog = options.accessLog ?? (tls ? "/var/log/nginx/access.log" : "off");
  const accessLogLine = accessLog === "off" ? "access_log off;" : `access_log ${accessLog} voitura;`;
  const values = {
    CACHE_DIR: options.cacheDir,
    CACHE_MAX_SIZE: options.cacheMaxSize ?? "2g",
    UPSTREAM_SERVERS: options.instances.map((i) => `  server ${instanceAddress(i)} max_fails=3 fail_timeout=3s;`).join("\n"),
    SERVER_NAME: serverName,
    CLIENT_DIR: path.join(options.root, "build", "client"),
    DEPLOY_DIR,
    PROXY_PARAMS: path.join(DEPLOY_DIR, "nginx", "proxy-params.conf"),
    LISTEN: tls ? "  listen 443 ssl http2;\n  listen [::]:443 ssl http2;" : `  listen ${options.listen};`,
    TLS: tls
      ? [
          `  ssl_certificate ${options.certificate ?? `/etc/letsencrypt/live/${serverName}/fullchain.pem`};`,
          `  ssl_certificate_key ${options.certificateKey ?? `/etc/letsencrypt/live/${serverName}/privkey.pem`};`,
          "  ssl_protocols TLSv1.2 TLSv1.3;",
          "  ssl_session_cache shared:voitura_tls:10m;",
          "  ssl_session_timeout 1d;",
        ].join("\n")
      : "",
    REDIRECT_SERVER: tls
      ? `server {\n  listen 80;\n  listen [::]:80;\n  server_name ${serverName};\n  ${accessLogLine}\n  location / { return 301 https://$host$request_uri; }\n}\n`
      : "",
    ACCESS_LOG: accessLogLine,
    MEDIA_LOCATION: options.uploadsDir ? localMedia(options.uploadsDir) : proxiedMedia(),
  };
  const template = fs.readFileSync(TEMPLATE, "utf8");
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`the template names {{${name}}}, which the renderer does not know`);
    return values[name];
  });
}

function localMedia(uploadsDir) {
  return `  location /medias/ {
    alias ${uploadsDir.replace(/\/+$/, "")}/;
    add_header Cache-Control "public, max-age=31536000, immutable" always;
    access_log off;
    log_not_found off;
    # A demo photo not drawn yet: the app draws it.
    error_page 404 = @voitura_app;
  }`;
}

function proxiedMedia() {
  // In the object store: the app reads them from the bucket, nginx keeps them (immutable).
  return `  location /medias/ {
    include ${path.join(DEPLOY_DIR, "nginx", "proxy-params.conf")};
    proxy_cache voitura_pages;
    proxy_cache_key $scheme$host$request_uri;
    add_header X-Cache-Status $upstream_cache_status always;
    access_log off;
    proxy_pass http://voitura_app;
  }`;
}

function cli(argv) {
  const option = (name, fallback) => {
    const found = argv.find((a) => a.startsWith(`--${name}=`));
    return found === undefined ? fallback : found.slice(name.length + 3);
  };
  if (argv.includes("--help")) {
    process.stdout.write(fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").slice(1, 9).join("\n").replace(/^\/\/ ?/gm, "") + "\n");
    return;
  }
  const uploads = option("uploads", "/var/lib/voitura/data/uploads");
  process.stdout.write(
    renderSite({
      instances: option("instances", "3001,3002,3003").split(",").filter(Boolean),
      serverName: option("server-name", "voitura.co.za"),
      root: option("root", "/srv/voitura"),
      uploadsDir: uploads || undefined,
      cacheDir: option("cache-dir", "/var/cache/nginx/voitura"),
      cacheMaxSize: option("cache-max-size", "2g"),
      certificate: option("certificate", undefined),
      certificateKey: option("certificate-key", undefined),
      accessLog: option("access-log", undefined),
    }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) cli(process.argv.slice(2));
