import { timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { COLOUR_MODE_KEY } from "~/lib/colour-mode";
import { checkRevisionsIfDue, onInvalidate } from "~/lib/cache.server";
import { hasSessionCookie } from "~/lib/http-cache";
import { joinBytes, splitBytesOnce } from "~/lib/bytes";
import { pageCacheRequests } from "~/lib/metrics.server";
import { currentRequest, nameCurrentRoute } from "~/lib/request-context.server";
import { RENDERED_DOCUMENT } from "./react-router-handler";
import { acceptsGzip } from "./document-compression";
import { compressPieces, type SegmentedGzip, spliceGzip } from "./segmented-gzip";

/**
 * A short-lived in-process cache of rendered public pages (what a CDN in front would also do).
 * Only responses a route marked public (Cache-Control "public", see app/lib/http-cache.ts) are
 * kept, only for anonymous requests, and never with a Set-Cookie. The per-request CSP nonce is
 * swapped for a placeholder when stored and for the new request's nonce when served, so every
 * response still carries its own nonce. Catalogue writes clear it (invalidate("catalogue")).
 * A client's "Cache-Control: no-cache" does not skip it (anyone could force a render a request,
 * an easy denial of service): only a request carrying the operator's PAGE_CACHE_BYPASS_TOKEN in
 * X-Page-Cache-Bypass renders afresh (the bench measures rendering that way).
 * Compression dominates the cost of serving a large page, so a hit is served gzipped from text
 * deflated once (see segmented-gzip.ts), the fresh nonce spliced in. Pages are kept as bytes.
 */

const TTL_MS = 60_000;
// Enough for the pages anonymous visitors share most (a page and its gzip are about 200 kB), small
// enough for a 1 GB server (docs/operations.md): a crawler's one-off pages only churn it.
const MAX_BYTES = 24 * 1024 * 1024;
const KEPT_CONTENT_TYPES = /^(text\/html|text\/x-script|application\/json|application\/xml|text\/xml|text\/plain)/;

interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body split where the nonce was. */
  pieces: Buffer[];
  gzip?: SegmentedGzip;
  bytes: number;
  storedAt: number;
  /** TTL_MS, or less when the page's s-maxage says so (live marketplace pages: 10 s). */
  ttlMs: number;
  /** The route that rendered it, so a hit is counted under its route in the metrics. */
  route?: string;
}

/** The time a stored page stays fresh: its s-maxage when shorter than TTL_MS. */
export function pageTtlMs(cacheControl: string): number {
  const sMaxAge = /(?:^|,)\s*s-maxage=(\d+)/i.exec(cacheControl)?.[1];
  return sMaxAge === undefined ? TTL_MS : Math.min(TTL_MS, Number(sMaxAge) * 1000);
}

const pages = new Map<string, CachedPage>();
let totalBytes = 0;

function forget(key: string): void {
  const page = pages.get(key);
  if (!page) return;
  totalBytes -= page.bytes;
  pages.delete(key);
}

export function clearPageCache(): void {
  pages.clear();
  totalBytes = 0;
}
onInvalidate(clearPageCache);


function cacheKey(req: Request): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  if (req.headers.authorization || req.headers.range) return undefined;
  const cookie = req.headers.cookie ?? "";
  // A session of any name makes the visitor personal (decision 005).
  if (hasSessionCookie(cookie)) return undefined;
  // The colour-mode cookie is the one cookie a public page renders differently for.
  const mode = new RegExp(`(?:^|;\\s*)${COLOUR_MODE_KEY}=([a-z]+)`).exec(cookie)?.[1] ?? "";
  return `${req.originalUrl}\n${mode}`;
}

function isStorable(res: Response): boolean {
  if (res.statusCode !== 200 || res.getHeader("set-cookie")) return false;
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  if (!/\bpublic\b/.test(cacheControl) || /no-store|private/.test(cacheControl)) return false;
  return KEPT_CONTENT_TYPES.test(String(res.getHeader("content-type") ?? ""));
}

