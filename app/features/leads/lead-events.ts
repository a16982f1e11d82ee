// Ships on every page (the floating button and the "Get offers" links import it): keep it tiny.

/** Dispatched on window to open the lead popup, optionally with a page's car already chosen. */
export const OPEN_LEAD_POPUP = "open-lead-popup";

export interface LeadPopupPrefill {
  car_condition?: "new" | "used" | "either";
  /** "brandId" or "brandId:modelId", as the form's `wanted` values. */
  wanted?: string[];
}

/** The no-script address that opens the form with a page's car already chosen. */
export function leadPrefillHref(prefill: LeadPopupPrefill): string {
  const query = new URLSearchParams();
  if (prefill.car_condition) query.set("car_condition", prefill.car_condition);
  for (const value of prefill.wanted ?? []) query.append("wanted", value);
  const text = query.toString();
  return text ? `/trouver-mon-vehicule?${text}` : "/trouver-mon-vehicule";
}

export function openLeadPopup(prefill: LeadPopupPrefill = {}): void {
  window.dispatchEvent(new CustomEvent<LeadPopupPrefill>(OPEN_LEAD_POPUP, { detail: prefill }));
}

/** The visit's landing referrer and UTM parameters, kept for the tab's session (sessionStorage). */
const LEAD_VISIT_STORAGE_KEY = "lead-visit";
const UTM_NAMES = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

type LeadVisit = Partial<Record<(typeof UTM_NAMES)[number] | "referrer", string>>;

/** Remembers the landing page's referrer and UTM once per tab session; later pages keep it. */
export function rememberLeadVisit(): void {
  try {
    if (window.sessionStorage.getItem(LEAD_VISIT_STORAGE_KEY) !== null) return;
    const query = new URLSearchParams(window.location.search);
    const visit: LeadVisit = {};
    for (const name of UTM_NAMES) {
      const value = query.get(name);
      if (value) visit[name] = value.slice(0, 200);
    }
    if (document.referrer) visit.referrer = document.referrer.slice(0, 500);
    window.sessionStorage.setItem(LEAD_VISIT_STORAGE_KEY, JSON.stringify(visit));
  } catch {
    // storage disabled: the lead goes without the visit's attribution
  }
}

export function readLeadVisit(): LeadVisit {
  try {
    const raw = window.sessionStorage.getItem(LEAD_VISIT_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" ? (parsed as LeadVisit) : {};
  } catch {
    return {};
  }
}
