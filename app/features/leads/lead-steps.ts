// The lead popup's states (spec section 4): hidden or visible; the active step starts at 0 and
// hiding resets it to 0; an unknown step number is ignored; the steps stay in ascending order.
// The answers live beside the step, so going Back (or closing and reopening) keeps every choice.

export const LEAD_STEPS = [
  { number: 0, key: "condition", title: "JE CHERCHE UNE VOITURE", lang: "fr", subtitle: "I am looking for a car" },
  { number: 1, key: "payment", title: "MODE DE PAIEMENT", lang: "fr", subtitle: "How would you like to pay?" },
  { number: 2, key: "cars", title: "MARQUE ET BUDGET", lang: "fr", subtitle: "Which cars, and your budget" },
  { number: 3, key: "contact", title: "YOUR DETAILS", lang: "en", subtitle: "How dealers can reach you" },
] as const;

export type LeadStepNumber = 0 | 1 | 2 | 3;
export const LAST_LEAD_STEP: LeadStepNumber = 3;

/** The answers so far, as the form fields carry them ("wanted" repeats). */
export interface LeadDraft {
  fields: Partial<Record<string, string>>;
  wanted: string[];
}

const emptyLeadDraft = (): LeadDraft => ({ fields: {}, wanted: [] });

export interface LeadPopupState {
  visible: boolean;
  step: LeadStepNumber;
  draft: LeadDraft;
}

export type LeadPopupEvent =
  /** Open, optionally with answers a page knows already (a model page: new, that model). */
  | { type: "show"; prefill?: Partial<LeadDraft> }
  | { type: "hide" }
  /** Jump to a step (the server's answer names the first step with an error). */
  | { type: "go"; step: number }
  | { type: "next" }
  | { type: "back" }
  /** Keep what the visitor typed or chose on the current step. */
  | { type: "answer"; draft: Partial<LeadDraft> }
  /** After a sent request: start again from nothing. */
  | { type: "reset" };

export const initialLeadPopupState = (): LeadPopupState => ({ visible: false, step: 0, draft: emptyLeadDraft() });

function isLeadStep(step: unknown): step is LeadStepNumber {
  return typeof step === "number" && Number.isInteger(step) && step >= 0 && step <= LAST_LEAD_STEP;
}

/** Reads a step number from a query value; anything else is null (and so ignored). */
export function parseLeadStep(value: string | null | undefined): LeadStepNumber | null {
  if (value == null || !/^\d$/.test(value)) return null;
  const step = Number(value);
  return isLeadStep(step) ? step : null;
}

function merge(draft: LeadDraft, more: Partial<LeadDraft> | undefined): LeadDraft {
  if (!more) return draft;
  return { fields: { ...draft.fields, ...more.fields }, wanted: more.wanted ?? draft.wanted };
}

export function leadPopupReducer(state: LeadPopupState, event: LeadPopupEvent): LeadPopupState {
  switch (event.type) {
    case "show":
      return { visible: true, step: 0, draft: merge(state.draft, event.prefill) };
    case "hide":
      return { ...state, visible: false, step: 0 };
    case "go":
      return isLeadStep(event.step) ? { ...state, step: event.step } : state;
    case "next":
      return state.step < LAST_LEAD_STEP ? { ...state, step: (state.step + 1) as LeadStepNumber } : state;
    case "back":
      return state.step > 0 ? { ...state, step: (state.step - 1) as LeadStepNumber } : state;
    case "answer":
      return { ...state, draft: merge(state.draft, event.draft) };
    case "reset":
      return { ...state, step: 0, draft: emptyLeadDraft() };
  }
}