function store(key: string, res: Response, chunks: Buffer[], nonce: string): void {
  const rendered: unknown = res.locals[RENDERED_DOCUMENT];
  const body = Buffer.isBuffer(rendered) ? rendered : Buffer.concat(chunks);
  // Views into the body, which nothing writes to once it is sent.
  const pieces = nonce ? splitBytesOnce(body, nonce) : [body];
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || ["content-length", "content-encoding", "transfer-encoding", "vary", "content-security-policy", "x-request-id", "x-page-cache", "date", "connection"].includes(name)) continue;
    headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
  }
  const bytes = body.length * 1.2;
  if (bytes > MAX_BYTES / 8) return;
  forget(key);
  const ttlMs = pageTtlMs(String(res.getHeader("cache-control") ?? ""));
  if (ttlMs <= 0) return;
  pages.set(key, { status: res.statusCode, headers, pieces, bytes, storedAt: Date.now(), ttlMs, route: currentRequest()?.route });
  totalBytes += bytes;
  // Oldest first out (Map keeps insertion order).
  for (const oldest of pages.keys()) {
    if (totalBytes <= MAX_BYTES) break;
    forget(oldest);
  }
}

function etagMatches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim() === "*" || bare(candidate) === bare(etag));
}

export const BYPASS_HEADER = "x-page-cache-bypass";

/** Whether a request carries the bypass token (compared in constant time). */
export function carriesBypassToken(header: string | string[] | undefined, token: string | undefined): boolean {
  if (!token || typeof header !== "string") return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The middleware; `bypassToken` unset means nothing skips the cache. */
export function pageCache({ bypassToken }: { bypassToken?: string } = {}) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const key = cacheKey(req);
    if (!key) return next();
    const bypass = carriesBypassToken(req.headers[BYPASS_HEADER], bypassToken);
    // Another process (the importer, another instance) may have changed the catalogue.
    const check = checkRevisionsIfDue();
    if (check) {
      check.then(() => servePage(key, bypass, req, res, next), next);
      return;
    }
    servePage(key, bypass, req, res, next);
  };
}

function servePage(key: string, bypass: boolean, req: Request, res: Response, next: NextFunction): void {
  const nonce = String(res.locals.cspNonce ?? "");
  const hit = bypass ? undefined : pages.get(key);

  if (hit && Date.now() - hit.storedAt < hit.ttlMs) {
    for (const [name, value] of hit.headers) res.setHeader(name, value);
    res.setHeader("x-page-cache", "hit");
    pageCacheRequests.inc({ outcome: "hit" });
    if (hit.route) nameCurrentRoute(hit.route);
    const etag = hit.headers.find(([name]) => name === "etag")?.[1];
    if (etagMatches(req.headers["if-none-match"], etag)) {
      res.status(304).end();
      return;
    }
    res.setHeader("vary", "Accept-Encoding");
    let body: Buffer;
    if (acceptsGzip(req.headers["accept-encoding"])) {
      hit.gzip ??= compressPieces(hit.pieces);
      body = spliceGzip(hit.gzip, hit.pieces, nonce);
      // Already encoded: the compression middleware leaves it as it is.
      res.setHeader("content-encoding", "gzip");
    } else {
      body = joinBytes(hit.pieces, Buffer.from(nonce, "utf8"));
    }
    res.setHeader("content-length", body.length);
    res.status(hit.status).end(req.method === "HEAD" ? undefined : body);
    return;
  }
  if (hit) forget(key);

  // Miss: let the app answer, keeping a copy of what it sends.
  const chunks: Buffer[] = [];
  let keep = false;
  let started = false;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const begin = () => {
    if (started) return;
    started = true;
    keep = isStorable(res);
    pageCacheRequests.inc({ outcome: bypass ? "bypass" : "miss" });
    if (!res.headersSent) res.setHeader("x-page-cache", bypass ? "bypass" : "miss");
  };
  const collect = (chunk: unknown, encoding?: unknown) => {
    // The app left the rendered document: no copy needed (it is set before the first write).
    if (!keep || Buffer.isBuffer(res.locals[RENDERED_DOCUMENT]) || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    chunks.push(Buffer.from(buffer));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    begin();
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    begin();
    collect(chunk, rest[0]);
    if (keep && req.method === "GET") store(key, res, chunks, nonce);
    return end(chunk, ...rest);
  }) as Response["end"];
  next();
}
