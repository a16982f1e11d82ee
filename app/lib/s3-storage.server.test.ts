import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeUploadedPhoto } from "~/features/marketplace/selling/photo-upload.server";
import { PHOTO_WIDTHS, photoFileKey } from "~/features/marketplace/photos";
import { startS3Server } from "../../tests/setup/s3-server.mjs";
import { parseEnv, s3Settings } from "./env.server";
import { IMMUTABLE_CACHE_CONTROL, s3Storage } from "./s3-storage.server";
import { InvalidStorageKeyError, type Storage } from "./storage.server";

// The S3 store against a real S3-compatible server (s3rver) on this machine: what the store writes
// is read back over S3's HTTP API, with the SDK the site uses.

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-s3-"));
let server: Awaited<ReturnType<typeof startS3Server>>;
let store: Storage;

beforeAll(async () => {
  server = await startS3Server({ directory, bucket: "voitura-photos" });
  store = s3Storage(s3Settings(parseEnv(server.env))!);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** The object as any S3 client sees it: a plain GET of its path-style address. */
const fetchObject = (key: string) => fetch(`${server.endpoint}/${server.bucket}/${key}`);

describe("the S3 store", () => {
  it("writes, reads, finds and deletes a file", async () => {
    const bytes = new Uint8Array(Buffer.from("RIFF0000WEBPVP8 a small file"));
    await store.put("tests/one-640.webp", bytes, "image/webp");
    expect(await store.exists("tests/one-640.webp")).toBe(true);
    expect(Buffer.from((await store.read("tests/one-640.webp"))!).toString()).toBe("RIFF0000WEBPVP8 a small file");

    await store.delete("tests/one-640.webp");
    expect(await store.exists("tests/one-640.webp")).toBe(false);
    expect(await store.read("tests/one-640.webp")).toBeUndefined();
  });

  it("stores the content type and a year's immutable cache with the object", async () => {
    await store.put("tests/typed-320.webp", new Uint8Array([1, 2, 3]), "image/webp");
    const response = await fetchObject("tests/typed-320.webp");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it("replaces a file written twice", async () => {
    await store.put("tests/twice.txt", new Uint8Array(Buffer.from("first")), "text/plain");
    await store.put("tests/twice.txt", new Uint8Array(Buffer.from("second")), "text/plain");
    expect(Buffer.from((await store.read("tests/twice.txt"))!).toString()).toBe("second");
  });

  it("answers undefined and false for a missing key, and deleting it is no error", async () => {
    expect(await store.read("tests/never-written.webp")).toBeUndefined();
    expect(await store.exists("tests/never-written.webp")).toBe(false);
    await expect(store.delete("tests/never-written.webp")).resolves.toBeUndefined();
  });

  it("refuses a bad key before anything is sent", async () => {
    for (const key of ["../escape.webp", "/absolute.webp", "tests/.hidden", "tests//double.webp", "a..b"]) {
      await expect(store.put(key, new Uint8Array([1]), "image/webp"), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.read(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(() => store.publicUrl(key), key).toThrow(InvalidStorageKeyError);
    }
  });

  it("gives the site's own /medias address, or the public URL when one is set", () => {
    expect(store.publicUrl("ads/abc-640.webp")).toBe("/medias/ads/abc-640.webp");
    const settings = s3Settings(parseEnv({ ...server.env, S3_PUBLIC_URL: "https://photos.example.com/" }))!;
    expect(s3Storage(settings).publicUrl("ads/abc-640.webp")).toBe("https://photos.example.com/ads/abc-640.webp");
    expect(store.localRoot).toBeUndefined();
  });

  it("fails loudly, not as a missing file, when the bucket does not exist", async () => {
    const wrongBucket = s3Storage({ ...s3Settings(parseEnv(server.env))!, bucket: "no-such-bucket" });
    await expect(wrongBucket.put("tests/x.webp", new Uint8Array([1]), "image/webp")).rejects.toThrow();
  });

  it("receives a seller's photo from the photo pipeline: every rendition in the bucket", async () => {
    // A photo-like JPEG (noise, not a flat colour) of a phone's proportions.
    const noise = Buffer.alloc(1200 * 900 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();

    const stored = await storeUploadedPhoto(store, jpeg);
    expect(stored.key).toMatch(/^ads\/[0-9a-f]{32}$/);
    for (const width of PHOTO_WIDTHS) {
      const response = await fetchObject(photoFileKey(stored.key, width));
      expect(response.status, `${width}`).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      // A photo is never enlarged: the 1280 file of a 1200 px photo holds its 1200 px.
      expect([meta.format, meta.width]).toEqual(["webp", Math.min(width, 1200)]);
    }
  });
});
