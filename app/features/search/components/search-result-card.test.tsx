import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SearchResultCard, SearchResultItem } from "./search-result-card";
import type { SearchResult } from "../new-car-search.server";

const result = (overrides: Partial<SearchResult> = {}): SearchResult => ({
  id: 34,
  slug: "polo",
  name: "Polo",
  bodyType: "hatchback",
  colour: "#1D3557",
  launchDate: "2022-03-01",
  brandSlug: "volkswagen",
  brandName: "Volkswagen",
  fuels: ["petrol"],
  transmissions: ["manual", "dual-clutch"],
  matching: 5,
  versionCount: 5,
  minPrice: 354_900,
  maxPrice: 574_900,
  maxPowerKw: 147,
  minConsumption: 5.3,
  compareVersionId: 301,
  compareVersionName: "1.0 TSI Life",
  ...overrides,
});

const rendered = (card: SearchResult) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SearchResultCard result={card} />
    </MemoryRouter>,
  );

describe("a result card", () => {
  it("links to the model and compares its cheapest matching version", () => {
    const html = rendered(result());
    expect(html).toContain('href="/guide-auto/voitures-neuves/marque/volkswagen/modele/34-polo"');
    expect(html).toContain('href="/comparateur?versions=301"');
    expect(html).toContain('data-compare-label="Volkswagen Polo 1.0 TSI Life"');
  });

  it("says how many of the model's versions match, and the price it is given", () => {
    expect(rendered(result({ matching: 2 }))).toContain("2 of 5 versions match");
    expect(rendered(result({ minPrice: 399_900 }))).toContain("399");
    expect(rendered(result())).not.toContain("399");
  });

  it("escapes what it prints", () => {
    const odd = result({ name: 'Polo <b>"GTI"</b>' });
    expect(rendered(odd)).toContain("Polo &lt;b&gt;&quot;GTI&quot;&lt;/b&gt;");
  });
});

describe("a result in the list", () => {
  it("is the card in a list item", () => {
    const polo = result();
    const item = renderToStaticMarkup(
      <MemoryRouter>
        <SearchResultItem result={polo} />
      </MemoryRouter>,
    );
    expect(item).toBe(`<li class="flex">${rendered(polo)}</li>`);
  });
});
