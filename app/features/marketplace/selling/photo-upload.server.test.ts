import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { localStorage } from "~/lib/storage.server";
import { PHOTO_MESSAGES } from "./photo-rules";
import { photoFileKey } from "../photos";
import { PhotoRejected, storeUploadedPhoto } from "./photo-upload.server";

// The checks on a seller's photo and what is stored of it, with real images made by sharp.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-photos-"));
const storage = localStorage(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const plain = (width: number, height: number, background = "#c0392b") => sharp({ create: { width, height, channels: 3, background } });

/** A PNG whose header claims `width` x `height` pixels, with (almost) no pixel data behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const refusal = async (bytes: Buffer) => {
  try {
    await storeUploadedPhoto(storage, bytes);
  } catch (error) {
    if (error instanceof PhotoRejected) return error.message;
    throw error;
  }
  throw new Error("the photo was accepted");
};

const rendition = async (key: string, width: 320 | 640 | 1280) => Buffer.from((await storage.read(photoFileKey(key, width)))!);

describe("a seller's photo", () => {
  it("is stored as WebP in every width, 4:3, under its content's hash", async () => {
    const jpeg = await plain(1600, 1200).jpeg().toBuffer();
    const stored = await storeUploadedPhoto(storage, jpeg);
    expect(stored).toMatchObject({ type: "jpeg", originalWidth: 1600, originalHeight: 1200, width: 1280, height: 960 });
    expect(stored.key).toMatch(/^ads\/[0-9a-f]{32}$/);
    for (const width of [320, 640, 1280] as const) {
      const meta = await sharp(await rendition(stored.key, width)).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: (width * 3) / 4 });
    }
    expect((await storeUploadedPhoto(storage, jpeg)).key).toBe(stored.key);
  });

  it("is never enlarged: a 1024 x 683 photo is cropped to 4:3 and its widest file holds 1024 px", async () => {
    const stored = await storeUploadedPhoto(storage, await plain(1024, 683).jpeg().toBuffer());
    const sizes = [];
    for (const width of [320, 640, 1280] as const) {
      const { width: w, height: h } = await sharp(await rendition(stored.key, width)).metadata();
      sizes.push([w, h]);
    }
    // The 4:3 crop of 1024 x 683 is 910 x 683 (683 x 4 / 3 = 910.7); 640 and 320 are scaled from it.
    expect(sizes).toEqual([
      [320, 240],
      [640, 480],
      [910, 683],
    ]);
  });

  it("is known by its bytes, not its name: a PNG sent as car.jpg is a PNG, a text file named .jpg is refused", async () => {
    const png = await plain(800, 600).png().toBuffer();
    expect((await storeUploadedPhoto(storage, png)).type).toBe("png");
    expect(await refusal(Buffer.from("Not a photo at all, only text in a file named car.jpg\n"))).toBe(PHOTO_MESSAGES.notAPhoto);
    const webp = await plain(800, 600).webp().toBuffer();
    expect((await storeUploadedPhoto(storage, webp)).type).toBe("webp");
  });

  it("refuses a 60 000 x 60 000 picture from its header, without decoding it", async () => {
    const bomb = pngClaiming(60_000, 60_000);
    expect(bomb.length).toBeLessThan(1_000);
    const started = performance.now();
    expect(await refusal(bomb)).toBe(PHOTO_MESSAGES.tooManyPixels);
    // Decoding 3.6 billion pixels would take minutes and gigabytes; reading a header takes nothing.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses a damaged file, a photo too small to show, HEIC and one over 15 MB", async () => {
    const jpeg = await plain(1600, 1200).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, 400))).toBe(PHOTO_MESSAGES.unreadable);
    expect(await refusal(await plain(200, 150).jpeg().toBuffer())).toBe(PHOTO_MESSAGES.tooSmall);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic", "ascii"), Buffer.alloc(64)]);
    expect(await refusal(heic)).toBe(PHOTO_MESSAGES.heic);
    expect(await refusal(Buffer.concat([jpeg, Buffer.alloc(15 * 1024 * 1024)]))).toBe(PHOTO_MESSAGES.tooHeavy);
  });

  it("keeps no EXIF: a photo with a GPS position is stored without it", async () => {
    const withGps = await plain(1200, 900)
      .jpeg()
      .withExif({
        IFD0: { Make: "Voitura test camera" },
        IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 55/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "18/1 25/1 0/1" },
      })
      .toBuffer();
    const exif = (await sharp(withGps).metadata()).exif;
    expect(exif?.includes(Buffer.from("Voitura test camera"))).toBe(true);
    const stored = await storeUploadedPhoto(storage, withGps);
    for (const width of [320, 640, 1280] as const) {
      const bytes = await rendition(stored.key, width);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      expect(bytes.includes(Buffer.from("Voitura test camera"))).toBe(false);
    }
  });

  it("is turned upright by its EXIF orientation", async () => {
    // Stored sideways: red on the left, blue on the right, and "turn a quarter clockwise" in EXIF.
    const sideways = await plain(800, 600, "#ff0000")
      .composite([{ input: await plain(400, 600, "#0000ff").png().toBuffer(), left: 400, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const stored = await storeUploadedPhoto(storage, sideways);
    expect(stored).toMatchObject({ originalWidth: 600, originalHeight: 800 });
    const { data, info } = await sharp(await rendition(stored.key, 640)).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const red = ([r, , b]: number[]) => r! > 200 && b! < 60;
    const blue = ([r, , b]: number[]) => b! > 200 && r! < 60;
    // Upright, red is on top and blue below (unturned, the left edge would be red all the way down).
    expect(red(pixel(5, 5))).toBe(true);
    expect(blue(pixel(5, info.height - 5))).toBe(true);
  });
});
