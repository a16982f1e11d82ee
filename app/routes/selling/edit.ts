import { redirect } from "react-router";
import { requireUser } from "~/features/accounts/accounts.server";
import { draftStepPath } from "~/features/marketplace/selling/ad-draft-steps";
import { startEditDraft } from "~/features/marketplace/selling/ad-draft-publish.server";
import { parseNumericId, routeNotFound } from "~/lib/errors";
import { assertSameOrigin } from "~/lib/security.server";
import type { Route } from "./+types/edit";

// /poster-une-annonce/modifier/:adId: opens (or resumes) the edit draft of the seller's own ad
// and goes to its first step. POST from "Edit" buttons; GET too, so a plain link works without
// scripts. Someone else's ad, or one that cannot be edited (sold, removed), is the 404 page.
async function openEdit(request: Request, params: Route.LoaderArgs["params"]): Promise<never> {
  const user = await requireUser(request);
  const { pathname } = new URL(request.url);
  const draft = await startEditDraft(user.id, parseNumericId(params.adId, pathname));
  if (!draft) routeNotFound(pathname);
  throw redirect(draftStepPath(draft.id, "car"));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return openEdit(request, params);
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  return openEdit(request, params);
}
