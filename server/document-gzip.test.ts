import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, gzipDocumentFor } from "./document-gzip";

const PAGE = Buffer.from(`<!DOCTYPE html><main>${"<p>Toyota Corolla Cross 1.8 Xi CVT: R 448 300 – déjà vu</p>".repeat(200)}</main>`);

describe("acceptsGzip", () => {
  it("takes gzip, any coding, and gzip with a positive q", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("br, *;q=0.1")).toBe(true);
    expect(acceptsGzip("deflate, gzip ")).toBe(true);
  });

  it("refuses no header, other codings only, and gzip with q=0", () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("x-gzip, gzipped")).toBe(false);
    expect(acceptsGzip("GZIP; q=0.0")).toBe(false);
  });
});

describe("gzipDocumentFor", () => {
  it("gzips a document the client takes gzip for, into bytes that inflate to it", async () => {
    const gzipped = await gzipDocumentFor(PAGE, "gzip, deflate", {});
    expect(gzipped).not.toBeNull();
    expect(gzipped!.length).toBeLessThan(PAGE.length / 5);
    expect(zlib.gunzipSync(gzipped!).equals(PAGE)).toBe(true);
  });

  it("leaves the document as it is for a client without gzip, a small body, an encoding already set or no-transform", async () => {
    expect(await gzipDocumentFor(PAGE, undefined, {})).toBeNull();
    expect(await gzipDocumentFor(PAGE, "br", {})).toBeNull();
    expect(await gzipDocumentFor(Buffer.from("<p>tiny</p>"), "gzip", {})).toBeNull();
    expect(await gzipDocumentFor(PAGE, "gzip", { contentEncoding: "br" })).toBeNull();
    expect(await gzipDocumentFor(PAGE, "gzip", { cacheControl: "public, no-transform, max-age=60" })).toBeNull();
    expect(await gzipDocumentFor(PAGE, "gzip", { contentEncoding: "identity", cacheControl: "public, s-maxage=60" })).not.toBeNull();
  });
});
