// Search suggestions (top-bar search field, api.php search_suggestion): the pure rules.
// Normalisation, brand aliases and ranking live here; the SQL that finds candidates is in
// suggestions.server.ts.
import { modelUrl } from "~/features/catalogue/urls";

/** The spec's suggestion items (section 3), plus the slugs needed to build the model URL. */
interface ModelSuggestion {
  type: "model";
  brand_name: string;
  model_id: number;
  model_name: string;
  brand_slug: string;
  model_slug: string;
}

export interface NewsSuggestion {
  type: "news";
  post_id: number;
  post_name: string;
  post_title: string;
}

/** The spec's items (api.php search_suggestion answers exactly these). */
export type Suggestion = ModelSuggestion | NewsSuggestion;

/**
 * A used-car search ("Used Polo Vivo: 86 ads"). Only the site's own /suggestions endpoint gives
 * these: the spec fixes search_suggestion's types to 'model' and 'news' (decision 011).
 */
interface UsedSuggestion {
  type: "used";
  label: string;
  count: number;
  url: string;
}

/** What the header search field lists. */
export type FieldSuggestion = Suggestion | UsedSuggestion;

/** Search runs only with at least 2 characters (spec section 5). */
export const MIN_QUERY_LENGTH = 2;
/** Longer input is cut here: nobody types a 100-character car name. */
export const MAX_QUERY_LENGTH = 100;
export const SUGGESTION_LIMIT = 8;

/** Where choosing a suggestion goes (spec section 2 and 4). */
export function suggestionUrl(item: FieldSuggestion): string {
  if (item.type === "used") return item.url;
  if (item.type === "model") return modelUrl(item.brand_slug, { id: item.model_id, slug: item.model_slug });
  return `/actualite-auto/toute-actualite/${item.post_id}-${item.post_name}`;
}

/** The full new-car search for a typed text (the form's target without JavaScript too). */
export function fullSearchUrl(text: string): string {
  return `/voitures-neuves/recherche?${new URLSearchParams({ q: text.trim() })}`;
}

/**
 * No accents, lower case, every run of other characters one space, trimmed. The database's
 * search_normalise() (migration 0002) does the same, so both sides compare the same text.
 */
export function normaliseSearchText(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "ss")
    .replace(/[æÆ]/g, "ae")
    .replace(/[øØ]/g, "o")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * What people type for a brand → the brand's normalised name. Whole words only, so "vw polo"
 * becomes "volkswagen polo" but "vwx" stays as it is.
 */
const brandAliases: Readonly<Record<string, string>> = {
  vw: "volkswagen",
  volksie: "volkswagen",
  merc: "mercedes benz",
  mercedes: "mercedes benz",
  benz: "mercedes benz",
  mb: "mercedes benz",
  amg: "mercedes benz",
  chevy: "chevrolet",
  lr: "land rover",
  landrover: "land rover",
  beemer: "bmw",
  bimmer: "bmw",
  alfa: "alfa romeo",
  vauxhall: "opel",
  greatwall: "gwm",
  rr: "rolls royce",
};

export interface PreparedQuery {
  /** Normalised text with aliases expanded: compared with models.search_text. */
  text: string;
  /** Its words. */
  words: string[];
  /** to_tsquery text: every word whole ("mercedes & benz & c"). */
  wordQuery: string;
  /** to_tsquery text: the words as typed, the last one unfinished ("mercedes & benz & c:*"). */
  typedQuery: string;
  /** to_tsquery text: every word as a prefix, in any order ("mercedes:* & benz:* & c:*"). */
  prefixQuery: string;
}

/** Cuts, normalises and expands a typed text; null when too short to search. */
export function prepareQuery(raw: string): PreparedQuery | null {
  const normalised = normaliseSearchText(raw.slice(0, MAX_QUERY_LENGTH));
  if (normalised.length < MIN_QUERY_LENGTH) return null;
  const padded = ` ${normalised} `;
  const words = normalised.split(" ").flatMap((word) => {
    const expansion = brandAliases[word];
    // "mercedes benz c" already names the brand in full: leave it as typed.
    return expansion && !padded.includes(` ${expansion} `) ? expansion.split(" ") : [word];
  });
  return {
    text: words.join(" "),
    words,
    wordQuery: words.join(" & "),
    typedQuery: [...words.slice(0, -1), `${words.at(-1)}:*`].join(" & "),
    prefixQuery: words.map((w) => `${w}:*`).join(" & "),
  };
}

/**
 * Edits between two words, counting a swap of two adjacent letters as one (optimal string
 * alignment distance); anything over `max` is reported as max + 1, found without the full table.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** Typos allowed in a typed word: none under 4 characters (too many words are that close), 1 up to 7, 2 from 8. */
export function allowedEdits(word: string): number {
  if (word.length < 4) return 0;
  return word.length < 8 ? 1 : 2;
}

