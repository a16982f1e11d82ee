import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A rendered document is whole bytes before it is sent (react-router-handler.ts), so it is
 * compressed in one call, sent with its length, rather than through the compression middleware's
 * stream: that middleware negotiates, wraps the response and feeds a zlib stream chunk by chunk on
 * every request, work the main thread (what limits pages a second) does for nothing when the
 * body is already complete. Gzip at level 3 (server/main.js) whenever the client takes it, as
 * every browser does, though browsers rank brotli level with it and the middleware then picks
 * brotli: at the middleware's quality 4, brotli cost a model page 1.24 to 1.33 times the main
 * thread of gzip (79 against 125 pages a second, the same server alternated, decision 012) for
 * a sixth fewer bytes. Behind nginx the app is only ever asked for gzip (deploy/). Brotli only
 * for a client that takes it and not gzip.
 */
const CHUNK_SIZE = 64 * 1024;
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 3, chunkSize: CHUNK_SIZE };
const BROTLI_QUALITY = 4;
// The middleware's default threshold: below it the encoding's framing costs more than it saves.
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);

/** zlib's legacy entry to one write of a chunk with a flush flag (zlib.js keeps it for compatibility). */
type OneWrite = (chunk: Buffer, flushFlag: number, done: () => void) => void;

// The readable side's high-water mark of a kept stream: above the largest gzip it is given (a
// document up to MAX_POOLED_INPUT; deflateBound is the input plus about 0.03 %), so zlib never
// pauses for a reader and the one write runs to the end.
const MAX_POOLED_INPUT = 4 * 1024 * 1024;
const POOLED_HIGH_WATER_MARK = MAX_POOLED_INPUT + (MAX_POOLED_INPUT >> 8) + 1024;
/** Idle gzip streams kept at most: one per document compressed at once, about 320 kB each. */
const POOL_MAX = 8;

const idleGzips: zlib.Gzip[] = [];

/** A gzip stream to take: a kept one, reset, or a new one. */
function takeGzip(): zlib.Gzip {
  const kept = idleGzips.pop();
  if (kept) return kept;
  // zlib passes stream options on to its Transform, though its types list only zlib's own.
  return zlib.createGzip({ ...GZIP_OPTIONS, readableHighWaterMark: POOLED_HIGH_WATER_MARK } as zlib.ZlibOptions);
}

/** A stream whose document is read out whole: reset (deflateReset, its memory kept) and kept, or closed past the pool's size. */
function giveBackGzip(stream: zlib.Gzip): void {
  if (idleGzips.length >= POOL_MAX || stream.destroyed) {
    stream.close();
    return;
  }
  // zlib.reset() is documented for every zlib stream, though the types give it to few.
  (stream as unknown as { reset(): void }).reset();
  idleGzips.push(stream);
}

/**
 * The document gzipped in one write to the thread pool, by a kept stream. `zlib.gzip` writes the
 * input, then finishes the stream in a second write: each is a hand-off to a pool thread, which
 * wakes it, and waking a thread is dear on two virtual cores (a script with eight in flight: 55
 * to 80 µs of the main thread a model page through zlib.gzip, 25 to 35 µs in one write). And it
 * makes a new stream each time: a Transform and zlib's state (some 300 kB allocated and freed),
 * 1.5 % of a page's main thread (decision 012). A kept stream is reset after its document is read
 * out; its output buffer is never written over (zlib moves on through it, then takes a new one),
 * so a document's gzip stays valid while it is sent.
 */
function gzip(document: Buffer): Promise<Buffer> {
  if (document.length > MAX_POOLED_INPUT) return promisify(zlib.gzip)(document, GZIP_OPTIONS);
  const stream = takeGzip();
  const oneWrite = (stream as unknown as { _processChunk?: OneWrite })._processChunk;
  if (typeof oneWrite !== "function") {
    stream.close();
    return promisify(zlib.gzip)(document, GZIP_OPTIONS);
  }
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      stream.close();
      reject(error);
    };
    stream.once("error", failed);
    oneWrite.call(stream, document, zlib.constants.Z_FINISH, () => {
      stream.off("error", failed);
      const parts: Buffer[] = [];
      for (let part: Buffer | null; (part = stream.read() as Buffer | null) !== null; ) parts.push(part);
      giveBackGzip(stream);
      resolve(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
    });
  });
}

type DocumentEncoding = "br" | "gzip";

/**
 * The weight an Accept-Encoding header gives a coding: its own entry's q, else the `*` entry's,
 * else 0 (not accepted). An entry without q weighs 1.
 */
function weightOf(header: string, coding: DocumentEncoding): number {
  let own: number | null = null;
  let any: number | null = null;
  for (const part of header.split(",")) {
    const semicolon = part.indexOf(";");
    const name = (semicolon === -1 ? part : part.slice(0, semicolon)).trim().toLowerCase();
    if (name !== coding && name !== "*") continue;
    const q = semicolon === -1 ? null : /;\s*q=([0-9.]+)/i.exec(part);
    const weight = q ? Number(q[1]) || 0 : 1;
    if (name === coding) own = weight;
    else any = weight;
  }
  return own ?? any ?? 0;
}

/** Whether an Accept-Encoding header takes gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  return header ? weightOf(header, "gzip") > 0 : false;
}

/** Gzip when the client takes it, else brotli when it takes that; null for neither. */
export function documentEncodingFor(header: string | undefined): DocumentEncoding | null {
  if (!header) return null;
  if (weightOf(header, "gzip") > 0) return "gzip";
  return weightOf(header, "br") > 0 ? "br" : null;
}

/**
 * The document compressed in the encoding the client asks for when nothing forbids it (an
 * encoding already set, Cache-Control no-transform, a body too small to gain), else null: send it
 * as it is.
 */
export async function encodeDocumentFor(
  document: Buffer,
  acceptEncoding: string | undefined,
  headers: { contentEncoding?: unknown; cacheControl?: unknown },
): Promise<{ encoding: DocumentEncoding; body: Buffer } | null> {
  if (document.length < MIN_BYTES) return null;
  const encoding = documentEncodingFor(acceptEncoding);
  if (!encoding) return null;
  if (headers.contentEncoding !== undefined && String(headers.contentEncoding) !== "identity") return null;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(headers.cacheControl ?? ""))) return null;
  const body =
    encoding === "br"
      ? await brotli(document, {
          chunkSize: CHUNK_SIZE,
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: document.length },
        })
      : await gzip(document);
  return { encoding, body };
}
