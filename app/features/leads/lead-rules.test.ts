import { describe, expect, it } from "vitest";
import { duplicateKeySource, leadAttribution, leadSourcePath, tradeInDuplicateKeySource } from "./lead-rules";
import { southAfricanDay } from "~/lib/south-african-time";

const base = {
  email: "Thandi@Example.co.za ",
  phone: "+27821234567",
  carCondition: "new" as const,
  paymentMethod: "finance" as const,
  wanted: [
    { brandId: 3, modelId: 12 },
    { brandId: 1, modelId: null },
  ],
  budget: { kind: "price" as const, min: 200_000, max: 300_000 },
};

describe("the duplicate key", () => {
  it("is the same for the same person and request in any order or case", () => {
    const again = { ...base, email: "thandi@example.co.za", wanted: [...base.wanted].reverse() };
    expect(duplicateKeySource(again, "2025-03-15")).toBe(duplicateKeySource(base, "2025-03-15"));
  });

  it("differs by day, cars, budget, payment, condition and phone", () => {
    const key = duplicateKeySource(base, "2025-03-15");
    expect(duplicateKeySource(base, "2025-03-16")).not.toBe(key);
    expect(duplicateKeySource({ ...base, wanted: [{ brandId: 1, modelId: null }] }, "2025-03-15")).not.toBe(key);
    expect(duplicateKeySource({ ...base, budget: { ...base.budget, max: null } }, "2025-03-15")).not.toBe(key);
    expect(duplicateKeySource({ ...base, budget: { ...base.budget, kind: "monthly" } }, "2025-03-15")).not.toBe(key);
    expect(duplicateKeySource({ ...base, paymentMethod: "cash" }, "2025-03-15")).not.toBe(key);
    expect(duplicateKeySource({ ...base, carCondition: "used" }, "2025-03-15")).not.toBe(key);
    expect(duplicateKeySource({ ...base, phone: "+27821234568" }, "2025-03-15")).not.toBe(key);
  });

  it("uses the South African day (UTC+2)", () => {
    expect(southAfricanDay(new Date("2025-03-14T21:59:00Z"))).toBe("2025-03-14");
    expect(southAfricanDay(new Date("2025-03-14T22:00:00Z"))).toBe("2025-03-15");
  });
});

describe("attribution", () => {
  it("keeps same-site paths only", () => {
    expect(leadSourcePath("/toyota/hilux?x=1")).toBe("/toyota/hilux?x=1");
    expect(leadSourcePath("//evil.example/")).toBe("/");
    expect(leadSourcePath("/\\evil.example")).toBe("/");
    expect(leadSourcePath("https://evil.example/")).toBe("/");
    expect(leadSourcePath(`/${"a".repeat(500)}`)).toBe("/");
    expect(leadSourcePath("")).toBe("/");
    expect(leadSourcePath("/.//evil.example")).toBe("/");
    expect(leadSourcePath("/%2F%2Fevil.example")).toBe("/");
  });

  it("bounds the referrer and UTM values and drops empty ones", () => {
    const form = new FormData();
    form.set("source_path", "/");
    form.set("referrer", `https://example.com/${"r".repeat(600)}`);
    form.set("utm_source", " mail ");
    form.set("utm_term", "t".repeat(120));
    form.set("utm_medium", "");
    const a = leadAttribution(form);
    expect(a.referrer).toHaveLength(500);
    expect(a.utm).toEqual({ source: "mail", term: "t".repeat(100) });
    expect(leadAttribution(new FormData())).toEqual({ sourcePath: "/", referrer: null, utm: {} });
  });
});

describe("a trade-in's duplicate key", () => {
  const offer = { email: "Lerato@Example.co.za ", phone: "+27835550142", car: { makeName: "Toyota", modelName: "Corolla Cross", year: 2020, variant: "1.8 Xi" } };

  it("is the same for the same person and car, whatever the case", () => {
    const again = { ...offer, email: "lerato@example.co.za", car: { ...offer.car, variant: "1.8 XI " } };
    expect(tradeInDuplicateKeySource(again, "2026-12-02")).toBe(tradeInDuplicateKeySource(offer, "2026-12-02"));
  });

  it("differs by day, phone, model, year and variant", () => {
    const key = tradeInDuplicateKeySource(offer, "2026-12-02");
    expect(tradeInDuplicateKeySource(offer, "2026-12-03")).not.toBe(key);
    expect(tradeInDuplicateKeySource({ ...offer, phone: "+27835550143" }, "2026-12-02")).not.toBe(key);
    expect(tradeInDuplicateKeySource({ ...offer, car: { ...offer.car, modelName: "Corolla" } }, "2026-12-02")).not.toBe(key);
    expect(tradeInDuplicateKeySource({ ...offer, car: { ...offer.car, year: 2021 } }, "2026-12-02")).not.toBe(key);
    expect(tradeInDuplicateKeySource({ ...offer, car: { ...offer.car, variant: "2.0" } }, "2026-12-02")).not.toBe(key);
  });
});
