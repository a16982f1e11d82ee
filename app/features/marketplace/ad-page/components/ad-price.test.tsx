import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AdDetail } from "../ad-page.server";
import { AdPrice } from "./ad-page-view";

// The price area of an ad page: a price far under its comparables' median carries a warning for
// the buyer beside it (issue 43), read by screen readers as a note.

const polo: AdDetail = {
  id: 41,
  slug: "2019-volkswagen-polo-vivo-1-4-trendline",
  status: "published",
  title: "2019 Volkswagen Polo Vivo 1.4 Trendline",
  makeName: "Volkswagen",
  modelName: "Polo Vivo",
  variant: "1.4 Trendline",
  year: 2019,
  mileageKm: 86_000,
  priceZar: 84_000,
  previousPriceZar: null,
  negotiable: false,
  fuel: "petrol",
  transmission: "manual",
  bodyType: "hatchback",
  drive: "2wd",
  colour: "white",
  engineCc: 1398,
  doors: 5,
  seats: 5,
  serviceHistory: "full",
  previousOwners: 1,
  province: "gauteng",
  city: "pretoria",
  description: "",
  equipment: [],
  priceRating: 1,
  isDemo: false,
  publishedAt: "2026-11-20T08:00:00.000Z",
  soldAt: null,
  viewCount: 12,
  hasPhone: true,
};

const rating = (median: number | null, comparables: number | null) => ({ code: 1, reason: "A reason", median, comparables });
const note = "never pay a deposit before you have seen the car and its papers";

describe("the price area of an ad page", () => {
  it("warns the buyer of a price 30 % under the median of similar ads, with the gap in rand", () => {
    const html = renderToStaticMarkup(<AdPrice ad={polo} rating={rating(120_000, 7)} />);
    expect(html.replace(/<[^>]+>/g, "")).toContain(`R 36 000 below similar ads: ${note}.`);
    expect(html).toMatch(/<p[^>]*role="note"[^>]*>(?:(?!<\/p>).)*below similar ads/);
  });

  it("says nothing at 29 % under, without a rating, or once the car is sold", () => {
    expect(renderToStaticMarkup(<AdPrice ad={{ ...polo, priceZar: 85_200 }} rating={rating(120_000, 7)} />)).not.toContain(note);
    expect(renderToStaticMarkup(<AdPrice ad={polo} rating={rating(120_000, 4)} />)).not.toContain(note);
    expect(renderToStaticMarkup(<AdPrice ad={polo} rating={{ code: 0, reason: "No price rating", median: null, comparables: null }} />)).not.toContain(note);
    expect(renderToStaticMarkup(<AdPrice ad={{ ...polo, status: "sold" }} rating={rating(120_000, 7)} />)).not.toContain(note);
  });
});
