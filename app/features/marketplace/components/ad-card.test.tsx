import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AdCard } from "./ad-card";
import { PRINTED_SIMILAR_ADS, SimilarAds } from "../ad-page/components/similar-ads";
import { ServerRenderContext } from "~/lib/server-render";
import type { AdCardData } from "../types";

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
  dealerVerified: false,
  photoCount: 3,
  cover: { storageKey: "ads/41/a", width: 1280, height: 960, alt: "" },
  status: "published",
  publishedAt: "2026-11-01T08:00:00.000Z",
  isDemo: true,
  ...overrides,
});

const rendered = (ad: AdCardData, saved = false) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <AdCard ad={ad} saved={saved} />
    </MemoryRouter>,
  );

describe("an ad card", () => {
  it("links to the ad, and its no-script heart posts the ad and what to do with it (the action sends it back to the page it came from)", () => {
    const ad = card();
    expect(rendered(ad)).toMatch(/<h3 [^>]*><a [^>]*href="\/marche-doccasion\/annonce\/41-2019-volkswagen-polo-vivo"/);
    const heart = /<form [^>]*action="\/marche-doccasion\/favori"[^>]*>(.*?)<\/form>/.exec(rendered(ad))?.[1] ?? "";
    expect(heart).toContain('<input type="hidden" name="adId" value="41"/>');
    expect(heart).toMatch(/<button type="submit" [^>]*value="add"[^>]*name="intent"/);
    expect(rendered(ad)).not.toContain("redirectTo");
  });

  it("follows the saved heart and shows the price it is given", () => {
    const ad = card();
    expect(rendered(ad, true)).toContain('aria-pressed="true"');
    expect(rendered(ad)).not.toContain('aria-pressed="true"');
    expect(rendered(card({ priceZar: 149_000 }))).toContain("149");
    expect(rendered(ad)).not.toContain("149");
  });

  it("shows a lowered price as reduced, with the old price struck through and said in words", () => {
    const reduced = rendered(card({ priceZar: 179_900, previousPriceZar: 189_900 }));
    expect(reduced).toContain("Price reduced from R 189 900");
    expect(reduced).toMatch(/<s [^>]*>189\.900 ZAR<\/s>/);
    // No badge without a reduction, nor when the price went back up past the old one.
    expect(rendered(card())).not.toContain("Price reduced");
    expect(rendered(card({ priceZar: 199_000, previousPriceZar: 189_900 }))).not.toContain("Price reduced");
  });

  it("says “Verified dealer” for a verified dealer's ad only", () => {
    const verified = rendered(card({ sellerKind: "dealer", dealerName: "Highveld Motors", dealerVerified: true }));
    expect(verified).toContain("Highveld Motors");
    expect(verified).toContain("Verified dealer");
    expect(rendered(card({ sellerKind: "dealer", dealerName: "Highveld Motors" }))).not.toContain("Verified dealer");
    expect(rendered(card())).not.toContain("Verified dealer");
  });
});

describe("an ad page's similar cars", () => {
  const similar = (ads: AdCardData[], saved: number[]) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <SimilarAds ads={ads} savedIds={new Set(saved)} pagePath="/marche-doccasion/annonce/7-2020-ford-ranger" />
      </MemoryRouter>,
    );

  it("are the cards of the similar ads, each the card as it renders alone", () => {
    const ads = [card(), card({ id: 42, slug: "2020-ford-ranger", title: "2020 Ford Ranger 2.0 XLT" })];
    const list = similar(ads, [42]);
    expect(list.match(/<li class="flex"><article /g)).toHaveLength(2);
    expect(list).toContain(`<li class="flex">${rendered(ads[0])}</li>`);
    expect(list).toMatch(/<h3 [^>]*><a [^>]*href="\/marche-doccasion\/annonce\/41-2019-volkswagen-polo-vivo"/);
    // The heart follows the visitor's favourites.
    expect(list.match(/aria-pressed="true"/g)).toHaveLength(1);
  });

  it("are left out when there are none", () => {
    expect(similar([], [])).toBe("");
  });

  it("come from the printed data when the document carries them as HTML only", () => {
    const ads = [card()];
    const island = (printed?: Map<string, unknown>) =>
      renderToStaticMarkup(
        <MemoryRouter>
          <ServerRenderContext.Provider value={{ printed }}>
            <SimilarAds ads={null} savedIds={new Set()} pagePath="/marche-doccasion/annonce/7-2020-ford-ranger" />
          </ServerRenderContext.Provider>
        </MemoryRouter>,
      );
    // The server's render prints the cards kept by the loader.
    expect(island(new Map([[PRINTED_SIMILAR_ADS, ads]]))).toBe(similar(ads, []));
    // In the browser the section and its island stand, empty: the island keeps the server's HTML.
    expect(island()).toContain("Similar cars for sale");
    expect(island()).not.toContain("<article");
  });
});
