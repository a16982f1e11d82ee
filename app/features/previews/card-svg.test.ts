import { describe, expect, it } from "vitest";
import type { PreviewCard } from "./cards";
import { cardSvg, escapeXml, fitText, logoSvg, textWidthEm, wrapText } from "./card-svg";

const hostile = `Tom & Jerry's <script>alert("x")</script> ]]> \u0007bell`;

const sampleCards: PreviewCard[] = [
  { kind: "site" },
  { kind: "brand", name: hostile, colour: '"/><script>', modelCount: 3, minPrice: 189_900, cars: [{ bodyType: "suv", colour: "#dc2626" }] },
  { kind: "model", brand: hostile, name: hostile, car: { bodyType: "<bad>", colour: "red\" onload=\"x" }, versionCount: 1, minPrice: null },
  { kind: "version", brand: "Toyota", model: "Hilux", name: hostile, car: { bodyType: "bakkie", colour: "#fff" }, price: 389_900, onSale: false, fuel: "diesel", transmission: "manual", gears: 6, powerKw: 110 },
  { kind: "comparison", cars: [1, 2, 3, 4].map((i) => ({ brand: hostile, model: `M${i}`, version: hostile, price: 100_000 * i, bodyType: "sedan", colour: "#123456" })) },
  { kind: "article", category: hostile, title: hostile.repeat(4), publishedAt: "2026-03-14T08:00:00.000Z", readingMinutes: 5, car: { bodyType: "van", colour: "#0f766e" } },
  { kind: "taxonomy", slug: "unknown", name: hostile, description: hostile, guideCount: 2 },
  { kind: "guide", taxonomySlug: "permis-de-conduire", taxonomy: hostile, title: hostile, readingMinutes: 3 },
];

describe("escapeXml", () => {
  it("escapes markup and drops characters XML forbids", () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe("a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;");
    expect(escapeXml("bell\u0007 nul\u0000 ok\u00e9")).toBe("bell nul oké");
  });
});

describe("wrapText", () => {
  it("breaks between words, every line within the width", () => {
    const lines = wrapText("Electric bakkies and the South African grid: what load-shedding means for farmers", 50, 600, 10);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(textWidthEm(line) * 50).toBeLessThanOrEqual(600);
    expect(lines.join(" ")).toBe("Electric bakkies and the South African grid: what load-shedding means for farmers");
  });

  it("ends the last allowed line with an ellipsis when text is left over", () => {
    const lines = wrapText("one two three four five six seven eight nine ten eleven twelve", 40, 300, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    expect(textWidthEm(lines[1]!) * 40).toBeLessThanOrEqual(300);
  });

  it("cuts a word longer than a line", () => {
    const [line] = wrapText("Supercalifragilisticexpialidocious", 60, 300, 1);
    expect(line).toMatch(/^Super.*…$/);
    expect(textWidthEm(line!) * 60).toBeLessThanOrEqual(300);
  });

  it("gives nothing for blank text", () => {
    expect(wrapText("   ", 40, 300, 2)).toEqual([]);
  });

  it("fitText takes the largest size that fits, else the smallest, cut", () => {
    expect(fitText("Polo", [80, 60], 500, 1).size).toBe(80);
    expect(fitText("Corolla Cross Hybrid XR", [80, 60], 600, 1).size).toBe(60);
    const long = fitText("word ".repeat(60), [80, 60], 500, 3);
    expect(long.size).toBe(60);
    expect(long.lines).toHaveLength(3);
  });
});

describe("cardSvg", () => {
  it("draws every kind at 1200×630 with every content string escaped", () => {
    for (const card of sampleCards) {
      const svg = cardSvg(card);
      expect(svg, card.kind).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="630"/);
      expect(svg, card.kind).not.toContain("<script");
      expect(svg, card.kind).not.toContain("\u0007");
      expect(svg, card.kind).not.toMatch(/onload="/);
      if (card.kind !== "site") expect(svg, card.kind).toMatch(/&lt;script&gt;|&quot;|&amp;/);
    }
  });

  it("draws the car illustrations and names a generic font family last", () => {
    const svg = cardSvg(sampleCards[2]!);
    expect(svg).toContain('viewBox="0 0 320 140"');
    expect(svg).toMatch(/font-family="[^"]*, sans-serif"/);
  });

  it("draws the logo at the size asked", () => {
    expect(logoSvg(512)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="512" height="512"/);
  });
});
