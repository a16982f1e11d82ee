import { describe, expect, it } from "vitest";
import { formatKm, formatPrice, formatRand, groupDigits, parseBooleanLike, parsePriceRange, structuredOffer, titleFromPath } from "./format";

describe("formatPrice", () => {
  it("groups digits in threes with dots", () => {
    expect(formatPrice(329900)).toBe("329.900");
    expect(formatPrice(1234567)).toBe("1.234.567");
    expect(formatPrice(999)).toBe("999");
    expect(formatPrice(1000)).toBe("1.000");
  });
  it("shows '-' for empty or 0", () => {
    expect(formatPrice(0)).toBe("-");
    expect(formatPrice(null)).toBe("-");
    expect(formatPrice(undefined)).toBe("-");
    expect(formatPrice("")).toBe("-");
    expect(formatPrice("0", { withCurrency: true })).toBe("-");
    expect(formatPrice(Number.NaN)).toBe("-");
  });
  it("appends ' ZAR' on request", () => {
    expect(formatPrice(329900, { withCurrency: true })).toBe("329.900 ZAR");
  });
  it("accepts numeric strings", () => {
    expect(formatPrice("459900")).toBe("459.900");
  });
});

describe("parsePriceRange", () => {
  it("defaults to ZAR, min 0, no max", () => {
    expect(parsePriceRange("")).toEqual({ currency: "ZAR", min: 0 });
    expect(parsePriceRange(undefined)).toEqual({ currency: "ZAR", min: 0 });
  });
  it("reads 'min - max' with dots stripped", () => {
    expect(parsePriceRange("329.900 - 459.900")).toEqual({ currency: "ZAR", min: 329900, max: 459900 });
  });
  it("reads thousands commas and a currency prefix", () => {
    expect(parsePriceRange("ZAR 250,000 - ZAR 310,000")).toEqual({ currency: "ZAR", min: 250000, max: 310000 });
    expect(parsePriceRange("USD 25,000 - 31,000")).toEqual({ currency: "USD", min: 25000, max: 31000 });
  });
  it("strips asterisks; a lone number is the minimum", () => {
    expect(parsePriceRange("199.900*")).toEqual({ currency: "ZAR", min: 199900 });
    expect(parsePriceRange("R 199,900")).toEqual({ currency: "ZAR", min: 199900 });
  });
});

describe("structuredOffer", () => {
  it("is undefined without a minimum", () => {
    expect(structuredOffer({ currency: "ZAR", min: 0 })).toBeUndefined();
  });
  it("is an AggregateOffer with a distinct maximum", () => {
    expect(structuredOffer({ currency: "ZAR", min: 100, max: 200 })).toEqual({
      "@type": "AggregateOffer",
      priceCurrency: "ZAR",
      lowPrice: 100,
      highPrice: 200,
    });
  });
  it("is a single in-stock new Offer otherwise", () => {
    const expected = {
      "@type": "Offer",
      priceCurrency: "ZAR",
      price: 100,
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    };
    expect(structuredOffer({ currency: "ZAR", min: 100 })).toEqual(expected);
    expect(structuredOffer({ currency: "ZAR", min: 100, max: 100 })).toEqual(expected);
  });
});

describe("parseBooleanLike", () => {
  it.each([
    [1, true],
    [0, false],
    [true, true],
    [false, false],
    ["1", true],
    ["0", false],
    ["TRUE", true],
    ["False", false],
    [" true ", true],
  ])("%j → %j", (input, expected) => expect(parseBooleanLike(input)).toBe(expected));
  it.each([[2], ["yes"], [""], [null], [undefined], [{}]])("%j is not boolean-like", (input) =>
    expect(parseBooleanLike(input)).toBeUndefined(),
  );
});

describe("titleFromPath", () => {
  it("title-cases the last segment", () => {
    expect(titleFromPath("/a-propos-de-nous")).toBe("A Propos De Nous");
    expect(titleFromPath("/guide-auto/voitures-neuves/")).toBe("Voitures Neuves");
  });
  it("is empty at the root", () => expect(titleFromPath("/")).toBe(""));
  it("decodes escaped segments and survives bad escapes", () => {
    expect(titleFromPath("/caf%C3%A9")).toBe("Café");
    expect(titleFromPath("/%E0%A4%A")).toBe("%E0%A4%A");
  });
});

describe("amounts in sentences", () => {
  it("groups digits by thousands with a space", () => {
    expect(groupDigits(0)).toBe("0");
    expect(groupDigits(999)).toBe("999");
    expect(groupDigits(12345.6)).toBe("12 346");
    expect(groupDigits(1_500_000)).toBe("1 500 000");
  });
  it("writes rands and kilometres", () => {
    expect(formatRand(18_000)).toBe("R 18 000");
    expect(formatRand(-2_500)).toBe("-R 2 500");
    expect(formatKm(86_000)).toBe("86 000 km");
  });
});
