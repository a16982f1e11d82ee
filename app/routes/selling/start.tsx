import { redirect } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { loginUrl } from "~/features/accounts/urls";
import { draftStepPath, firstOpenStep } from "~/features/marketplace/selling/ad-draft-steps";
import { startDraft } from "~/features/marketplace/selling/ad-drafts.server";
import { readDraftPrefill } from "~/features/marketplace/selling/ad-draft-prefill";
import { startPrefilledDraft } from "~/features/marketplace/selling/ad-draft-prefill.server";
import { SellLoginGate } from "~/features/marketplace/selling/components/ad-form/sell-login-gate";
import { SELL_FOR_MYSELF, SELL_FOR_PARAM, SellerChoice } from "~/features/marketplace/selling/components/ad-form/seller-choice";
import { dealersOfUser } from "~/features/dealer-accounts/membership.server";
import { parseNumericId, routeNotFound } from "~/lib/errors";
import { isBannedSeller, SELLER_BANNED_MESSAGE } from "~/features/marketplace/selling/seller-limits.server";
import { SELL_PATH } from "~/features/marketplace/urls";
import { routeMeta } from "~/lib/seo";
import type { Route } from "./+types/start";

// /poster-une-annonce: a signed-in seller continues their unfinished ad (or starts one) at its
// first open step. A visitor gets the login popup (scripts) or is sent to the login page
// (no scripts), and comes back here once signed in. A member of a dealership first says who sells
// (?pour={dealer id} or ?pour=moi); the dealer's id is checked against their memberships. A
// valuation's "Sell it on Voitura" adds its car (ad-draft-prefill.ts), kept through the login.
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await currentUser(request);
  const back = `${url.pathname}${url.search}`;
  if (!user) return { loginPath: loginUrl(back), registerPath: `/register?redirectTo=${encodeURIComponent(back)}`, back };
  // A banned account is told here, before it writes an ad it could not publish.
  if (await isBannedSeller(user.id)) return { banned: SELLER_BANNED_MESSAGE };
  const sellingFor = url.searchParams.get(SELL_FOR_PARAM);
  let dealerId: number | null = null;
  if (sellingFor !== SELL_FOR_MYSELF) {
    const dealers = await dealersOfUser(user.id);
    if (sellingFor === null && dealers.length > 0) return { dealers };
    if (sellingFor !== null) {
      dealerId = parseNumericId(sellingFor, url.pathname);
      if (!dealers.some((d) => d.dealerId === dealerId)) routeNotFound(url.pathname);
    }
  }
  // From a valuation: the car filled in, shown on the car step for the seller to check.
  const prefill = readDraftPrefill(url.searchParams);
  if (prefill) throw redirect(draftStepPath((await startPrefilledDraft(user.id, dealerId, prefill)).id, "car"));
  const draft = await startDraft(user.id, dealerId);
  throw redirect(draftStepPath(draft.id, firstOpenStep(draft.completedSteps, draft.photos.length > 0)));
}

// Browsers without scripts go straight to the login page (a refresh in the head, see root.tsx).
export const handle = {
  noscriptRedirect: (data: { loginPath?: string } | undefined) => data?.loginPath,
};

export default function SellStartRoute({ loaderData }: Route.ComponentProps) {
  if ("dealers" in loaderData && loaderData.dealers) return <SellerChoice dealers={loaderData.dealers} />;
  if ("banned" in loaderData) {
    return (
      <div className="container-page py-10 sm:py-16">
        <div className="card mx-auto max-w-xl p-6 sm:p-8" role="alert">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">You cannot sell on Voitura</h1>
          <p className="mt-3 text-slate-700 dark:text-slate-300">{loaderData.banned}</p>
        </div>
      </div>
    );
  }
  return <SellLoginGate loginPath={loaderData.loginPath} registerPath={loaderData.registerPath} redirectTo={loaderData.back} />;
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Sell your car", description: "Post your car for sale on the Voitura marketplace: free for private sellers, online for 60 days." });
}
