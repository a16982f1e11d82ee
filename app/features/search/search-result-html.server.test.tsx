import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SearchResultCard, SearchResultHtmlContext, SearchResultItem } from "./components/search-result-card";
import type { SearchResult } from "./new-car-search.server";
import { searchResultHtml } from "./search-result-html.server";

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

describe("a result card's kept HTML", () => {
  it("is the card as React prints it: the model's link and the compare link to its cheapest matching version", () => {
    const polo = result();
    const html = searchResultHtml(polo);
    expect(html).toBe(rendered(polo));
    expect(html).toContain('href="/guide-auto/voitures-neuves/marque/volkswagen/modele/34-polo"');
    expect(html).toContain('href="/comparateur?versions=301"');
    expect(html).toContain('data-compare-label="Volkswagen Polo 1.0 TSI Life"');
  });

  it("is printed again when anything on the card differs, and the same for equal cards from other searches", () => {
    expect(searchResultHtml(result({ matching: 2 }))).toContain("2 of 5 versions match");
    expect(searchResultHtml(result({ minPrice: 399_900 }))).toBe(rendered(result({ minPrice: 399_900 })));
    // An equal card given as another object (another search's answer) gets the same HTML.
    expect(searchResultHtml(result())).toBe(searchResultHtml({ ...result() }));
  });

  it("escapes what it prints", () => {
    const odd = result({ name: 'Polo <b>"GTI"</b>' });
    expect(searchResultHtml(odd)).toContain("Polo &lt;b&gt;&quot;GTI&quot;&lt;/b&gt;");
  });
});

describe("a result in the list", () => {
  it("takes the kept HTML on the server and renders the card in the browser", () => {
    const polo = result();
    const printed = renderToStaticMarkup(
      <SearchResultHtmlContext.Provider value={() => "<article>kept</article>"}>
        <SearchResultItem result={polo} />
      </SearchResultHtmlContext.Provider>,
    );
    expect(printed).toBe('<li class="flex"><article>kept</article></li>');
    const browser = renderToStaticMarkup(
      <MemoryRouter>
        <SearchResultItem result={polo} />
      </MemoryRouter>,
    );
    expect(browser).toBe(`<li class="flex">${rendered(polo)}</li>`);
  });
});
