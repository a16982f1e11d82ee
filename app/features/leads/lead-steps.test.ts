import { describe, expect, it } from "vitest";
import { initialLeadPopupState, LEAD_STEPS, leadPopupReducer, type LeadPopupEvent, type LeadPopupState, parseLeadStep } from "./lead-steps";

const run = (events: LeadPopupEvent[], from: LeadPopupState = initialLeadPopupState()) => events.reduce(leadPopupReducer, from);

describe("lead popup steps", () => {
  it("starts hidden at step 0 and opens at step 0", () => {
    expect(initialLeadPopupState()).toMatchObject({ visible: false, step: 0 });
    expect(run([{ type: "show" }])).toMatchObject({ visible: true, step: 0 });
  });

  it("keeps its steps in ascending order, the spec's titles first", () => {
    expect(LEAD_STEPS.map((s) => s.number)).toEqual([0, 1, 2, 3]);
    expect(LEAD_STEPS.slice(0, 3).map((s) => s.title)).toEqual(["JE CHERCHE UNE VOITURE", "MODE DE PAIEMENT", "MARQUE ET BUDGET"]);
  });

  it("moves one step at a time and stops at both ends", () => {
    expect(run([{ type: "show" }, { type: "back" }]).step).toBe(0);
    expect(run([{ type: "show" }, { type: "next" }, { type: "next" }]).step).toBe(2);
    expect(run([{ type: "show" }, { type: "next" }, { type: "next" }, { type: "next" }, { type: "next" }]).step).toBe(3);
  });

  it("resets the active step to 0 on hide and on the next show", () => {
    const hidden = run([{ type: "show" }, { type: "next" }, { type: "next" }, { type: "hide" }]);
    expect(hidden).toMatchObject({ visible: false, step: 0 });
    expect(leadPopupReducer(hidden, { type: "show" }).step).toBe(0);
  });

  it("ignores an unknown step number", () => {
    const at1 = run([{ type: "show" }, { type: "next" }]);
    for (const step of [-1, 4, 1.5, Number.NaN, 99]) expect(leadPopupReducer(at1, { type: "go", step })).toBe(at1);
    expect(leadPopupReducer(at1, { type: "go", step: 3 }).step).toBe(3);
    expect(parseLeadStep("2")).toBe(2);
    for (const value of ["4", "-1", "x", "", "01", null, undefined]) expect(parseLeadStep(value)).toBeNull();
  });

  it("keeps what was chosen on Back and across a hide", () => {
    const state = run([
      { type: "show" },
      { type: "answer", draft: { fields: { car_condition: "used" } } },
      { type: "next" },
      { type: "answer", draft: { fields: { payment_method: "cash" } } },
      { type: "back" },
    ]);
    expect(state.step).toBe(0);
    expect(state.draft.fields).toEqual({ car_condition: "used", payment_method: "cash" });
    expect(run([{ type: "hide" }, { type: "show" }], state).draft.fields.payment_method).toBe("cash");
  });

  it("opens prefilled at step 0, the page's car replacing the earlier choice", () => {
    const before = run([{ type: "answer", draft: { fields: { payment_method: "lease" }, wanted: ["1"] } }]);
    const state = leadPopupReducer(before, { type: "show", prefill: { fields: { car_condition: "new" }, wanted: ["4:12"] } });
    expect(state).toMatchObject({ visible: true, step: 0, draft: { fields: { car_condition: "new", payment_method: "lease" }, wanted: ["4:12"] } });
  });

  it("forgets everything after a sent request", () => {
    const state = run([{ type: "show" }, { type: "answer", draft: { fields: { name: "Thandi" } } }, { type: "next" }, { type: "reset" }]);
    expect(state).toMatchObject({ step: 0, draft: { fields: {}, wanted: [] } });
  });
});
