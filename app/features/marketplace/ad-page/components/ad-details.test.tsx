import { beforeEach, describe, expect, it } from "vitest";
import { forgetPrintedIslands, printIsland } from "~/lib/island-printer.server";
import { renderIslandPage } from "~/lib/island-printer.testing";
import { StaticIsland } from "~/ui/static-island";
import type { AdDetail } from "../ad-page.server";
import { AdDetails } from "./ad-page-view";

// The ad page prints an ad's details apart from the request and keeps the print while the ad's
// content stays the same (decision 012): the print must be what the page would render, follow
// every change of the ad, and escape what the seller wrote.

const everest: AdDetail = {
  id: 29,
  slug: "2024-ford-everest-2-0-bit-sport-4x4",
  status: "published",
  title: "2024 Ford Everest 2.0 BiT Sport 4x4",
  makeName: "Ford",
  modelName: "Everest",
  variant: "2.0 BiT Sport 4x4",
  year: 2024,
  mileageKm: 18_500,
  priceZar: 829_900,
  previousPriceZar: null,
  negotiable: true,
  fuel: "diesel",
  transmission: "automatic",
  bodyType: "suv",
  drive: "4x4",
  colour: "grey",
  engineCc: 1996,
  doors: 5,
  seats: 7,
  serviceHistory: "full",
  previousOwners: 1,
  province: "gauteng",
  city: "pretoria",
  description: "One owner, serviced at Ford.\nTow bar fitted.",
  equipment: ["Tow bar", "Apple CarPlay"],
  priceRating: 2,
  isDemo: true,
  publishedAt: "2026-11-20T08:00:00.000Z",
  soldAt: null,
  viewCount: 1234,
  hasPhone: true,
};

/** The ad's details island in a page, printed (as documents are rendered) or rendered with the page. */
function page(ad: AdDetail, printed: boolean): string {
  return renderIslandPage(
    <StaticIsland printed key={ad.slug} id={`ad-details-${ad.id}`} className="flex flex-col gap-8">
      <AdDetails ad={ad} />
    </StaticIsland>,
    printed,
  );
}

/** React's text separators are the one expected difference between a print and the page's own render. */
const comparable = (html: string) => html.replaceAll("<!-- -->", "");

beforeEach(() => forgetPrintedIslands());

describe("an ad's details on its page", () => {
  it("are printed apart, as the page itself renders them", () => {
    expect(printIsland("ad-details-29", <AdDetails ad={everest} />)).not.toBeNull();
    const printed = page(everest, true);
    expect(comparable(printed)).toBe(comparable(page(everest, false)));
    expect(printed).toContain("Pretoria, Gauteng");
    expect(printed).toContain(`${(1234).toLocaleString("en-ZA")} views`);
    expect(printed).toContain("Tow bar fitted.");
  });

  it("follow the ad: a new description or another view prints again, never the kept print", () => {
    const first = page(everest, true);
    expect(page(everest, true)).toBe(first);
    const edited = page({ ...everest, description: "Two owners.", viewCount: 1235 }, true);
    expect(edited).toContain("Two owners.");
    expect(edited).toContain(`${(1235).toLocaleString("en-ZA")} views`);
    expect(edited).not.toContain("Tow bar fitted.");
    // The edit is kept under its own content: the first ad's print is still right for it.
    expect(page(everest, true)).toBe(first);
  });

  it("escape what the seller wrote", () => {
    const html = page({ ...everest, description: '<img src=x onerror="alert(1)">', equipment: ["<b>Roof rack</b>"] }, true);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("&lt;b&gt;Roof rack&lt;/b&gt;");
  });
});
