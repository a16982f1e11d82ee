import { liveAdCards } from "./ad-cards.server";
import { provinces } from "~/lib/places";
import { emptyUsedSearch, PRICE_STEPS, type UsedSearch, usedSearchUrl, usedSearchWith } from "./search/search-params";
import { runSearch, searchIndex } from "./search/search-index.server";
import type { FacetOption } from "./search/search-view";
import type { AdCardData } from "./types";
import { bodyTypeLabels } from "./vocabulary";
import { facetsOf } from "./search/used-search.server";

// The marketplace hub's data, all counts from the search index: the quick search's choices, the
// newest ads, ads by body type and by budget, the most listed makes and the provinces.

export interface HubLink {
  label: string;
  url: string;
  count: number;
}

export interface QuickSearchData {
  makes: FacetOption[];
  /** Models by make slug, each with its live ads. */
  models: Record<string, FacetOption[]>;
  priceMax: FacetOption[];
  provinces: FacetOption[];
}

interface MarketplaceHub {
  total: number;
  newest: AdCardData[];
  quick: QuickSearchData;
  bodies: HubLink[];
  budgets: HubLink[];
  makes: HubLink[];
  provinces: HubLink[];
}

/** Budget bands: [min, max] in rand, min 0 meaning none and max undefined meaning none. */
const budgetBands: { label: string; min?: number; max?: number }[] = [
  { label: "Under R 100 000", max: 99_999 },
  { label: "R 100 000 – R 200 000", min: 100_000, max: 200_000 },
  { label: "R 200 000 – R 350 000", min: 200_001, max: 350_000 },
  { label: "R 350 000 – R 500 000", min: 350_001, max: 500_000 },
  { label: "R 500 000 – R 1 million", min: 500_001, max: 1_000_000 },
  { label: "Over R 1 million", min: 1_000_001 },
];

const NEWEST = 8;

export async function marketplaceHub(): Promise<MarketplaceHub> {
  const current = await searchIndex();
  const { index } = current;
  const all = emptyUsedSearch();
  const result = await runSearch(current, all, "hub", 0, NEWEST);
  const facets = facetsOf(index, result, all);

  const models: Record<string, FacetOption[]> = {};
  index.models.values.forEach((key, code) => {
    const count = result.counts.model[code] ?? 0;
    if (count === 0) return;
    const make = index.makes.values[index.modelMake[code]!]!;
    (models[make] ??= []).push({ value: key.slice(make.length + 1), label: index.modelNames[code] ?? key, count });
  });
  for (const list of Object.values(models)) list.sort((a, b) => a.label.localeCompare(b.label, "en"));

  const link = (label: string, search: UsedSearch, count: number): HubLink => ({ label, url: usedSearchUrl(search), count });
  // Budgets need their own pass each (the price histogram's bands end at other steps); the
  // answers are cached with the index version like any search.
  const budgets = await Promise.all(
    budgetBands.map(async (band) => {
      const search = usedSearchWith({ priceMin: band.min, priceMax: band.max });
      const { total } = await runSearch(current, search, usedSearchUrl(search), 0, 0);
      return link(band.label, search, total);
    }),
  );

  return {
    total: result.total,
    newest: (await liveAdCards(result.ids)).filter((c) => c.status === "published"),
    quick: {
      makes: facets.makes,
      models,
      priceMax: facets.priceMax.filter((o) => (PRICE_STEPS as readonly number[]).includes(Number(o.value))),
      provinces: facets.province,
    },
    bodies: facets.body.filter((o) => o.count > 0).map((o) => link(bodyTypeLabels[o.value as keyof typeof bodyTypeLabels] ?? o.label, usedSearchWith({ body: [o.value as UsedSearch["body"][number]] }), o.count)),
    budgets,
    makes: [...facets.makes]
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, "en"))
      .slice(0, 16)
      .map((o) => link(o.label, usedSearchWith({ vehicles: [{ make: o.value }] }), o.count)),
    provinces: provinces.map((p) => link(p.name, usedSearchWith({ province: [p.slug] }), facets.province.find((o) => o.value === p.slug)?.count ?? 0)),
  };
}
