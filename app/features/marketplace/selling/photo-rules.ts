// The rules for a seller's photos, for the browser (instant feedback when a file is picked) and
// the server (the authority). A photo's type is read from its first bytes, never from its name or
// the type the browser declares.

export const PHOTO_RULES = {
  maxPhotos: 20,
  maxBytes: 15 * 1024 * 1024,
  /** 50 megapixels: any phone's or camera's photo; a larger claim is refused before decoding. */
  maxPixels: 50_000_000,
  minWidth: 400,
  minHeight: 300,
} as const;

export const PHOTO_MESSAGES = {
  tooHeavy: "Each photo must be 15 MB or smaller",
  notAPhoto: "This file is not a photo we can read: please choose a JPEG, PNG or WebP picture",
  heic: "HEIC photos cannot be read here yet: please choose a JPEG (on an iPhone, Settings › Camera › Formats › Most Compatible)",
  tooManyPixels: "This picture is too large (more than 50 megapixels): please choose a smaller copy",
  tooSmall: "This photo is too small to show well: it must be at least 400 × 300 pixels",
  unreadable: "This photo could not be read (the file may be damaged): please choose another",
  tooMany: "An ad can have at most 20 photos: delete one to add another",
  storageUnavailable: "Your photos could not be saved just now. Nothing was lost from your ad: please try again in a few minutes",
} as const;

/**
 * The HTTP status of a refused photo: too big (bytes or pixels) is 413, not a picture we read is
 * 415, anything else about the photo (too small, damaged, one too many) is 400.
 */
export function photoRefusalStatus(message: string): 400 | 413 | 415 {
  if (message === PHOTO_MESSAGES.tooHeavy || message === PHOTO_MESSAGES.tooManyPixels) return 413;
  if (message === PHOTO_MESSAGES.notAPhoto || message === PHOTO_MESSAGES.heic) return 415;
  return 400;
}

/** The seller's new photo order: `key` taken out and put back at `toIndex` (clamped to the list). */
export function movePhoto<T extends { key: string }>(photos: readonly T[], key: string, toIndex: number): T[] {
  const from = photos.findIndex((p) => p.key === key);
  if (from === -1) return [...photos];
  const rest = photos.filter((_, i) => i !== from);
  const to = Math.max(0, Math.min(rest.length, Math.trunc(toIndex)));
  return [...rest.slice(0, to), photos[from]!, ...rest.slice(to)];
}

export type PhotoType = "jpeg" | "png" | "webp";
type SniffedType = PhotoType | "heic" | "avif";

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) => expected.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The picture format of a file, from its first bytes (undefined: not a picture we know). */
export function sniffPhotoType(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, 0, ascii("RIFF")) && startsWith(bytes, 8, ascii("WEBP"))) return "webp";
  // ISO base media: "ftyp" then the brand (HEIC from phones, AVIF).
  if (startsWith(bytes, 4, ascii("ftyp"))) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].includes(brand)) return "heic";
    if (brand === "avif" || brand === "avis") return "avif";
  }
  return undefined;
}

/** The message for a file refused before it is sent (type and weight), or undefined. */
export function photoFileProblem(bytes: Uint8Array, size: number): string | undefined {
  if (size > PHOTO_RULES.maxBytes) return PHOTO_MESSAGES.tooHeavy;
  const type = sniffPhotoType(bytes);
  if (type === "heic") return PHOTO_MESSAGES.heic;
  if (type === undefined || type === "avif") return PHOTO_MESSAGES.notAPhoto;
  return undefined;
}
