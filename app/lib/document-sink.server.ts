import { TextDecoder } from "node:util";

/**
 * Where React's renderToPipeableStream writes a document that is sent whole (cacheable pages):
 * the text is kept as it comes. React writes large strings (pre-rendered fragments, the footer)
 * as they are and everything else as complete UTF-8 chunks, so nothing is encoded and decoded
 * again only to be joined, as a PassThrough and Buffer.concat would.
 */
export interface DocumentSink {
  write(chunk: string | Uint8Array): boolean;
  end(): void;
  destroy(error?: unknown): void;
  on(event: string, listener: (...args: unknown[]) => void): DocumentSink;
}

export function documentSink(onDocument: (html: string) => void, onError: (error: unknown) => void): DocumentSink {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let finished = false;
  const sink: DocumentSink = {
    write(chunk) {
      // Each chunk React writes ends on a character boundary (encodeInto never splits one).
      parts.push(typeof chunk === "string" ? chunk : decoder.decode(chunk));
      return true;
    },
    end() {
      if (finished) return;
      finished = true;
      onDocument(parts.join(""));
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
