import { escapeHtml } from "~/lib/html";
import { LruCache } from "~/lib/lru";
import { printedMarkup } from "~/lib/printed-markup.server";
import { AdCard } from "./components/ad-card";
import type { AdCardProps } from "./components/ad-card-item";
import type { AdCardData } from "./types";

// A card's HTML, printed once per card and kept as long as the card itself is kept (the cards of
// live ads are shared objects, ad-cards.server.ts: a card read again is a new object, so its HTML
// is printed again). The page the heart's no-script form returns to differs by page: it is printed
// as a marker and put in per page.
const RETURN_MARKER = "\u0001return-to\u0001";
const printed = new WeakMap<AdCardData, Map<string, string>>();
// A render thread (decision 021) is handed copies: every card a new object, every time. A card
// not known as an object is looked up by its content before it is printed.
const MAX_KEPT_BY_CONTENT = 3_000;
const printedByContent = new LruCache<string>(MAX_KEPT_BY_CONTENT);

/** Not for a `priority` card: its photo's preload would be printed inside the card. */
export function adCardHtml({ ad, redirectTo, priority: _, ...variant }: AdCardProps): string {
  let variants = printed.get(ad);
  if (!variants) {
    variants = new Map();
    printed.set(ad, variants);
  }
  const key = `${variant.saved ? 1 : 0}|${variant.headingLevel ?? 3}|${variant.sizes ?? ""}`;
  let html = variants.get(key);
  if (html === undefined) {
    const contentKey = `${key}|${JSON.stringify(ad)}`;
    html = printedByContent.get(contentKey) ?? printedMarkup(<AdCard ad={ad} redirectTo={RETURN_MARKER} {...variant} />);
    printedByContent.set(contentKey, html);
    variants.set(key, html);
  }
  const returnTo = escapeHtml(redirectTo);
  return html.replace(RETURN_MARKER, () => returnTo);
}
