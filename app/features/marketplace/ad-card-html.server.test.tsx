import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { adCardHtml } from "./ad-card-html.server";
import { AdCard } from "./components/ad-card";
import { AdCardHtmlContext } from "./components/ad-card-item";
import { PRINTED_SIMILAR_ADS, SimilarAds } from "./ad-page/components/similar-ads";
import { ServerRenderContext } from "~/lib/server-render";
import type { AdCardData } from "./types";

const card = (overrides: Partial<AdCardData> = {}): AdCardData => ({
  id: 41,
  slug: "2019-volkswagen-polo-vivo",
  title: "2019 Volkswagen Polo Vivo 1.4 Trendline",
  makeName: "Volkswagen",
  modelName: "Polo Vivo",
  year: 2019,
  mileageKm: 86_000,
  fuel: "petrol",
  transmission: "manual",
  bodyType: "hatchback",
  drive: "2wd",
  colour: "white",
  city: "pretoria",
  province: "gauteng",
  priceZar: 159_000,
  previousPriceZar: null,
  negotiable: true,
  priceRating: 2,
  sellerKind: "private",
  dealerName: null,
  photoCount: 3,
  cover: { storageKey: "ads/41/a", width: 1280, height: 960, alt: "" },
  status: "published",
  publishedAt: "2026-11-01T08:00:00.000Z",
  isDemo: true,
  ...overrides,
});

const rendered = (ad: AdCardData, redirectTo: string, saved = false) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <AdCard ad={ad} redirectTo={redirectTo} saved={saved} />
    </MemoryRouter>,
  );

describe("a card's kept HTML", () => {
  it("is the card as React prints it, with each page's return address put in, escaped", () => {
    const ad = card();
    const search = '/marche-doccasion/rechercher?make1=volkswagen&sort=price-asc&q="$&"';
    expect(adCardHtml({ ad, redirectTo: search })).toBe(rendered(ad, search));
    expect(adCardHtml({ ad, redirectTo: "/marche-doccasion" })).toBe(rendered(ad, "/marche-doccasion"));
    expect(adCardHtml({ ad, redirectTo: "/" })).toContain('name="redirectTo" value="/"');
  });

  it("follows the saved heart, and a card read again (a new object) is printed again", () => {
    const ad = card();
    expect(adCardHtml({ ad, redirectTo: "/", saved: true })).toBe(rendered(ad, "/", true));
    expect(adCardHtml({ ad, redirectTo: "/", saved: true })).toContain('aria-pressed="true"');
    const cheaper = card({ priceZar: 149_000 });
    expect(adCardHtml({ ad: cheaper, redirectTo: "/" })).toContain("149");
    expect(adCardHtml({ ad, redirectTo: "/" })).not.toContain("149");
  });

  it("shows a lowered price as reduced, with the old price struck through and said in words", () => {
    const reduced = adCardHtml({ ad: card({ priceZar: 179_900, previousPriceZar: 189_900 }), redirectTo: "/" });
    expect(reduced).toContain("Price reduced from R 189 900");
    expect(reduced).toMatch(/<s [^>]*>189\.900 ZAR<\/s>/);
    // No badge without a reduction, nor when the price went back up past the old one.
    expect(adCardHtml({ ad: card(), redirectTo: "/" })).not.toContain("Price reduced");
    expect(adCardHtml({ ad: card({ priceZar: 199_000, previousPriceZar: 189_900 }), redirectTo: "/" })).not.toContain("Price reduced");
  });
});

describe("an ad page's similar cars", () => {
  let keptCardsAsked = 0;
  const keptCard: typeof adCardHtml = (props) => {
    keptCardsAsked += 1;
    return adCardHtml(props);
  };
  const similar = (ads: AdCardData[], saved: number[], withKeptCards: boolean) => {
    const list = <SimilarAds ads={ads} savedIds={new Set(saved)} redirectTo="/marche-doccasion/annonce/7-2020-ford-ranger" />;
    return renderToStaticMarkup(<MemoryRouter>{withKeptCards ? <AdCardHtmlContext.Provider value={keptCard}>{list}</AdCardHtmlContext.Provider> : list}</MemoryRouter>);
  };

  it("are the kept cards on the server, the same HTML as React's own render", () => {
    const ads = [card(), card({ id: 42, slug: "2020-ford-ranger", title: "2020 Ford Ranger 2.0 XLT" })];
    const kept = similar(ads, [42], true);
    expect(keptCardsAsked).toBe(2);
    expect(kept).toBe(similar(ads, [42], false));
    expect(kept.match(/<li class="flex"><article /g)).toHaveLength(2);
    expect(kept).toMatch(/<h3 [^>]*><a [^>]*href="\/marche-doccasion\/annonce\/41-2019-volkswagen-polo-vivo"/);
    // The heart follows the visitor's favourites; the no-script form comes back to this ad.
    expect(kept.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(kept).toContain('name="redirectTo" value="/marche-doccasion/annonce/7-2020-ford-ranger"');
  });

  it("are left out when there are none", () => {
    expect(similar([], [], true)).toBe("");
  });

  it("come from the printed data when the document carries them as HTML only", () => {
    const ads = [card()];
    const island = (printed?: Map<string, unknown>) =>
      renderToStaticMarkup(
        <MemoryRouter>
          <ServerRenderContext.Provider value={{ printed }}>
            <SimilarAds ads={null} savedIds={new Set()} redirectTo="/marche-doccasion/annonce/7-2020-ford-ranger" />
          </ServerRenderContext.Provider>
        </MemoryRouter>,
      );
    // The server's render prints the cards kept by the loader.
    expect(island(new Map([[PRINTED_SIMILAR_ADS, ads]]))).toBe(similar(ads, [], false));
    // In the browser the section and its island stand, empty: the island keeps the server's HTML.
    expect(island()).toContain("Similar cars for sale");
    expect(island()).not.toContain("<article");
  });
});
