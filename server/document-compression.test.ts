import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, documentEncodingFor, encodeDocumentFor } from "./document-compression";

const PAGE = Buffer.from(`<!DOCTYPE html><main>${"<p>Toyota Corolla Cross 1.8 Xi CVT: R 448 300 – déjà vu</p>".repeat(200)}</main>`);

describe("acceptsGzip", () => {
  it("takes gzip, any coding, and gzip with a positive q", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("br, *;q=0.1")).toBe(true);
    expect(acceptsGzip("deflate, gzip ")).toBe(true);
  });

  it("refuses no header, other codings only, and gzip with q=0 (even beside *)", () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("x-gzip, gzipped")).toBe(false);
    expect(acceptsGzip("GZIP; q=0.0")).toBe(false);
    expect(acceptsGzip("*, gzip;q=0")).toBe(false);
  });
});

describe("documentEncodingFor", () => {
  it("chooses gzip whenever it is taken (brotli costs a render more), brotli for a client taking only that", () => {
    // What Chromium and Firefox send.
    expect(documentEncodingFor("gzip, deflate, br, zstd")).toBe("gzip");
    expect(documentEncodingFor("gzip;q=0.8, br;q=0.9")).toBe("gzip");
    expect(documentEncodingFor("*")).toBe("gzip");
    expect(documentEncodingFor("br")).toBe("br");
    expect(documentEncodingFor("gzip;q=0, br")).toBe("br");
    expect(documentEncodingFor("*, gzip;q=0")).toBe("br");
  });

  it("chooses none when neither is taken", () => {
    expect(documentEncodingFor(undefined)).toBeNull();
    expect(documentEncodingFor("deflate, identity")).toBeNull();
    expect(documentEncodingFor("gzip;q=0, br;q=0")).toBeNull();
  });
});

describe("encodeDocumentFor", () => {
  it("gzips a document for a client taking gzip, into bytes that inflate to it", async () => {
    const encoded = await encodeDocumentFor(PAGE, "gzip", {});
    expect(encoded?.encoding).toBe("gzip");
    expect(encoded!.body.length).toBeLessThan(PAGE.length / 5);
    expect(zlib.gunzipSync(encoded!.body).equals(PAGE)).toBe(true);
  });

  it("makes the same gzip as zlib.gzip at the same level, in one write", async () => {
    const encoded = await encodeDocumentFor(PAGE, "gzip", {});
    expect(encoded!.body.equals(zlib.gzipSync(PAGE, { level: 3 }))).toBe(true);
  });

  it("gzips a document whose gzip spans several of zlib's 64 kB chunks (nothing incompressible is lost or left waiting)", async () => {
    // Random bytes in base64 compress to about three quarters: about 2 MB of gzip from 2.7 MB.
    const noise = Buffer.from(crypto.randomBytes(2_000_000).toString("base64"));
    const encoded = await encodeDocumentFor(noise, "gzip", {});
    expect(encoded!.body.length).toBeGreaterThan(1_000_000);
    expect(zlib.gunzipSync(encoded!.body).equals(noise)).toBe(true);
    // Each in flight at once, as under load.
    const many = await Promise.all([PAGE, noise, PAGE].map((document) => encodeDocumentFor(document, "gzip", {})));
    expect(many.map((answer) => zlib.gunzipSync(answer!.body).length)).toEqual([PAGE.length, noise.length, PAGE.length]);
  });

  it("reuses its streams: each gzip whole and the same as zlib's, earlier ones untouched by later ones", async () => {
    const other = Buffer.from(PAGE.toString("utf8").replaceAll("a", "b"));
    const first = await encodeDocumentFor(PAGE, "gzip", {});
    const firstCopy = Buffer.from(first!.body);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([other, PAGE, other].map((document) => encodeDocumentFor(document, "gzip", {})));
      expect(answers[0]!.body.equals(zlib.gzipSync(other, { level: 3 }))).toBe(true);
      expect(answers[1]!.body.equals(zlib.gzipSync(PAGE, { level: 3 }))).toBe(true);
    }
    // The first answer's bytes (a view of a kept stream's output) are as they were.
    expect(first!.body.equals(firstCopy)).toBe(true);
  });

  it("gzips for a browser, and compresses with brotli for a client taking only that", async () => {
    expect((await encodeDocumentFor(PAGE, "gzip, deflate, br, zstd", {}))?.encoding).toBe("gzip");
    const encoded = await encodeDocumentFor(PAGE, "br", {});
    expect(encoded?.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(encoded!.body).equals(PAGE)).toBe(true);
  });

  it("leaves the document as it is for a client taking neither, a small body, an encoding already set or no-transform", async () => {
    expect(await encodeDocumentFor(PAGE, undefined, {})).toBeNull();
    expect(await encodeDocumentFor(PAGE, "deflate", {})).toBeNull();
    expect(await encodeDocumentFor(Buffer.from("<p>tiny</p>"), "gzip", {})).toBeNull();
    expect(await encodeDocumentFor(PAGE, "gzip", { contentEncoding: "br" })).toBeNull();
    expect(await encodeDocumentFor(PAGE, "gzip", { cacheControl: "public, no-transform, max-age=60" })).toBeNull();
    expect(await encodeDocumentFor(PAGE, "gzip", { contentEncoding: "identity", cacheControl: "public, s-maxage=60" })).not.toBeNull();
  });
});
