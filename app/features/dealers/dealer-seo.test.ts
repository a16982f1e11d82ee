import { describe, expect, it } from "vitest";
import type { OpeningHours } from "../../../db/schema/vocabulary";
import { topicsFor } from "./dealer-contact";
import { addressLines, directionsUrl, stockLabel, telHref } from "./dealer-labels";
import { dealerJsonLd, holidayHoursSpecification, openingHoursSpecification } from "./dealer-seo";

const weekday = [{ opens: "08:00", closes: "17:00" }];
const hours: OpeningHours = {
  mon: weekday,
  tue: weekday,
  wed: weekday,
  thu: weekday,
  fri: [{ opens: "08:00", closes: "17:00" }, { opens: "20:00", closes: "02:00" }],
  sat: [{ opens: "08:00", closes: "13:00" }],
  sun: [{ opens: "00:00", closes: "00:00" }],
  holidays: [{ opens: "09:00", closes: "13:00" }],
};
const dealer = {
  name: "Toyota Menlyn",
  groupName: "Highveld Motor Group",
  streetAddress: "12 Atterbury Road",
  suburb: "Menlyn",
  city: "pretoria",
  province: "gauteng",
  postalCode: "0181",
  phone: "+27 12 555 0142",
  email: "sales@toyota-menlyn.example.com",
  website: "https://toyota-menlyn.example.com",
  openingHours: hours,
};

describe("AutoDealer JSON-LD", () => {
  it("groups the days of each interval, writes a whole day as 00:00-23:59 and keeps past-midnight closings", () => {
    expect(openingHoursSpecification(hours)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((d) => `https://schema.org/${d}`),
        opens: "08:00",
        closes: "17:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Friday"], opens: "20:00", closes: "02:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Saturday"], opens: "08:00", closes: "13:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Sunday"], opens: "00:00", closes: "23:59" },
    ]);
  });

  it("gives the coming public holidays their hours, or closed", () => {
    const now = new Date("2026-03-30T10:00:00+02:00");
    expect(holidayHoursSpecification(hours, now, 10).map((s) => `${s.validFrom} ${s.opens}-${s.closes}`)).toEqual(["2026-04-03 09:00-13:00", "2026-04-06 09:00-13:00"]);
    expect(holidayHoursSpecification({ ...hours, holidays: [] }, now, 10).map((s) => `${s.validFrom} ${s.opens}-${s.closes}`)).toEqual([
      "2026-04-03 00:00-00:00",
      "2026-04-06 00:00-00:00",
    ]);
  });

  it("names the dealer, its address, telephone, page, brands and group", () => {
    const ld = dealerJsonLd({ origin: "https://voitura.example", canonicalPath: "/concessionnaires/7-toyota-menlyn", now: new Date("2026-03-30T10:00:00Z"), dealer, brands: [{ name: "Toyota" }] });
    expect(ld).toMatchObject({
      "@type": "AutoDealer",
      name: "Toyota Menlyn",
      url: "https://voitura.example/concessionnaires/7-toyota-menlyn",
      telephone: "+27 12 555 0142",
      address: { streetAddress: "12 Atterbury Road, Menlyn", addressLocality: "Pretoria", addressRegion: "Gauteng", postalCode: "0181", addressCountry: "ZA" },
      sameAs: ["https://toyota-menlyn.example.com"],
      brand: [{ "@type": "Brand", name: "Toyota" }],
      parentOrganization: { name: "Highveld Motor Group" },
    });
    expect((ld.openingHoursSpecification as unknown[]).length).toBe(4);
    const bare = dealerJsonLd({ origin: "https://voitura.example", canonicalPath: "/x", now: new Date(), dealer: { ...dealer, phone: null, website: null, openingHours: null, groupName: null }, brands: [] });
    expect(Object.keys(bare)).not.toEqual(expect.arrayContaining(["telephone"]));
    expect(bare).not.toHaveProperty("openingHoursSpecification");
    expect(bare).not.toHaveProperty("brand");
  });

  it("carries the buyers' ratings as an AggregateRating only when there is one", () => {
    const base = { origin: "https://voitura.example", canonicalPath: "/x", now: new Date("2026-03-30T10:00:00Z"), dealer, brands: [] };
    expect(dealerJsonLd({ ...base, ratings: { count: 0, overall: null } })).not.toHaveProperty("aggregateRating");
    expect(dealerJsonLd({ ...base, ratings: { count: 3, overall: 4.3 } }).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      bestRating: 5,
      worstRating: 1,
      ratingCount: 3,
    });
  });
});

describe("the page's words and links", () => {
  it("writes the address as lines and links a maps search for it", () => {
    expect(addressLines(dealer)).toEqual(["12 Atterbury Road", "Menlyn", "Pretoria 0181", "Gauteng"]);
    const url = new URL(directionsUrl(dealer));
    expect(url.origin + url.pathname).toBe("https://www.google.com/maps/search/");
    expect(url.searchParams.get("query")).toBe("Toyota Menlyn, 12 Atterbury Road, Menlyn, Pretoria 0181, Gauteng, South Africa");
    expect(telHref("+27 12 555 0142")).toBe("tel:+27125550142");
  });

  it("offers the topics of what the dealer does", () => {
    expect(topicsFor({ sellsNew: true, sellsUsed: true, services: ["sales", "service", "parts", "finance"] })).toEqual(["new-car", "used-car", "service", "parts", "finance", "other"]);
    expect(topicsFor({ sellsNew: false, sellsUsed: true, services: ["sales"] })).toEqual(["used-car", "other"]);
    expect(stockLabel({ sellsNew: false, sellsUsed: true })).toBe("Used cars");
  });
});
