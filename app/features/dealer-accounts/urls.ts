import type { DealerAction } from "./permissions";

// The dealer dashboard's addresses (issue 46): /mon-compte/concession chooses the dealer a person
// acts for; each dealer's sections sit under its id, so every request names the dealer it acts on.

export const DEALER_DASHBOARD_PATH = "/mon-compte/concession";

export const dashboardSections = [
  { path: "", label: "Stock", action: "stock" },
  { path: "prospects", label: "Leads", action: "leads" },
  { path: "import", label: "Stock feed", action: "stock" },
  { path: "avis", label: "Ratings", action: "leads" },
  { path: "equipe", label: "People", action: "people" },
  { path: "fiche", label: "Dealer details", action: "details" },
] as const satisfies readonly { path: string; label: string; action: DealerAction }[];

export type DashboardSection = (typeof dashboardSections)[number]["path"];

export function dealerDashboardUrl(dealerId: number, section: DashboardSection = ""): string {
  return section ? `${DEALER_DASHBOARD_PATH}/${dealerId}/${section}` : `${DEALER_DASHBOARD_PATH}/${dealerId}`;
}

/** The signed-in page where a user claims a dealer ("Is this your dealership?"). */
export function dealerClaimUrl(dealerId: number): string {
  return `${DEALER_DASHBOARD_PATH}/revendiquer/${dealerId}`;
}

/** Where an invitation's mailed link leads: the invited person signs in and accepts there. */
export const DEALER_INVITATION_PATH = `${DEALER_DASHBOARD_PATH}/invitation`;

export function dealerInvitationUrl(token: string): string {
  return `${DEALER_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
}
/** The dashboard's `?notice=` after a claim succeeds: it greets the new owner once. */
export const CLAIMED_NOTICE = "claimed";
export const CLAIMED_MESSAGE = "You now manage this dealership on Voitura: its page shows “Verified dealer”.";
