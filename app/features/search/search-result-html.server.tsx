import { printedMarkup } from "~/lib/printed-markup.server";
import { SearchResultCard } from "./components/search-result-card";
import { LruCache } from "~/lib/lru";
import type { SearchResult } from "./new-car-search.server";

// A result card's HTML, printed once and kept for every search that shows the same card (the same
// model with the same matching versions, price and compare car): a results page is 24 cards, and
// most searches share most of theirs with others. Keyed by everything the card is given.
const MAX_KEPT_CARDS = 3_000;
const kept = new LruCache<string>(MAX_KEPT_CARDS);

export function searchResultHtml(result: SearchResult): string {
  const key = JSON.stringify(result);
  let html = kept.get(key);
  if (html === undefined) {
    html = printedMarkup(<SearchResultCard result={result} />);
    kept.set(key, html);
  }
  return html;
}
