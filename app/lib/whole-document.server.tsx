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
/** What StreamTransfer keeps per read in `renderMeta.streamCache`: the read's promise, its result on it. */
type KeptRead = Promise<void> & { result?: { done: boolean; value: string } };

/**
 * Reads React Router's hydration data stream to its end and leaves every read where
 * StreamTransfer keeps its reads (`renderMeta.streamCache`, by read number), each with its result:
 * it then prints them without waiting. Decoded chunk by chunk, as StreamTransfer does.
 */
export async function readHandoffAhead(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  const renderMeta = context.renderMeta as (RenderMeta & { streamCache?: Record<number, KeptRead> }) | undefined;
  if (!stream || !renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const streamCache: Record<number, KeptRead> = {};
  for (let read = 0; ; read++) {
    const { done, value } = await reader.read();
    const kept: KeptRead = Promise.resolve();
    kept.result = { done, value: decoder.decode(value, { stream: true }) };
    streamCache[read] = kept;
    if (done) break;
  }
  renderMeta.streamCache = streamCache;
  // <ServerRouter> takes a reader from the stream each time it renders (twice after a fallback):
  // an empty one each time, never read.
  Object.defineProperty(context, "serverHandoffStream", { configurable: true, enumerable: true, get: () => new ReadableStream({ start: (controller) => controller.close() }) });
}

// The streaming renderer writes it before a document's <html>; renderToString does not.
const DOCTYPE = "<!DOCTYPE html>";
// A boundary React gave up on (it suspended or threw): the browser would render it itself.
const CLIENT_RENDERED_BOUNDARY = "<!--$!";

/**
 * The document as one string, or null when it needs the streaming renderer: something suspended
 * or failed (the streaming renderer then waits for it, or reports the error as it always did).
 */
export function renderDocumentToString(element: ReactElement): string | null {
  let html: string;
  try {
    html = renderToString(element);
  } catch {
    return null;
  }
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  return html.startsWith("<html") ? DOCTYPE + html : html;
}
