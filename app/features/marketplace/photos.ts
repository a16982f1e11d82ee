// Photo renditions: every stored photo exists as WebP in these widths, 4:3, under one storage key
// (`{key}-{width}.webp`, served from /medias with a year's immutable cache). The keys of demo
// photos name their drawing ("demo/suv-white-front"); uploaded ones (issue 15) are content hashes.

export const PHOTO_WIDTHS = [320, 640, 1280] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export const PHOTO_ASPECT = 3 / 4;
export const MEDIA_PATH = "/medias";

export const photoHeight = (width: number): number => Math.round(width * PHOTO_ASPECT);

/** The storage key of one rendition. */
export const photoFileKey = (key: string, width: PhotoWidth): string => `${key}-${width}.webp`;

export const photoUrl = (key: string, width: PhotoWidth): string => `${MEDIA_PATH}/${photoFileKey(key, width)}`;

/** srcset over the widths up to `maxWidth`. */
export function photoSrcSet(key: string, maxWidth: PhotoWidth = 1280): string {
  return PHOTO_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${photoUrl(key, w)} ${w}w`)
    .join(", ");
}
