import { createHash } from "node:crypto";
import type { Storage } from "~/lib/storage.server";
import { largestRendition, loadSharp, type Rendition, renderPhotoRenditions, storeRenditions } from "./photo-renditions.server";
import { PHOTO_MESSAGES, PHOTO_RULES, type PhotoType, photoFileProblem, sniffPhotoType } from "./photo-rules";

// A seller's photo, checked and stored: the type read from the bytes, the size in pixels read from
// the header before anything is decoded (a decompression bomb is refused unread), then turned
// upright by its EXIF orientation and stored as WebP renditions without any metadata (no GPS).
// The key is the content's hash, so the same photo sent twice is stored once.

export class PhotoRejected extends Error {}

interface StoredPhoto {
  key: string;
  type: PhotoType;
  /** The original's size, upright. */
  originalWidth: number;
  originalHeight: number;
  /** The largest rendition's size. */
  width: number;
  height: number;
}

export const uploadedPhotoKey = (bytes: Uint8Array): string => `ads/${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}`;

/** Checks and stores one uploaded photo; a refusal is a PhotoRejected with the seller's message. */
export async function storeUploadedPhoto(storage: Storage, bytes: Buffer): Promise<StoredPhoto> {
  const problem = photoFileProblem(bytes, bytes.length);
  if (problem) throw new PhotoRejected(problem);
  const type = sniffPhotoType(bytes) as PhotoType;
  const sharp = await loadSharp();
  let header: { width?: number; height?: number; orientation?: number };
  try {
    // Reads the header only: the pixel count is known before a byte is decompressed.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejected(PHOTO_MESSAGES.unreadable);
  }
  const { width = 0, height = 0, orientation = 1 } = header;
  if (width * height > PHOTO_RULES.maxPixels) throw new PhotoRejected(PHOTO_MESSAGES.tooManyPixels);
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright size is the other way round.
  const [uprightWidth, uprightHeight] = orientation >= 5 ? [height, width] : [width, height];
  if (uprightWidth < PHOTO_RULES.minWidth || uprightHeight < PHOTO_RULES.minHeight) {
    throw new PhotoRejected(PHOTO_MESSAGES.tooSmall);
  }
  const key = uploadedPhotoKey(bytes);
  let renditions: Rendition[];
  try {
    renditions = await renderPhotoRenditions(key, bytes, {
      autoRotate: true,
      limitInputPixels: PHOTO_RULES.maxPixels,
      quality: 80,
      effort: 2,
      sourceSize: { width: uprightWidth, height: uprightHeight },
    });
  } catch {
    // A header that lied about its pixels, a truncated or damaged file: the seller chooses another.
    throw new PhotoRejected(PHOTO_MESSAGES.unreadable);
  }
  // A storage failure is not the seller's doing: it goes up as an error.
  await storeRenditions(storage, renditions);
  return { key, type, originalWidth: uprightWidth, originalHeight: uprightHeight, ...largestRendition };
}
