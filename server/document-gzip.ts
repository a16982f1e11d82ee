import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A rendered document is whole bytes before it is sent (react-router-handler.ts), so it is
 * gzipped in one call, sent with its length, rather than through the compression middleware's
 * stream: that middleware negotiates, wraps the response and feeds a zlib stream chunk by chunk on
 * every request, work the main thread (what limits pages a second) does for nothing when the
 * body is already complete. Level 3 and 64 kB chunks as the middleware is set (server/main.js).
 */
const DOCUMENT_GZIP: zlib.ZlibOptions = { level: 3, chunkSize: 64 * 1024 };
// The middleware's default threshold: below it the gzip header and checksum cost more than they save.
const MIN_BYTES = 1024;

const gzip = promisify(zlib.gzip);

/** Whether an Accept-Encoding header takes gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const semicolon = part.indexOf(";");
    const coding = (semicolon === -1 ? part : part.slice(0, semicolon)).trim().toLowerCase();
    if (coding !== "gzip" && coding !== "*") continue;
    if (semicolon === -1) return true;
    const q = /;\s*q=([0-9.]+)/i.exec(part);
    if (!q || Number(q[1]) > 0) return true;
  }
  return false;
}

/**
 * The document gzipped when the client takes gzip and nothing forbids it (an encoding already
 * set, Cache-Control no-transform, a body too small to gain), else null: send it as it is.
 */
export async function gzipDocumentFor(document: Buffer, acceptEncoding: string | undefined, headers: { contentEncoding?: unknown; cacheControl?: unknown }): Promise<Buffer | null> {
  if (document.length < MIN_BYTES || !acceptsGzip(acceptEncoding)) return null;
  if (headers.contentEncoding !== undefined && String(headers.contentEncoding) !== "identity") return null;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(headers.cacheControl ?? ""))) return null;
  return gzip(document, DOCUMENT_GZIP);
}