/** At most this many catalogue words stand in for one typed word. */
const MAX_CORRECTIONS = 4;

/**
 * The catalogue words a typed word may be a typo of, closest first. `vocabulary` is every word of
 * models.search_vector: the words of "brand model" and their runs written together ("scorpion",
 * "cx5", "etron"). A word the catalogue has, or (for the word still being typed) starts, is not
 * a typo.
 */
export function corrections(word: string, vocabulary: readonly string[], options: { last?: boolean } = {}): string[] {
  const max = allowedEdits(word);
  if (max === 0) return [];
  if (vocabulary.includes(word) || (options.last && vocabulary.some((v) => v.startsWith(word)))) return [];
  return vocabulary
    .map((v) => ({ v, d: editDistance(word, v, max) }))
    .filter(({ d }) => d <= max)
    .sort((x, y) => x.d - y.d || x.v.localeCompare(y.v))
    .slice(0, MAX_CORRECTIONS)
    .map(({ v }) => v);
}

/**
 * to_tsquery text that forgives typos and separators: every typed word, as a prefix or as a close
 * catalogue word ("scopio" → scorpio), and, for several words, the whole text written together or a
 * catalogue word close to it ("i 20 n" → i20n, "beiing x55" → beijingx55). The words are the
 * normalised ones ([a-z0-9]), so no tsquery operator gets through.
 */
export function typoQuery(query: PreparedQuery, vocabulary: readonly string[]): string {
  const { words } = query;
  const alternatives = (word: string, last: boolean) => {
    const found = corrections(word, vocabulary, { last });
    return found.length === 0 ? `${word}:*` : `(${[`${word}:*`, ...found].join(" | ")})`;
  };
  const perWord = words.map((word, i) => alternatives(word, i === words.length - 1)).join(" & ");
  if (words.length === 1) return perWord;
  return `(${perWord}) | ${alternatives(words.join(""), true)}`;
}

/** One matching model as the database reports it, before ranking. */
export interface SuggestionCandidate {
  brandName: string;
  brandSlug: string;
  modelId: number;
  modelName: string;
  modelSlug: string;
  popularity: number;
  /** search_text or the model's own normalised name equals the query. */
  exact: boolean;
  /** Every query word is a whole word of "brand model". */
  words: boolean;
  /** The query as typed so far: its words whole and the last one started, or the start of the text or name. */
  typed: boolean;
  /** Every query word starts a word, in any order. */
  prefix: boolean;
  /** Trigram word similarity of the query with "brand model", 0–1: is the query in there? */
  similarity: number;
  /** Trigram similarity of the query with the whole "brand model", 0–1: how much of it is it? */
  closeness: number;
}

export const Tier = { Exact: 0, Words: 1, Typed: 2, Prefix: 3, Fuzzy: 4 } as const;
export type Tier = (typeof Tier)[keyof typeof Tier];

export function matchTier(c: SuggestionCandidate): Tier {
  if (c.exact) return Tier.Exact;
  if (c.words) return Tier.Words;
  if (c.typed) return Tier.Typed;
  if (c.prefix) return Tier.Prefix;
  return Tier.Fuzzy;
}

/**
 * Exact, then whole-word, then typed-prefix, then any-order prefix matches, then fuzzy ones.
 * Within a tier the most popular first, except among fuzzy ones: the closest first (similarities
 * within 0.05 count as equal, then the one the query covers most), then the most popular. The name breaks the last ties.
 */
export function compareCandidates(a: SuggestionCandidate, b: SuggestionCandidate): number {
  const tier = matchTier(a) - matchTier(b);
  if (tier !== 0) return tier;
  if (matchTier(a) === Tier.Fuzzy) {
    const sim = Math.round(b.similarity * 20) - Math.round(a.similarity * 20);
    if (sim !== 0) return sim;
    if (a.closeness !== b.closeness) return b.closeness - a.closeness;
  }
  if (a.popularity !== b.popularity) return b.popularity - a.popularity;
  return `${a.brandName} ${a.modelName}`.localeCompare(`${b.brandName} ${b.modelName}`);
}

/**
 * The best `limit` candidates as suggestion items. When some model matches the words exactly
 * ("vw polo", "ranger"), loose matches (any-order prefixes, typos) are noise and are left out.
 */
export function rankCandidates(candidates: SuggestionCandidate[], limit = SUGGESTION_LIMIT): ModelSuggestion[] {
  const strong = candidates.some((c) => matchTier(c) <= Tier.Words);
  return candidates
    .filter((c) => !strong || matchTier(c) <= Tier.Typed)
    .sort(compareCandidates)
    .slice(0, limit)
    .map((c) => ({
      type: "model",
      brand_name: c.brandName,
      model_id: c.modelId,
      model_name: c.modelName,
      brand_slug: c.brandSlug,
      model_slug: c.modelSlug,
    }));
}
