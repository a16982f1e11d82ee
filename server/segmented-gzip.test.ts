import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPieces, spliceGzip } from "./segmented-gzip";

describe("segmented gzip", () => {
  const texts = ['<html><head><script nonce="', '">boot()</script></head><body>', "é".repeat(5000) + "<p>Fin</p>", "</body></html>"];

  it("decodes (checksum and length verified by zlib) to the text with the value spliced in", () => {
    const compressed = compressPieces(texts);
    for (const value of ["abc123==", "Zm9vYmFyYmF6cXV4MTIzNA==", ""]) {
      const body = spliceGzip(compressed, texts, value);
      expect(zlib.gunzipSync(body).toString("utf8")).toBe(texts.join(value));
    }
  });

  it("works with a single piece (no value to splice) and with long repetitive text", () => {
    const long = ["x".repeat(200_000) + "y".repeat(70_000)];
    expect(zlib.gunzipSync(spliceGzip(compressPieces(long), long, "n")).toString()).toBe(long[0]);
    const many = Array.from({ length: 30 }, (_, i) => `<script nonce="`.repeat(i % 3) + `part ${i} `.repeat(50));
    expect(zlib.gunzipSync(spliceGzip(compressPieces(many), many, "N0nce")).toString()).toBe(many.join("N0nce"));
  });

  it("compresses close to a plain gzip of the same text", () => {
    const html = Array.from({ length: 400 }, (_, i) => `<li><a href="/guide-auto/voitures-neuves/marque/brand-${i % 40}">Model ${i}</a></li>`).join("");
    const pieces = [html.slice(0, 20_000), html.slice(20_000)];
    const spliced = spliceGzip(compressPieces(pieces), pieces, "abcdefghijklmnopqrstuv==");
    expect(spliced.length).toBeLessThan(zlib.gzipSync(pieces.join("abcdefghijklmnopqrstuv==")).length * 1.3);
  });
});
