import { describe, expect, it } from "vitest";
import { SITE_PREVIEW, fnv1a, previewFingerprint } from "~/lib/link-preview";
import { articlePreview, brandCars, brandPreview, comparisonPreview, guidePreview, modelPreview, parsePreviewPath, sitePreview, taxonomyPreview, versionPreview } from "./cards";

const model = { id: 12, name: "Corolla Cross", brandName: "Toyota", bodyType: "crossover", colour: "#2563eb" };
const car = (id: number, priceZar: number) => ({ id, brandName: "Toyota", modelName: `M${id}`, name: `V${id}`, priceZar, bodyType: "suv", colour: "#111111" });

describe("card addresses", () => {
  it("name the subject and a fingerprint of what the card shows", () => {
    const preview = modelPreview({ model, versions: [{ priceZar: 459_900 }, { priceZar: 389_900 }] });
    expect(preview.path).toMatch(/^\/apercu\/modele\/12\.[0-9a-f]{8}\.png$/);
    expect(preview.path).toBe(`/apercu/modele/12.${preview.fingerprint}.png`);
    expect(preview.alt).toBe("Illustration of the Toyota Corolla Cross, from 389.900 ZAR");
    expect(preview.card).toMatchObject({ kind: "model", minPrice: 389_900, versionCount: 2 });
  });

  it("change when the content does, and only then", () => {
    const a = modelPreview({ model, versions: [{ priceZar: 389_900 }] });
    expect(modelPreview({ model: { ...model }, versions: [{ priceZar: 389_900 }] }).path).toBe(a.path);
    expect(modelPreview({ model, versions: [{ priceZar: 379_900 }] }).path).not.toBe(a.path);
    expect(modelPreview({ model: { ...model, colour: "#000000" }, versions: [{ priceZar: 389_900 }] }).path).not.toBe(a.path);
  });

  it("fingerprints with FNV-1a (the same in the browser and on the server)", () => {
    expect(fnv1a("")).toBe("811c9dc5");
    expect(fnv1a("a")).toBe("e40c292c");
    expect(previewFingerprint({ a: 1 })).toMatch(/^[0-9a-f]{8}$/);
  });

  it("keep the comparator's order of cars", () => {
    expect(comparisonPreview([car(31, 1), car(7, 2)]).path).toMatch(/^\/apercu\/comparateur\/31-7\.[0-9a-f]{8}\.png$/);
    expect(comparisonPreview([car(31, 1), car(7, 2)]).alt).toBe("Toyota M31 vs Toyota M7, side by side with their prices");
  });

  it("draw a brand with the same cars whatever order its page lists them in", () => {
    const models = [
      { id: 1, bodyType: "suv", colour: "#111111", minPrice: 500 },
      { id: 2, bodyType: "hatchback", colour: "#222222", minPrice: 100 },
      { id: 3, bodyType: "suv", colour: "#333333", minPrice: 200 },
      { id: 4, bodyType: "bakkie", colour: "#444444", minPrice: 300 },
    ];
    expect(brandCars(models).map((m) => m.colour)).toEqual(["#222222", "#333333", "#444444"]);
    const brand = { id: 5, name: "Toyota", colour: "#eb0a1e" };
    expect(brandPreview({ brand, models, minPrice: 100 }).path).toBe(brandPreview({ brand, models: [...models].reverse(), minPrice: 100 }).path);
    expect(brandCars(models.slice(0, 1).concat(models.slice(2, 3)))).toHaveLength(2);
  });

  it("give every kind its own address and words", () => {
    const version = versionPreview({
      version: { id: 3, name: "1.8 XS", priceZar: 389_900, onSale: false, fuel: "petrol", transmission: "cvt", gears: null, powerKw: 103 },
      model,
    });
    expect(version.path).toMatch(/^\/apercu\/version\/3\./);
    expect(version.alt).toBe("Illustration of the Toyota Corolla Cross 1.8 XS");
    const article = articlePreview({ id: 9, title: "T", categoryName: "Road tests", publishedAt: "2026-01-01T00:00:00.000Z", readingMinutes: 4, coverBodyType: "suv", coverColour: "#fff" });
    expect(article.path).toMatch(/^\/apercu\/actualite\/9\./);
    expect(article.alt).toBe("Road tests: T");
    const taxonomy = { slug: "permis-de-conduire", name: "Driving licence", description: "D" };
    expect(taxonomyPreview({ taxonomy, guides: [1, 2] }).path).toMatch(/^\/apercu\/guide-pratique\/permis-de-conduire\.[0-9a-f]{8}\.png$/);
    expect(guidePreview({ taxonomy, guide: { slug: "k53", title: "K53", readingMinutes: 3 } }).path).toMatch(/^\/apercu\/guide-pratique\/permis-de-conduire\/k53\./);
    expect(sitePreview().path).toBe(SITE_PREVIEW.path);
  });
});

describe("parsePreviewPath", () => {
  it("reads every kind, with or without a fingerprint", () => {
    expect(parsePreviewPath("logo.png")).toEqual({ subject: { kind: "logo" } });
    expect(parsePreviewPath("accueil.0badcafe.png")).toEqual({ subject: { kind: "site" }, fingerprint: "0badcafe" });
    expect(parsePreviewPath("marque/4.png")).toEqual({ subject: { kind: "brand", id: 4 }, fingerprint: undefined });
    expect(parsePreviewPath("modele/12.0badcafe.png")).toEqual({ subject: { kind: "model", id: 12 }, fingerprint: "0badcafe" });
    expect(parsePreviewPath("version/7.png")?.subject).toEqual({ kind: "version", id: 7 });
    expect(parsePreviewPath("actualite/1001.png")?.subject).toEqual({ kind: "article", id: 1001 });
    expect(parsePreviewPath("comparateur/31-7-12.0badcafe.png")).toEqual({ subject: { kind: "comparison", ids: [31, 7, 12] }, fingerprint: "0badcafe" });
    expect(parsePreviewPath("guide-pratique/permis-de-conduire.png")?.subject).toEqual({ kind: "taxonomy", taxonomy: "permis-de-conduire" });
    expect(parsePreviewPath("guide-pratique/permis-de-conduire/k53-test.png")?.subject).toEqual({ kind: "guide", taxonomy: "permis-de-conduire", slug: "k53-test" });
  });

  it("refuses anything else", () => {
    for (const bad of [
      "",
      "logo.jpg",
      "modele/0.png",
      "modele/012.png",
      "modele/abc.png",
      "modele/1234567890.png",
      "modele/12.jpg",
      "modele/12.0BADCAFE.png",
      "modele/12.cafe.png",
      "modele/12/13.png",
      "comparateur/1-1.png",
      "comparateur/1-2-3-4-5.png",
      "comparateur/.png",
      "guide-pratique/Permis.png",
      "guide-pratique/a/b/c.png",
      "inconnu/1.png",
      "../modele/1.png",
      "modele/1.png?x",
    ]) {
      expect(parsePreviewPath(bad), bad).toBeNull();
    }
  });
});
