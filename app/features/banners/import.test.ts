import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatIssue, parseBanners, readImage, readLink, validateBannerRow } from "./import";
import { southAfricanDayStart } from "~/lib/south-african-time";

const exists = (p: string) => p.startsWith("/banners/demo-");
const example = fs.readFileSync(path.resolve(import.meta.dirname, "../../../docs/examples/banners.csv"), "utf8");
const good = {
  slot: "home-top",
  title: "Winter specials",
  image_path: "/banners/demo-home-promotions.svg",
  image_width: "1200",
  image_height: "300",
  alt_text: "Winter specials at your dealer",
  link_url: "/guide-auto/promos-du-moment",
};
const issuesOf = (record: Record<string, unknown>) => validateBannerRow(record, 4, exists).issues.map(formatIssue);

describe("banner import rules", () => {
  it("reads the documented example", () => {
    const { rows, issues } = parseBanners(example, "csv", exists);
    expect(issues).toEqual([]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ slot: "model-side", targetBrands: ["toyota", "isuzu"], targetBodyTypes: ["bakkie", "double-cab"], targetProvinces: ["kwazulu-natal"], weight: 1, active: true });
    expect(rows[0]!.startsAt?.toISOString()).toBe("2026-05-31T22:00:00.000Z");
    // ends_on is the last day shown: the window closes at the next South African midnight.
    expect(rows[0]!.endsAt?.toISOString()).toBe("2026-08-31T22:00:00.000Z");
  });

  it("defaults: active, weight 1, no dates, no targeting", () => {
    expect(validateBannerRow(good, 1, exists).row).toMatchObject({ active: true, weight: 1, startsAt: null, endsAt: null, targetBrands: [] });
  });

  it("links: a site path or an https address, never another scheme or //host", () => {
    expect(readLink("/comparateur?versions=1,2,3,4")).toEqual({ value: "/comparateur?versions=1,2,3,4" });
    expect(readLink("https://example.com/x")).toEqual({ value: "https://example.com/x" });
    for (const bad of ["//evil.example", "http://example.com", "javascript:alert(1)", "comparateur", "/a b", "/a\\b"]) expect(readLink(bad)).toHaveProperty("error");
  });

  it("images: an existing file of public/ or an https address", () => {
    expect(readImage("/banners/demo-used-sell.svg", exists)).toEqual({ value: "/banners/demo-used-sell.svg" });
    expect(readImage("https://cdn.example.com/a.webp", exists)).toHaveProperty("value");
    expect(readImage("/banners/missing.webp", exists)).toHaveProperty("error");
    expect(readImage("/banners/demo-x.txt", exists)).toHaveProperty("error");
    expect(readImage("/banners/../demo-x.svg", exists)).toHaveProperty("error");
  });

  it("row problems carry the row and column", () => {
    expect(issuesOf({ ...good, slot: "sidebar" })[0]).toMatch(/^row 4: slot: unknown slot 'sidebar'/);
    expect(issuesOf({ ...good, weight: "0" })).toEqual(["row 4: weight: must be from 1 to 1000"]);
    expect(issuesOf({ ...good, weight: "2.5" })[0]).toMatch(/^row 4: weight: '2.5' must be a whole number/);
    expect(issuesOf({ ...good, starts_on: "2026-02-30" })[0]).toMatch(/^row 4: starts_on: /);
    expect(issuesOf({ ...good, starts_on: "2026-06-02", ends_on: "2026-06-01" })).toEqual(["row 4: ends_on: must not be before starts_on"]);
    expect(issuesOf({ ...good, target_body_types: "suv|tractor" })[0]).toMatch(/^row 4: target_body_types: unknown body type 'tractor'/);
    expect(issuesOf({ ...good, target_provinces: "gautng" })[0]).toMatch(/did you mean gauteng/);
    expect(issuesOf({ ...good, alt_text: "" })).toEqual(["row 4: alt_text: is required"]);
    expect(issuesOf({ ...good, active: "maybe" })[0]).toMatch(/^row 4: active: /);
  });

  it("a one-day window: starts_on = ends_on is that South African day", () => {
    const { row } = validateBannerRow({ ...good, starts_on: "2026-06-01", ends_on: "2026-06-01" }, 1, exists);
    expect(row!.endsAt!.getTime() - row!.startsAt!.getTime()).toBe(24 * 3600_000);
    expect(southAfricanDayStart("2026-06-01")?.toISOString()).toBe("2026-05-31T22:00:00.000Z");
  });

  it("all or nothing: one bad row and no row is returned; a repeated slot and title is a problem", () => {
    const json = JSON.stringify([good, { ...good, title: "Other", link_url: "ftp://x" }]);
    expect(parseBanners(json, "json", exists)).toMatchObject({ rows: [], issues: [{ row: 2, column: "link_url" }] });
    const twice = JSON.stringify([good, { ...good, title: "WINTER specials" }]);
    expect(parseBanners(twice, "json", exists).issues[0]).toMatchObject({ row: 2, column: "title" });
  });

  it("file problems: unknown or missing columns, not an array, empty", () => {
    expect(parseBanners("slot,title,colour\n", "csv", exists).issues.map((i) => i.message)).toContain('unknown column "colour" (the columns are listed in docs/banners-import.md)');
    expect(parseBanners("{}", "json", exists).issues[0]!.message).toMatch(/array/);
    expect(parseBanners("", "csv", exists).issues[0]!.message).toBe("the file is empty");
  });
});
