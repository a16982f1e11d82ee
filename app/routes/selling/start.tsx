import { redirect } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { loginUrl } from "~/features/accounts/urls";
import { draftStepPath, firstOpenStep } from "~/features/marketplace/selling/ad-draft-steps";
import { startDraft } from "~/features/marketplace/selling/ad-drafts.server";
import { SellLoginGate } from "~/features/marketplace/selling/components/ad-form/sell-login-gate";
import { isBannedSeller, SELLER_BANNED_MESSAGE } from "~/features/marketplace/selling/seller-limits.server";
import { SELL_PATH } from "~/features/marketplace/urls";
import { routeMeta } from "~/lib/seo";
import type { Route } from "./+types/start";

// /poster-une-annonce: a signed-in seller continues their unfinished ad (or starts one) at its
// first open step. A visitor gets the login popup (scripts) or is sent to the login page
// (no scripts), and comes back here once signed in.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await currentUser(request);
  if (!user) return { loginPath: loginUrl(SELL_PATH), registerPath: `/register?redirectTo=${encodeURIComponent(SELL_PATH)}` };
  // A banned account is told here, before it writes an ad it could not publish.
  if (await isBannedSeller(user.id)) return { banned: SELLER_BANNED_MESSAGE };
  const draft = await startDraft(user.id);
  throw redirect(draftStepPath(draft.id, firstOpenStep(draft.completedSteps, draft.photos.length > 0)));
}

// Browsers without scripts go straight to the login page (a refresh in the head, see root.tsx).
export const handle = {
  noscriptRedirect: (data: { loginPath?: string } | undefined) => data?.loginPath,
};

export default function SellStartRoute({ loaderData }: Route.ComponentProps) {
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
  return <SellLoginGate loginPath={loaderData.loginPath} registerPath={loaderData.registerPath} />;
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Sell your car", description: "Post your car for sale on the Voitura marketplace: free for private sellers, online for 60 days." });
}
