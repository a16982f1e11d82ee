import type { DealerRole } from "../../../db/schema/vocabulary";

// Who may do what for a dealer (issue 46). Staff list and edit stock and answer leads; only the
// owner manages people and the dealer's details. Every dealer action names one of these on the
// server (requireDealerMember), so the rule lives here and nowhere else.

export const dealerActions = ["stock", "leads", "people", "details"] as const;
export type DealerAction = (typeof dealerActions)[number];

const allowed: Record<DealerAction, readonly DealerRole[]> = {
  stock: ["owner", "staff"],
  leads: ["owner", "staff"],
  people: ["owner"],
  details: ["owner"],
};

export function roleMay(role: DealerRole, action: DealerAction): boolean {
  return allowed[action].includes(role);
}

export const dealerRoleLabels: Record<DealerRole, string> = {
  owner: "Owner",
  staff: "Staff",
};
