import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { localStorage } from "~/lib/storage.server";
import { demoPhotoSvg } from "./demo-photos";
import { ensureDemoPhotos } from "./demo-photos.server";

describe("demo photos", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-photos-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const storage = localStorage(root);

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
});
