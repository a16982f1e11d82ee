// Photo renditions: every stored photo exists as WebP in these widths, 4:3, under one storage key
// (`{key}-{width}.webp`, served from /medias with a year's immutable cache). The keys of demo
// photos name their drawing ("demo/suv-white-front"); uploaded ones (issue 15) are content hashes.

export const PHOTO_WIDTHS = [320, 640, 1280] as const;
type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export const PHOTO_ASPECT = 3 / 4;
export const MEDIA_PATH = "/medias";

export const photoHeight = (width: number): number => Math.round(width * PHOTO_ASPECT);

/** The storage key of one rendition. */
export const photoFileKey = (key: string, width: PhotoWidth): string => `${key}-${width}.webp`;

// Where the pages point at stored photos: the site's own /medias, or the object store's public
// address (S3_PUBLIC_URL, e.g. a CDN before the bucket). The server sets it once at start and puts
// it in the document (root's <meta name="photo-base">); the browser reads it back before it
// hydrates, so both render the same addresses.
let photoBaseUrl: string = MEDIA_PATH;
export const PHOTO_BASE_META = "photo-base";

export function setPhotoBase(base: string | null | undefined): void {
  photoBaseUrl = base ? base.replace(/\/+$/, "") : MEDIA_PATH;
}

/** The photos' address prefix, when it is not the site's own /medias (undefined then). */
export const customPhotoBase = (): string | undefined => (photoBaseUrl === MEDIA_PATH ? undefined : photoBaseUrl);

export const photoUrl = (key: string, width: PhotoWidth): string => `${photoBaseUrl}/${photoFileKey(key, width)}`;

/** srcset over the widths up to `maxWidth`. */
export function photoSrcSet(key: string, maxWidth: PhotoWidth = 1280): string {
  return PHOTO_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${photoUrl(key, w)} ${w}w`)
    .join(", ");
}
