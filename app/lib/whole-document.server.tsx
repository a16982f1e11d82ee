import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";

/**
 * A document rendered whole, in one synchronous pass (decision 012).
 *
 * A cacheable page is sent whole anyway (its ETag needs every byte), so nothing is gained by
 * React's streaming renderer, which encodes every small piece of markup into bytes as it goes
 * and hops through the event loop between steps: renderToString builds the same markup as one
 * string, in about half the time. What it cannot do is wait. The one thing in our documents that
 * waits is React Router's hydration data: `<ServerRouter>` reads it from a stream while
 * rendering (its StreamTransfer suspends on every read). So the stream is read to its end first,
 * and its reads are left where StreamTransfer keeps them: it finds them done and prints the same
 * scripts at once. A render that still suspends or fails inside a boundary shows as a
 * client-rendered boundary (`<!--$!-->`) and is given to the streaming renderer, which then
 * answers exactly as it would have (the reads stay done for it too).
 */

type RenderMeta = NonNullable<EntryContext["renderMeta"]>;
/** One read of the hydration data stream, decoded. */
export type HandoffRead = { done: boolean; value: string };
/** What StreamTransfer keeps per read in `renderMeta.streamCache`: the read's promise, its result on it. */
type KeptRead = Promise<void> & { result?: HandoffRead };

/**
 * Reads React Router's hydration data stream to its end and leaves every read where
 * StreamTransfer keeps its reads (`renderMeta.streamCache`, by read number), each with its result:
 * it then prints them without waiting. Returns the reads, in order (null when the context has no
 * stream to read).
 *
 * Each chunk is decoded on its own: the stream's encoder enqueues every line as one
 * `TextEncoder.encode` of a whole string, so no chunk ends inside a character. StreamTransfer's
 * `decode(value, { stream: true })` gives the same text through ICU's converter, about 10 ns a
 * byte here (70 µs for a model page's 8 kB, 2 % of its main thread) against a fraction of that.
 */
export async function readHandoffAhead(context: EntryContext): Promise<HandoffRead[] | null> {
  const stream = context.serverHandoffStream;
  const renderMeta = context.renderMeta as (RenderMeta & { streamCache?: Record<number, KeptRead> }) | undefined;
  if (!stream || !renderMeta) return null;
  const reader = stream.getReader();
  const reads: HandoffRead[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    reads.push({ done, value: value ? utf8Text(value) : "" });
    if (done) break;
  }
  renderMeta.streamCache = keptHandoffReads(reads);
  // <ServerRouter> takes a reader from the stream each time it renders (twice after a fallback),
  // which StreamTransfer never reads: every read is kept above. One ended stream's stand-in for
  // all of them (a web stream costs a few microseconds to make, twice a page).
  Object.defineProperty(context, "serverHandoffStream", { configurable: true, enumerable: true, value: ENDED_HANDOFF });
  return reads;
}

/** The reads as StreamTransfer keeps them: by read number, each a settled promise with its result. */
export function keptHandoffReads(reads: readonly HandoffRead[]): Record<number, KeptRead> {
  const streamCache: Record<number, KeptRead> = {};
  reads.forEach((result, read) => {
    const kept: KeptRead = Promise.resolve();
    kept.result = result;
    streamCache[read] = kept;
  });
  return streamCache;
}

/** A whole UTF-8 chunk as text, read in place (a malformed sequence becomes U+FFFD, as TextDecoder does). */
function utf8Text(chunk: Uint8Array): string {
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("utf8");
}

const ENDED_READ: ReadableStreamReadResult<Uint8Array> = { done: true, value: undefined };
/** A stream already at its end, as far as <ServerRouter> and StreamTransfer use one: a reader whose reads are done. */
export const ENDED_HANDOFF = {
  getReader: () => ({ read: () => Promise.resolve(ENDED_READ), releaseLock: () => {}, cancel: () => Promise.resolve(), closed: Promise.resolve(undefined) }),
} as unknown as ReadableStream<Uint8Array>;

// The streaming renderer writes it before a document's <html>; renderToString does not.
const DOCTYPE = "<!DOCTYPE html>";
const HTML_START = Buffer.from("<html");
// A boundary React gave up on (it suspended or threw): the browser would render it itself.
const CLIENT_RENDERED_BOUNDARY = "<!--$!";

/**
 * The document as UTF-8 bytes, or null when it needs the streaming renderer: something suspended
 * or failed (the streaming renderer then waits for it, or reports the error as it always did).
 * The markup is read by its encoding only: the checks look at the bytes, and the doctype is
 * written in front of them rather than joined to the string, which would copy it again.
 */
export function renderWholeDocument(element: ReactElement, rewrite?: DocumentRewrite): Buffer | null {
  let markup: string;
  try {
    markup = renderToString(element);
  } catch {
    return null;
  }
  return documentBytes(markup, rewrite);
}

/**
 * A rewrite of the encoded document, given before it is copied out of the scratch buffer: the
 * pieces to join instead (views into the document and new bytes), or null to keep it as it is.
 * Joining the pieces is then the document's one copy.
 */
type DocumentRewrite = (document: Buffer) => Buffer[] | null;

// The markup is encoded into one scratch buffer kept between renders, large enough for three
// bytes a character, then copied out at the document's size: measuring its UTF-8 length first
// is a pass over the whole markup. A document too large for SCRATCH_MAX_BYTES is measured first
// instead.
const SCRATCH_MAX_BYTES = 8 * 1024 * 1024;
let scratch: Buffer | null = null;

/** A rendered document's markup as one UTF-8 document (see renderWholeDocument), or null when it needs the streaming renderer. */
export function documentBytes(markup: string, rewrite?: DocumentRewrite): Buffer | null {
  const worst = DOCTYPE.length + markup.length * 3;
  let bytes: Buffer;
  let end: number;
  if (worst <= SCRATCH_MAX_BYTES) {
    if (!scratch || scratch.length < worst) scratch = Buffer.allocUnsafeSlow(Math.max(worst, 1024 * 1024));
    bytes = scratch;
    end = DOCTYPE.length + scratch.write(markup, DOCTYPE.length, "utf8");
  } else {
    const length = Buffer.byteLength(markup, "utf8");
    bytes = Buffer.allocUnsafe(DOCTYPE.length + length);
    end = DOCTYPE.length + bytes.write(markup, DOCTYPE.length, length, "utf8");
  }
  const body = bytes.subarray(DOCTYPE.length, end);
  if (body.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  const start = body.subarray(0, HTML_START.length).equals(HTML_START) ? 0 : DOCTYPE.length;
  if (start === 0) bytes.write(DOCTYPE, 0, "latin1");
  const pieces = rewrite?.(bytes.subarray(start, end)) ?? null;
  // The scratch is written again by the next render: the document gets its own copy.
  if (pieces) return Buffer.concat(pieces);
  if (bytes !== scratch) return bytes.subarray(start, end);
  const document = Buffer.allocUnsafe(end - start);
  scratch.copy(document, 0, start, end);
  return document;
}
