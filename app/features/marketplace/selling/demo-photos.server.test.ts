import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { localStorage, MEDIA_PATH as STORAGE_MEDIA_PATH } from "~/lib/storage.server";
import { demoPhotoSvg } from "./demo-photos";
import { drawMissingDemoPhoto, ensureDemoPhotos } from "./demo-photos.server";
import { MEDIA_PATH, photoUrl } from "../photos";

describe("demo photos", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-photos-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const storage = localStorage(root);

  it("addresses photos where the storage serves them", () => {
    // photos.ts runs in the browser and cannot import the storage module: the two must agree.
    expect(MEDIA_PATH).toBe(STORAGE_MEDIA_PATH);
    expect(photoUrl("demo/suv-red-side", 640)).toBe(storage.publicUrl("demo/suv-red-side-640.webp"));
  });

  it("draws the illustration in the ad's paint", () => {
    const svg = demoPhotoSvg("suv", "red", "side", 640);
    expect(svg).toContain('width="640" height="480"');
    expect(svg).toContain("#b91c1c");
  });

  it("renders each shot to WebP in every width, 4:3, and only what is missing", async () => {
    const first = await ensureDemoPhotos(storage, [{ bodyType: "bakkie", colour: "white" }], { shots: ["side", "detail"] });
    expect(first).toEqual({ rendered: 2, kept: 0 });
    for (const [width, height] of [[320, 240], [640, 480], [1280, 960]]) {
      const bytes = await storage.read(`demo/bakkie-white-detail-${width}.webp`);
      const meta = await sharp(Buffer.from(bytes!)).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height });
    }
    const again = await ensureDemoPhotos(storage, [{ bodyType: "bakkie", colour: "white" }], { shots: ["side", "detail"] });
    expect(again).toEqual({ rendered: 0, kept: 2 });
  });

  it("draws a missing demo photo a request names, and nothing for other keys", async () => {
    expect(await drawMissingDemoPhoto(storage, "demo/double-cab-red-rear-640.webp")).toBe(true);
    expect(await storage.exists("demo/double-cab-red-rear-320.webp")).toBe(true);
    for (const key of ["demo/rocket-red-rear-640.webp", "demo/suv-pink-rear-640.webp", "demo/suv-red-top-640.webp", "demo/suv-red-rear-500.webp", "uploads/x-640.webp"]) {
      expect(await drawMissingDemoPhoto(storage, key), key).toBe(false);
    }
  });
});
