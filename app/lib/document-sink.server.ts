/**
 * Where React's renderToPipeableStream writes a document that is sent whole (cacheable pages):
 * the bytes are kept as they come (React's chunks, and its large strings encoded once) and joined
 * once. The document then stays bytes until the socket: its ETag, the script deferral and the
 * page cache read bytes, so nothing is decoded and encoded again.
 */
interface DocumentSink {
  write(chunk: string | Uint8Array): boolean;
  end(): void;
  destroy(error?: unknown): void;
  on(event: string, listener: (...args: unknown[]) => void): DocumentSink;
}

export function documentSink(onDocument: (html: Buffer) => void, onError: (error: unknown) => void): DocumentSink {
  const parts: Buffer[] = [];
  let finished = false;
  const sink: DocumentSink = {
    write(chunk) {
      // React never writes into a chunk it has handed over: a view, not a copy.
      parts.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      return true;
    },
    end() {
      if (finished) return;
      finished = true;
      onDocument(Buffer.concat(parts));
    },
    destroy(error) {
      if (finished) return;
      finished = true;
      onError(error ?? new Error("document rendering stopped"));
    },
    // Never full, never closed by a reader: no drain, error or close events to report.
    on: () => sink,
  };
  return sink;
}
