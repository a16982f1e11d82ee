import { data } from "react-router";
import { claimDecisionSchema, formValues } from "~/features/dealer-accounts/claim-schema";
import { approveClaim, refuseClaim } from "~/features/dealer-accounts/claims.server";
import { claimForReview } from "~/features/dealer-accounts/claims-review.server";
import { dealerUrl } from "~/features/dealers/urls";
import { parseNumericId, routeNotFound } from "~/lib/errors";
import { assertSameOrigin, readForm } from "~/lib/security.server";
import { toFieldErrors } from "~/ui/form";
import type { ModerationAnswer } from "./item-actions.server";
import { requireModerator } from "./moderators.server";
import { historyLabel } from "./queue.server";

// /moderation/revendications/{id}: a dealer claim sent for review, and the moderator's approval
// or refusal (the decisions themselves are the dealer-accounts feature's, shared with the command
// line). The moderator is checked first, on every request: anyone else meets the 404 page.

export async function claimItemLoader(request: Request, params: { claimId?: string }) {
  const { pathname } = new URL(request.url);
  await requireModerator(request);
  const claim = await claimForReview(parseNumericId(params.claimId, pathname));
  if (!claim) routeNotFound(pathname);
  return {
    ...claim,
    dealerPath: dealerUrl(claim.dealer),
    history: claim.history.map((entry) => ({ ...entry, action: entry.action === "review-requested" ? "Claimant asked for a review" : historyLabel(entry.action) })),
  };
}

export async function claimItemAction(request: Request, params: { claimId?: string }) {
  const { pathname } = new URL(request.url);
  const moderator = await requireModerator(request);
  assertSameOrigin(request);
  const claimId = parseNumericId(params.claimId, pathname);
  const values = formValues(await readForm(request, 16 * 1024), ["intent", "reason"]) as Record<string, string>;
  const input = claimDecisionSchema.safeParse(values);
  if (!input.success) {
    const fieldErrors = toFieldErrors<"reason" | "intent">(input.error);
    return data<ModerationAnswer>({ ok: false, formError: fieldErrors.intent, fieldErrors: { reason: fieldErrors.reason }, values }, { status: 400 });
  }
  const outcome = input.data.intent === "approve" ? await approveClaim(claimId, moderator.email, input.data.reason) : await refuseClaim(claimId, moderator.email, input.data.reason);
  if (outcome.ok) return data<ModerationAnswer>({ ok: true, message: outcome.message });
  return data<ModerationAnswer>({ ok: false, formError: outcome.message, values }, { status: outcome.status });
}
