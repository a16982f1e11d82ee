import { describe, expect, it } from "vitest";
import {
  MAX_QUERY_LENGTH,
  type SuggestionCandidate,
  Tier,
  allowedEdits,
  compareCandidates,
  corrections,
  editDistance,
  fullSearchUrl,
  matchTier,
  normaliseSearchText,
  prepareQuery,
  rankCandidates,
  suggestionUrl,
  typoQuery,
} from "./suggestions";

describe("normaliseSearchText", () => {
  it("drops accents and case, and turns every run of other characters into one space", () => {
    expect(normaliseSearchText("  CITROËN  C3 ")).toBe("citroen c3");
    expect(normaliseSearchText("Mercedes-Benz C-Class")).toBe("mercedes benz c class");
    expect(normaliseSearchText("Škoda Fabia/Kamiq!")).toBe("skoda fabia kamiq");
    expect(normaliseSearchText("Straße")).toBe("strasse");
    expect(normaliseSearchText("…")).toBe("");
  });
});

describe("prepareQuery", () => {
  it("is null under two characters, counted after normalisation", () => {
    expect(prepareQuery("")).toBeNull();
    expect(prepareQuery("x")).toBeNull();
    expect(prepareQuery(" é ")).toBeNull();
    expect(prepareQuery("-!-")).toBeNull();
    expect(prepareQuery("c3")?.text).toBe("c3");
  });

  it("expands brand aliases typed as whole words", () => {
    expect(prepareQuery("vw polo")?.text).toBe("volkswagen polo");
    expect(prepareQuery("VW")?.text).toBe("volkswagen");
    expect(prepareQuery("merc c")?.text).toBe("mercedes benz c");
    expect(prepareQuery("Benz GLC")?.text).toBe("mercedes benz glc");
    expect(prepareQuery("chevy spark")?.text).toBe("chevrolet spark");
    expect(prepareQuery("LR defender")?.text).toBe("land rover defender");
    // Not a whole word: left alone.
    expect(prepareQuery("vwx")?.text).toBe("vwx");
  });

  it("does not expand a brand already typed in full", () => {
    expect(prepareQuery("Mercedes-Benz C-Class")?.text).toBe("mercedes benz c class");
    expect(prepareQuery("mercedes c")?.text).toBe("mercedes benz c");
  });

  it("builds whole-word, as-typed and any-order prefix text queries from safe words only", () => {
    expect(prepareQuery("merc c")).toMatchObject({
      words: ["mercedes", "benz", "c"],
      wordQuery: "mercedes & benz & c",
      typedQuery: "mercedes & benz & c:*",
      prefixQuery: "mercedes:* & benz:* & c:*",
    });
    // Operators of tsquery syntax cannot get through.
    expect(prepareQuery("polo & !(x:*) | 'y'")?.prefixQuery).toBe("polo:* & x:* & y:*");
  });

  it("cuts the text at the maximum length", () => {
    const long = "a".repeat(MAX_QUERY_LENGTH + 50);
    expect(prepareQuery(long)?.text).toHaveLength(MAX_QUERY_LENGTH);
  });
});

describe("typo correction", () => {
  it("counts edits, a swap of two neighbours as one, and stops past the maximum", () => {
    expect(editDistance("scopio", "scorpio", 1)).toBe(1);
    expect(editDistance("seres", "series", 1)).toBe(1);
    expect(editDistance("trial", "trail", 1)).toBe(1);
    expect(editDistance("polo", "polo", 1)).toBe(0);
    expect(editDistance("polo", "golf", 1)).toBe(2);
    expect(editDistance("ab", "abcdef", 2)).toBe(3);
    expect(editDistance("volkswagn", "volkswagen", 2)).toBe(1);
  });

  it("allows no typo under 4 characters, one up to 7, two from 8", () => {
    expect(["c3", "chr", "polo", "scopio", "spotback"].map(allowedEdits)).toEqual([0, 0, 1, 1, 2]);
  });

  const vocabulary = ["mahindra", "scorpio", "n", "scorpion", "bmw", "3", "series", "3series", "polo", "vivo", "polovivo", "pole"];

  it("finds the catalogue words a typed word may be a typo of, closest first", () => {
    expect(corrections("scopio", vocabulary)).toEqual(["scorpio"]);
    expect(corrections("scopion", vocabulary)).toEqual(["scorpion"]);
    expect(corrections("polovico", vocabulary)).toEqual(["polovivo"]);
    expect(corrections("seres", vocabulary)).toEqual(["series"]);
    // Spelled right, too short, or still being typed: not a typo.
    expect(corrections("polo", vocabulary)).toEqual([]);
    expect(corrections("plo", vocabulary)).toEqual([]);
    expect(corrections("scorpi", vocabulary, { last: true })).toEqual([]);
    expect(corrections("zzqqxx", vocabulary)).toEqual([]);
  });

  it("builds a tsquery of each word or its corrections, and of the words written together", () => {
    expect(typoQuery(prepareQuery("SCOPIO-N")!, vocabulary)).toBe("((scopio:* | scorpio) & n:*) | (scopion:* | scorpion)");
    expect(typoQuery(prepareQuery("3 seres")!, vocabulary)).toBe("(3:* & (seres:* | series)) | (3seres:* | 3series)");
    expect(typoQuery(prepareQuery("scorpion")!, vocabulary)).toBe("scorpion:*");
  });
});

