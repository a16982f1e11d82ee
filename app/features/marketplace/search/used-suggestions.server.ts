import { vehicleCounts } from "./used-search.server";

// Used-car searches offered by the header search field ("Used Polo Vivo: 86 ads"), from the
// search index's live counts: a make or a model whose name has every typed word as a word start.

interface UsedCarSuggestion {
  type: "used";
  /** "Volkswagen Polo Vivo" */
  label: string;
  /** Live ads. */
  count: number;
  /** The used-car search for it. */
  url: string;
}

export const USED_SUGGESTION_LIMIT = 2;

const words = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Makes and models with live ads matching the typed text, the exact name first, then the most listed. */
export async function usedCarSuggestions(text: string, limit = 3): Promise<UsedCarSuggestion[]> {
  const typed = words(text);
  if (typed.join("").length < 2) return [];
  const { makes, models } = await vehicleCounts();
  const joined = typed.join(" ");
  return [...makes, ...models]
    .map((v) => ({ v, name: words(v.label) }))
    .filter(({ name }) => typed.every((w) => name.some((n) => n.startsWith(w))))
    .sort((a, b) => Number(b.name.join(" ") === joined) - Number(a.name.join(" ") === joined) || b.v.count - a.v.count || a.v.label.localeCompare(b.v.label, "en"))
    .slice(0, limit)
    .map(({ v }) => ({ type: "used", label: v.label, count: v.count, url: v.url }));
}
