import { data, redirect } from "react-router";
import { requireUser } from "~/features/accounts/accounts.server";
import { adStepPage } from "~/features/marketplace/selling/ad-draft-page.server";
import { type AdDraftStep, draftStepPath, isAdDraftStep, isFieldStep, PUBLISHED_NOTICE_PARAM, stepHeading, stepValues } from "~/features/marketplace/selling/ad-draft-steps";
import { publishDraft } from "~/features/marketplace/selling/ad-draft-publish.server";
import { saveDraftStep, sellerDraft } from "~/features/marketplace/selling/ad-drafts.server";
import { AdStepPageView } from "~/features/marketplace/selling/components/ad-form/ad-step-page";
import { parseNumericId, routeNotFound } from "~/lib/errors";
import { assertSameOrigin, rateLimit, readForm, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/security.server";
import { routeMeta } from "~/lib/seo";
import type { FieldErrors } from "~/ui/form";
import type { Route } from "./+types/step";

// /poster-une-annonce/:draftId/:step: one step of the posting form (car, condition, price, place,
// description, photos, contact, preview). Signed-in sellers only (a visitor is sent to the login
// page and back here); a draft that is not theirs is the 404 page. POST saves the step (Back or
// Continue) and goes on; on the preview it publishes.

const SAVES_PER_10_MINUTES = 300;
const PUBLISHES_PER_HOUR = 20;

async function ownDraft(request: Request, params: Route.LoaderArgs["params"]) {
  const user = await requireUser(request);
  const { pathname } = new URL(request.url);
  const draftId = parseNumericId(params.draftId, pathname);
  const step = params.step;
  if (!isAdDraftStep(step)) routeNotFound(pathname);
  const draft = await sellerDraft(user.id, draftId);
  if (!draft) routeNotFound(pathname);
  return { user, draft, step: step as AdDraftStep };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { draft, step } = await ownDraft(request, params);
  return adStepPage(draft, step);
}

export type AdStepActionAnswer = {
  ok: false;
  fieldErrors?: FieldErrors;
  formError?: string;
  stepErrors?: Partial<Record<string, FieldErrors>>;
};

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { user, draft, step } = await ownDraft(request, params);
  const form = await readForm(request);
  const intent = form.get("intent") === "back" ? "back" : form.get("intent") === "publish" && step === "preview" ? "publish" : "continue";

  const limit = await rateLimit(`sell-save:${user.id}`, { limit: SAVES_PER_10_MINUTES, windowMs: 10 * 60_000 });
  if (!limit.ok) return data<AdStepActionAnswer>({ ok: false, formError: TOO_MANY_REQUESTS_MESSAGE }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });

  if (intent === "publish") {
    const publishes = await rateLimit(`sell-publish:${user.id}`, { limit: PUBLISHES_PER_HOUR, windowMs: 60 * 60_000 });
    if (!publishes.ok) return data<AdStepActionAnswer>({ ok: false, formError: TOO_MANY_REQUESTS_MESSAGE }, { status: 429, headers: { "Retry-After": String(publishes.retryAfterSeconds) } });
    const answer = await publishDraft(user.id, draft.id);
    if (answer.ok) throw redirect(`${answer.path}?${PUBLISHED_NOTICE_PARAM}=${answer.edited ? "modifiee" : "publiee"}`);
    if (answer.status === 404) routeNotFound(new URL(request.url).pathname);
    return data<AdStepActionAnswer>(
      { ok: false, formError: answer.formError ?? "Some steps are not complete yet: see the list above.", stepErrors: answer.stepErrors },
      { status: answer.status },
    );
  }

  const typed = isFieldStep(step) ? stepValues(step, form) : {};
  const answer = await saveDraftStep(user.id, draft.id, step, typed, intent);
  if (answer.ok) throw redirect(draftStepPath(draft.id, answer.next));
  if (answer.status === 404) routeNotFound(new URL(request.url).pathname);
  return data<AdStepActionAnswer>({ ok: false, fieldErrors: answer.fieldErrors }, { status: answer.status });
}

export default function AdStepRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AdStepPageView page={loaderData} answer={actionData} />;
}

export function meta(args: Route.MetaArgs) {
  const step = args.loaderData?.step;
  const title = step ? `${args.loaderData?.editing ? "Edit your ad" : "Sell your car"}: ${stepHeading(step)}` : "Sell your car";
  return routeMeta(args, { title, description: "Post your car for sale on the Voitura marketplace, step by step.", noindex: true });
}
