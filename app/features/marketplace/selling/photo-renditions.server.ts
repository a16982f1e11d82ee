import type { Storage } from "~/lib/storage.server";
import { PHOTO_WIDTHS, photoFileKey, photoHeight } from "../photos";

// The photo pipeline: one picture in, WebP renditions in every width the pages use, stored under
// one key. Demo photos go through it from their SVG, uploaded photos after their checks
// (photo-upload.server.ts). The output carries no metadata (sharp keeps none unless asked).

export interface RenditionOptions {
  /** WebP encoder effort, 0 (fastest) to 6; flat demo drawings gain little from more. */
  effort?: number;
  quality?: number;
  /** Turn the picture upright by its EXIF orientation (photos from phones). */
  autoRotate?: boolean;
  /** Refuse to decode more pixels than this (a decompression bomb); sharp's default otherwise. */
  limitInputPixels?: number;
  /** The picture's upright size, when known from its header: it is then never enlarged. */
  sourceSize?: { width: number; height: number };
}

let sharpReady: Promise<typeof import("sharp").default> | undefined;

/**
 * sharp, loaded on first use (a native module the pages never need). libvips' operation cache is
 * off: no two photos are the same work, and a cache of decoded pixels would only raise the memory
 * peak while sellers upload.
 */
export function loadSharp() {
  sharpReady ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpReady;
}

export interface Rendition {
  fileKey: string;
  bytes: Buffer;
}

/**
 * Renders `input` (an SVG or any image sharp reads) as WebP in every width, in memory. A photo
 * whose size is given is never enlarged: when its 4:3 crop is narrower than a width, that width's
 * file holds the crop at its own size (a dealer's 1024 px photo is stored at 1024 under the 1280
 * key). Enlarging added bytes for phones and no detail, and was half the work of a stock feed.
 */
export async function renderPhotoRenditions(key: string, input: Buffer, options: RenditionOptions = {}): Promise<Rendition[]> {
  const webp = { quality: options.quality ?? 80, effort: options.effort ?? 4 };
  const sharp = await loadSharp();
  const open = () => {
    const image = sharp(input, options.limitInputPixels ? { limitInputPixels: options.limitInputPixels } : {});
    return options.autoRotate ? image.rotate() : image;
  };
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const size = options.sourceSize;
  const widest = size ? Math.min(largest, Math.floor(Math.min(size.width, (size.height * 4) / 3))) : largest;
  const widthFor = (width: number) => Math.min(width, widest);
  const renditions: Rendition[] = [];
  if (shrinksOnLoad(input) && (!size || size.width > 2 * largest)) {
    // A large JPEG or WebP decodes straight at a fraction of its size (a 4000 px photo at 2000,
    // 1000 or 500 px): each width read from the file costs less memory than keeping decoded pixels
    // for the others (measured: 20 phone photos of 4 MB, half the memory peak, the same time).
    for (const width of PHOTO_WIDTHS) {
      const bytes = await open().resize(widthFor(width), photoHeight(widthFor(width)), { fit: "cover" }).removeAlpha().webp(webp).toBuffer();
      renditions.push({ fileKey: photoFileKey(key, width), bytes });
    }
    return renditions;
  }
  // Draw (or decode) once at the widest size, then scale the pixels down for the others.
  const { data, info } = await open().resize(widest, photoHeight(widest), { fit: "cover" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  for (const width of PHOTO_WIDTHS) {
    const pixels = sharp(data, raw);
    const scaled = widthFor(width) === widest ? pixels : pixels.resize(widthFor(width), photoHeight(widthFor(width)));
    renditions.push({ fileKey: photoFileKey(key, width), bytes: await scaled.webp(webp).toBuffer() });
  }
  return renditions;
}

/** JPEG and WebP, which libvips decodes at a fraction of their size when asked for a smaller one. */
function shrinksOnLoad(input: Buffer): boolean {
  const jpeg = input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff;
  const webp = input.toString("latin1", 0, 4) === "RIFF" && input.toString("latin1", 8, 12) === "WEBP";
  return jpeg || webp;
}

/** The largest rendition's nominal size, as pages lay it out (every photo is stored 4:3; a smaller photo keeps its own size in that shape). */
export const largestRendition = { width: PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!, height: photoHeight(PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!) };

export async function storeRenditions(storage: Storage, renditions: readonly Rendition[]): Promise<void> {
  for (const { fileKey, bytes } of renditions) await storage.put(fileKey, bytes, "image/webp");
}

/** Renders `input` to `{key}-{width}.webp` for every width and stores them. */
export async function storePhotoRenditions(
  storage: Storage,
  key: string,
  input: Buffer,
  options: RenditionOptions = {},
): Promise<{ width: number; height: number }> {
  await storeRenditions(storage, await renderPhotoRenditions(key, input, options));
  return largestRendition;
}
