import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isValidStorageKey, localStorage } from "./storage.server";

describe("storage keys", () => {
  it("accepts relative paths of plain names", () => {
    for (const key of ["demo/suv-white-front-640.webp", "a.webp", "2026/11/ab_cd.jpg", "x/y/z"]) {
      expect(isValidStorageKey(key), key).toBe(true);
    }
  });

  it("refuses traversal, absolute paths, hidden files and odd characters", () => {
    for (const key of [
      "",
      "../etc/passwd",
      "demo/../../secret",
      "demo/..",
      "a..b",
      "/etc/passwd",
      "demo//x.webp",
      "demo/",
      ".env",
      "demo/.hidden",
      "C:\\windows",
      "demo\\x.webp",
      "demo/x y.webp",
      "demo/x%2e.webp",
      "demo/x\0.webp",
      "demo/é.webp",
      "a".repeat(301),
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
    }
  });
});

describe("local storage", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-storage-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const store = localStorage(root);

  it("puts, reads, checks and deletes a file under its root", async () => {
    const bytes = new TextEncoder().encode("hello");
    expect(await store.exists("demo/a-320.webp")).toBe(false);
    expect(await store.read("demo/a-320.webp")).toBeUndefined();
    await store.put("demo/a-320.webp", bytes, "image/webp");
    expect(await store.exists("demo/a-320.webp")).toBe(true);
    expect(new TextDecoder().decode(await store.read("demo/a-320.webp"))).toBe("hello");
    expect(fs.existsSync(path.join(root, "demo", "a-320.webp"))).toBe(true);
    // No temporary file left behind.
    expect(fs.readdirSync(path.join(root, "demo"))).toEqual(["a-320.webp"]);
    await store.delete("demo/a-320.webp");
    expect(await store.exists("demo/a-320.webp")).toBe(false);
    await store.delete("demo/a-320.webp");
  });

  it("says a folder is not a file", async () => {
    await store.put("folder/inside.txt", new Uint8Array([1]), "text/plain");
    expect(await store.exists("folder")).toBe(false);
  });

  it("gives the served address and refuses a bad key on every operation", async () => {
    expect(store.publicUrl("demo/a-320.webp")).toBe("/medias/demo/a-320.webp");
    expect(store.localRoot).toBe(path.resolve(root));
    await expect(store.put("../escape.txt", new Uint8Array([1]), "text/plain")).rejects.toThrow(/Invalid storage key/);
    await expect(store.read("/etc/passwd")).rejects.toThrow(/Invalid storage key/);
    await expect(store.delete("../x")).rejects.toThrow(/Invalid storage key/);
    expect(await store.exists("../x")).toBe(false);
    expect(() => store.publicUrl("../x")).toThrow(/Invalid storage key/);
    expect(fs.existsSync(path.join(root, "..", "escape.txt"))).toBe(false);
  });
});
