import { describe, expect, it } from "vitest";
import { documentSink } from "./document-sink.server";

describe("document sink", () => {
  it("keeps text and byte chunks in order, as one document, once", () => {
    const documents: string[] = [];
    const sink = documentSink((html) => documents.push(html.toString("utf8")), () => {});
    sink.write(new TextEncoder().encode("<p>Prix: R 329 900 – “négociable”</p>"));
    sink.write("<footer>large fragment</footer>");
    expect(sink.on("drain", () => {})).toBe(sink);
    sink.end();
    sink.end();
    expect(documents).toEqual(["<p>Prix: R 329 900 – “négociable”</p><footer>large fragment</footer>"]);
  });

  it("reports a render stopped on the way, and no document", () => {
    const documents: string[] = [];
    const errors: unknown[] = [];
    const sink = documentSink((html) => documents.push(html.toString("utf8")), (error) => errors.push(error));
    sink.write("<html>");
    sink.destroy(new Error("aborted"));
    sink.end();
    expect(documents).toEqual([]);
    expect(errors).toHaveLength(1);
  });
});
