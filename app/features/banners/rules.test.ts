import { describe, expect, it } from "vitest";
import { type LiveBanner, bannerFor, chooseBanner, isLive, matchesTargeting, parseBannerId, parseImpressionBeacon, stableFraction } from "./rules";
import { southAfricanDay } from "~/lib/south-african-time";

const banner = (overrides: Partial<LiveBanner> = {}): LiveBanner => ({
  id: 1,
  slot: "home-top",
  title: "A banner",
  imagePath: "/banners/a.svg",
  imageWidth: 1200,
  imageHeight: 300,
  altText: "Alt",
  linkUrl: "/comparateur",
  weight: 1,
  targetBrands: [],
  targetBodyTypes: [],
  targetProvinces: [],
  startsAt: null,
  endsAt: null,
  ...overrides,
});

describe("isLive: the date window [startsAt, endsAt)", () => {
  const now = new Date("2026-05-10T10:00:00Z");
  it("open ends are live", () => expect(isLive(banner(), now)).toBe(true));
  it("not before its start, and from its start on", () => {
    expect(isLive(banner({ startsAt: new Date("2026-05-10T10:00:01Z") }), now)).toBe(false);
    expect(isLive(banner({ startsAt: new Date("2026-05-10T10:00:00Z") }), now)).toBe(true);
  });
  it("not from its end on", () => {
    expect(isLive(banner({ endsAt: new Date("2026-05-10T10:00:00Z") }), now)).toBe(false);
    expect(isLive(banner({ endsAt: new Date("2026-05-10T10:00:01Z") }), now)).toBe(true);
  });
});

describe("matchesTargeting", () => {
  it("an untargeted banner matches every page", () => {
    expect(matchesTargeting(banner(), {})).toBe(true);
    expect(matchesTargeting(banner(), { brand: "toyota", province: "gauteng" })).toBe(true);
  });
  it("each given list must contain the page's value", () => {
    const b = banner({ targetBrands: ["toyota", "isuzu"], targetBodyTypes: ["bakkie"] });
    expect(matchesTargeting(b, { brand: "isuzu", bodyType: "bakkie" })).toBe(true);
    expect(matchesTargeting(b, { brand: "isuzu", bodyType: "suv" })).toBe(false);
    expect(matchesTargeting(b, { brand: "ford", bodyType: "bakkie" })).toBe(false);
  });
  it("a targeted banner does not show on a page without that value", () => {
    expect(matchesTargeting(banner({ targetProvinces: ["gauteng"] }), {})).toBe(false);
    expect(matchesTargeting(banner({ targetProvinces: ["gauteng"] }), { province: "gauteng" })).toBe(true);
  });
});

describe("chooseBanner: weighted", () => {
  const a = banner({ id: 1, weight: 3 });
  const b = banner({ id: 2, weight: 1 });
  it("splits [0, 1) in proportion to the weights", () => {
    expect(chooseBanner([a, b], 0)?.id).toBe(1);
    expect(chooseBanner([a, b], 0.74)?.id).toBe(1);
    expect(chooseBanner([a, b], 0.75)?.id).toBe(2);
    expect(chooseBanner([a, b], 0.999)?.id).toBe(2);
  });
  it("over many draws the shares follow the weights", () => {
    const counts = { 1: 0, 2: 0 };
    for (let i = 0; i < 4000; i++) counts[chooseBanner([a, b], stableFraction(`draw-${i}`))!.id as 1 | 2]++;
    expect(counts[1] / 4000).toBeGreaterThan(0.7);
    expect(counts[1] / 4000).toBeLessThan(0.8);
  });
  it("targeted banners win over untargeted ones; none gives undefined", () => {
    const targeted = banner({ id: 3, weight: 1, targetBrands: ["toyota"] });
    expect(chooseBanner([a, b, targeted], 0.1)?.id).toBe(3);
    expect(chooseBanner([], 0.5)).toBeUndefined();
  });
});

describe("bannerFor", () => {
  const now = new Date("2026-05-10T10:00:00Z");
  it("keeps the slot, live, matching banners with an image, and gives the box's fields", () => {
    const all = [
      banner({ id: 1, slot: "model-side", imageWidth: 600, imageHeight: 500, altText: "Side" }),
      banner({ id: 2, slot: "home-top" }),
      banner({ id: 3, slot: "model-side", endsAt: new Date("2026-05-01T00:00:00Z"), targetBrands: ["toyota"] }),
      banner({ id: 4, slot: "model-side", imagePath: null, targetBrands: ["toyota"] }),
    ];
    expect(bannerFor(all, "model-side", { brand: "toyota" }, now, "x")).toEqual({ id: 1, imagePath: "/banners/a.svg", width: 600, height: 500, altText: "Side" });
    expect(bannerFor(all, "article-inline", {}, now, "x")).toBeNull();
  });
  it("the same draw key gives the same banner", () => {
    const all = [1, 2, 3, 4].map((id) => banner({ id }));
    const first = bannerFor(all, "home-top", {}, now, "home-top|||123")?.id;
    for (let i = 0; i < 5; i++) expect(bannerFor(all, "home-top", {}, now, "home-top|||123")?.id).toBe(first);
  });
});

describe("small readers", () => {
  it("southAfricanDay is the Johannesburg date", () => {
    expect(southAfricanDay(new Date("2026-05-10T21:59:59Z"))).toBe("2026-05-10");
    expect(southAfricanDay(new Date("2026-05-10T22:00:00Z"))).toBe("2026-05-11");
  });
  it("parseImpressionBeacon takes 1 to 8 distinct positive ids", () => {
    expect(parseImpressionBeacon("12,7")).toEqual([12, 7]);
    expect(parseImpressionBeacon(" 3 ")).toEqual([3]);
    for (const bad of ["", "a", "1,,2", "0", "1,1", "1;2", "1,2,3,4,5,6,7,8,9", "12345678901", "-1"]) expect(parseImpressionBeacon(bad)).toBeNull();
  });
  it("parseBannerId: digits only", () => {
    expect(parseBannerId("42")).toBe(42);
    for (const bad of [undefined, "", "abc", "0", "012", "4.2", "1e3", "9999999999"]) expect(parseBannerId(bad)).toBeNull();
  });
});
