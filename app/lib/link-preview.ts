// Link previews: the addresses of the 1200×630 cards the server draws for shared links (decision
// 010). Pure and browser-safe: route `meta` functions build these addresses from their loader data.

/** Every card's size (Open Graph's and X's large image: 1.91:1). */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
export const PREVIEW_ROOT = "/apercu";

/**
 * Part of every fingerprint: bump it when the cards' drawing changes, so that every versioned
 * address changes and caches that kept an old card for a year fetch the new one.
 */
const PREVIEW_DESIGN_VERSION = 1;

/** The publisher logo (512×512 PNG) of the NewsArticle JSON-LD, served by the preview route. */
export const PUBLISHER_LOGO_PATH = `${PREVIEW_ROOT}/logo.png`;
export const PUBLISHER_LOGO_SIZE = 512;

/** A page's card: where it is and what it shows in words. */
export interface LinkPreview {
  path: string;
  alt: string;
}

/** 32-bit FNV-1a over the string's UTF-16 code units, as 8 hex digits (not a security hash). */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The fingerprint of what a card shows (its content and the design version). */
export function previewFingerprint(content: unknown): string {
  return fnv1a(JSON.stringify([PREVIEW_DESIGN_VERSION, content]));
}

/**
 * `/apercu/{subject}.{fingerprint}.png`: the address changes whenever the card's content does, so
 * it may be cached for a year. `subject` is e.g. `modele/12` or `comparateur/7-31`.
 */
export function previewImagePath(subject: string, content: unknown): string {
  return `${PREVIEW_ROOT}/${subject}.${previewFingerprint(content)}.png`;
}

/** The site's own card (the home page's), for every page that has none of its own. */
export const SITE_PREVIEW_CONTENT = { kind: "site" } as const;
export const SITE_PREVIEW: LinkPreview = {
  path: previewImagePath("accueil", SITE_PREVIEW_CONTENT),
  alt: "Voitura: every new car sold in South Africa, with rand prices, compared side by side",
};