const candidate = (over: Partial<SuggestionCandidate>): SuggestionCandidate => ({
  brandName: "Toyota",
  brandSlug: "toyota",
  modelId: 1,
  modelName: "Hilux",
  modelSlug: "hilux",
  popularity: 50,
  exact: false,
  words: false,
  typed: false,
  prefix: false,
  similarity: 0.5,
  closeness: 0.3,
  ...over,
});

describe("ranking", () => {
  it("puts exact, whole-word, typed and any-order prefix matches before fuzzy ones", () => {
    expect(matchTier(candidate({ exact: true, words: true, typed: true, prefix: true }))).toBe(Tier.Exact);
    expect(matchTier(candidate({ words: true, prefix: true }))).toBe(Tier.Words);
    expect(matchTier(candidate({ typed: true, prefix: true }))).toBe(Tier.Typed);
    expect(matchTier(candidate({ prefix: true }))).toBe(Tier.Prefix);
    expect(matchTier(candidate({}))).toBe(Tier.Fuzzy);
  });

  it("orders by tier, then popularity; fuzzy ones by similarity first", () => {
    const fuzzyClose = candidate({ modelId: 1, similarity: 0.9, popularity: 1 });
    const fuzzyFar = candidate({ modelId: 2, similarity: 0.6, popularity: 100 });
    const prefixRare = candidate({ modelId: 3, typed: true, prefix: true, popularity: 1 });
    const prefixPopular = candidate({ modelId: 4, typed: true, prefix: true, popularity: 99 });
    const sorted = [fuzzyFar, prefixRare, fuzzyClose, prefixPopular].sort(compareCandidates).map((c) => c.modelId);
    expect(sorted).toEqual([4, 3, 1, 2]);
  });

  it("among near-equal typos prefers the one the query covers most, then popularity", () => {
    const longer = candidate({ modelId: 1, similarity: 0.71, closeness: 0.5, popularity: 90 });
    const shorter = candidate({ modelId: 2, similarity: 0.7, closeness: 0.8, popularity: 10 });
    expect([longer, shorter].sort(compareCandidates).map((c) => c.modelId)).toEqual([2, 1]);
  });

  it("drops loose matches when some model matches the words exactly, and applies the limit", () => {
    const exact = candidate({ modelId: 1, exact: true });
    const typed = candidate({ modelId: 2, typed: true, prefix: true });
    const anyOrder = candidate({ modelId: 3, prefix: true });
    const fuzzy = candidate({ modelId: 4 });
    expect(rankCandidates([fuzzy, anyOrder, typed, exact]).map((s) => s.model_id)).toEqual([1, 2]);
    expect(rankCandidates([fuzzy, anyOrder, typed]).map((s) => s.model_id)).toEqual([2, 3, 4]);
    expect(rankCandidates([fuzzy, anyOrder, typed], 2).map((s) => s.model_id)).toEqual([2, 3]);
  });

  it("gives items exactly the spec's model fields plus the two slugs", () => {
    const [item] = rankCandidates([candidate({ modelId: 7, modelName: "Hilux Double Cab", modelSlug: "hilux-double-cab" })]);
    expect(item).toEqual({
      type: "model",
      brand_name: "Toyota",
      model_id: 7,
      model_name: "Hilux Double Cab",
      brand_slug: "toyota",
      model_slug: "hilux-double-cab",
    });
  });
});

describe("URLs", () => {
  it("links models and news the spec's way", () => {
    expect(
      suggestionUrl({ type: "model", brand_name: "Toyota", model_id: 7, model_name: "Hilux", brand_slug: "toyota", model_slug: "hilux" }),
    ).toBe("/guide-auto/voitures-neuves/marque/toyota/modele/7-hilux");
    expect(suggestionUrl({ type: "news", post_id: 12, post_name: "new-hilux-launch", post_title: "New Hilux" })).toBe(
      "/actualite-auto/toute-actualite/12-new-hilux-launch",
    );
    expect(fullSearchUrl(" polo vivo ")).toBe("/voitures-neuves/recherche?q=polo+vivo");
  });
});
