import { describe, expect, it } from "vitest";
import { leadPrefillHref } from "./lead-events";
import { carriedLeadFields, checkLeadStep, describeLeadBudget, firstFailingStep, leadPageQuery, landingAttribution, readLeadDraft, readLeadStep } from "./lead-draft";

describe("lead draft", () => {
  it("reads answers and attribution from a query, dropping unknown names and empty cars", () => {
    const draft = readLeadDraft(new URLSearchParams("car_condition=new&wanted=4:12&wanted=&wanted=7&evil=1&utm_source=mail"));
    expect(draft).toEqual({ fields: { car_condition: "new", utm_source: "mail" }, wanted: ["4:12", "7"] });
  });

  it("checks one step with the shared schema, messages under their fields", () => {
    expect(checkLeadStep(0, { fields: {}, wanted: [] })).toEqual({ car_condition: "Please choose new, used or either" });
    expect(checkLeadStep(0, { fields: { car_condition: "used" }, wanted: [] })).toBeNull();
    expect(checkLeadStep(2, { fields: { budget_kind: "price", budget: "R 250 000 - R 350 000" }, wanted: [] })).toHaveProperty("wanted");
    expect(checkLeadStep(2, { fields: { budget_kind: "price", budget: "250,000 - 350,000" }, wanted: ["4:12"] })).toBeNull();
  });

  it("finds the first earlier step that fails", () => {
    const draft = { fields: { car_condition: "new" }, wanted: [] };
    expect(firstFailingStep(draft, 1)).toBeNull();
    expect(firstFailingStep(draft, 3)?.step).toBe(1);
  });

  it("carries only earlier answers and the attribution in hidden fields", () => {
    const draft = { fields: { car_condition: "new", payment_method: "cash", budget_kind: "price", budget: "300000", name: "T", source_path: "/x" }, wanted: ["1", "2:3"] };
    expect(carriedLeadFields(draft, 2)).toEqual([
      ["car_condition", "new"],
      ["payment_method", "cash"],
      ["source_path", "/x"],
    ]);
    expect(leadPageQuery(draft, 1)).toBe("step=1&car_condition=new&payment_method=cash&wanted=1&wanted=2%3A3&budget_kind=price&budget=300000&source_path=%2Fx");
    expect(leadPrefillHref({ car_condition: "new", wanted: ["4:12"] })).toBe("/trouver-mon-vehicule?car_condition=new&wanted=4%3A12");
  });

  it("says how a budget was read", () => {
    expect(describeLeadBudget("price", "R 250,000 - R 350,000")).toBe("250.000 – 350.000 ZAR");
    expect(describeLeadBudget("price", "250000")).toBe("from 250.000 ZAR");
    expect(describeLeadBudget("monthly", "R 6 500")).toBe("up to 6.500 ZAR a month");
    expect(describeLeadBudget("price", "soon")).toBeNull();
  });
});

describe("readLeadStep", () => {
  it("reads only the step's fields, an unticked consent as empty", () => {
    const form = new FormData();
    form.append("name", "Thandi");
    form.append("car_condition", "new");
    expect(readLeadStep(3, form).fields).toMatchObject({ name: "Thandi", consent: "" });
    expect(readLeadStep(3, form)).not.toHaveProperty("wanted");
    expect(readLeadStep(3, form).fields).not.toHaveProperty("car_condition");
    form.append("wanted", "3");
    form.append("wanted", "");
    expect(readLeadStep(2, form).wanted).toEqual(["3"]);
  });
});

describe("landingAttribution", () => {
  const landing = new URL("https://www.voitura.co.za/trouver-mon-vehicule?car_condition=new");
  it("names our own page the request came from, or keeps an outside referrer", () => {
    expect(landingAttribution("https://www.voitura.co.za/guide-auto?x=1", "https://www.voitura.co.za", landing)).toEqual({ source_path: "/guide-auto?x=1" });
    expect(landingAttribution("https://www.google.com/", "https://www.voitura.co.za", landing)).toEqual({
      source_path: "/trouver-mon-vehicule?car_condition=new",
      referrer: "https://www.google.com/",
    });
    expect(landingAttribution(null, "https://www.voitura.co.za", landing)).toEqual({ source_path: "/trouver-mon-vehicule?car_condition=new" });
  });
});
