import { describe, expect, it } from "vitest";
import { joinBytes, splitBytes, splitBytesOnce } from "./bytes";

describe("bytes split and joined", () => {
  it("splits where the separator is, keeps empty pieces, and joins back to the same bytes", () => {
    const text = "nonce<p>Prix – R 1 000 nonce</p>noncenonce";
    const bytes = Buffer.from(text, "utf8");
    const nonce = Buffer.from("nonce");
    const pieces = splitBytes(bytes, nonce);
    expect(pieces.map((p) => p.toString("utf8"))).toEqual(text.split("nonce"));
    expect(joinBytes(pieces, nonce).equals(bytes)).toBe(true);
    expect(splitBytes(bytes, Buffer.alloc(0))).toEqual([bytes]);
    expect(joinBytes(splitBytes(Buffer.from("abc"), nonce), Buffer.from("X")).toString()).toBe("abc");
  });

  it("splits a buffer around a text once, and again for another text or another buffer", () => {
    const page = Buffer.from('<script nonce="n1">a</script><script nonce="n1">b</script>');
    const pieces = splitBytesOnce(page, "n1");
    expect(pieces.map((p) => p.toString())).toEqual(['<script nonce="', '">a</script><script nonce="', '">b</script>']);
    expect(splitBytesOnce(page, "n1")).toBe(pieces);
    expect(splitBytesOnce(page, "script").map((p) => p.toString())).toEqual(page.toString().split("script"));
    expect(splitBytesOnce(Buffer.from(page), "n1")).not.toBe(pieces);
    expect(splitBytesOnce(Buffer.from(page), "n1")).toEqual(pieces);
  });
});
