import { describe, expect, it } from "vitest";
import { joinBytes, splitBytes } from "./bytes";

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
});
