import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, mayReloadForChunk } from "./build-updates";

describe("chunk reload guard", () => {
  it("reloads the first time", () => expect(mayReloadForChunk(null, 1000)).toBe(true));
  it("refuses a second reload within 10 s", () => expect(mayReloadForChunk(1000, 1000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false));
  it("allows it again after 10 s", () => expect(mayReloadForChunk(1000, 1000 + CHUNK_RELOAD_GUARD_MS)).toBe(true));
});
