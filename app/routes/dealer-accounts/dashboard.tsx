import { Outlet } from "react-router";
import { DashboardFrame } from "~/features/dealer-accounts/components/dashboard-frame";
import { dealersOfUser, requireDealerMember } from "~/features/dealer-accounts/membership.server";
import { CLAIMED_MESSAGE, CLAIMED_NOTICE } from "~/features/dealer-accounts/urls";
import { dealerUrl } from "~/features/dealers/urls";
import { parseNumericId } from "~/lib/errors";
import { routeMeta } from "~/lib/seo";
import { FormSuccess } from "~/ui/form";
import type { Route } from "./+types/dashboard";

// /mon-compte/concession/{dealerId}: the frame of a dealer's dashboard. Its sections are child
// routes; each checks the member's right to its own action again (a layout's check does not
// cover an action posted to a child).

export async function loader({ request, params }: Route.LoaderArgs) {
  const dealerId = parseNumericId(params.dealerId, new URL(request.url).pathname);
  const { user, membership } = await requireDealerMember(request, dealerId, "stock");
  const otherDealers = (await dealersOfUser(user.id)).filter((m) => m.dealerId !== dealerId);
  // A claim that just succeeded lands here (claim-page.server.ts) and is greeted once.
  const notice = new URL(request.url).searchParams.get("notice") === CLAIMED_NOTICE ? CLAIMED_MESSAGE : null;
  return { membership, otherDealers, publicUrl: dealerUrl({ id: membership.dealerId, slug: membership.dealerSlug }), notice };
}

export default function DealerDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardFrame membership={loaderData.membership} otherDealers={loaderData.otherDealers} publicUrl={loaderData.publicUrl}>
      {loaderData.notice ? <FormSuccess className="mb-6">{loaderData.notice}</FormSuccess> : null}
      <Outlet />
    </DashboardFrame>
  );
}

export function meta(args: Route.MetaArgs) {
  const name = args.data?.membership.dealerName ?? "Dealer";
  return routeMeta(args, { title: `${name}: dealer dashboard`, description: "Your dealership's stock, leads and people on Voitura.", noindex: true });
}
