import { Store } from "lucide-react";
import { Link, redirect } from "react-router";
import { requireUser } from "~/features/accounts/accounts.server";
import { dealersOfUser } from "~/features/dealer-accounts/membership.server";
import { dealerRoleLabels } from "~/features/dealer-accounts/permissions";
import { DEALER_DASHBOARD_PATH, dealerDashboardUrl } from "~/features/dealer-accounts/urls";
import { DEALER_DIRECTORY_PATH } from "~/features/dealers/urls";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { Route } from "./+types/choose-dealer";

// /mon-compte/concession: the dealer a person acts for. One dealer opens its dashboard at once;
// several are a choice; none says how a dealership comes to Voitura.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const dealers = await dealersOfUser(user.id);
  if (dealers.length === 1) throw redirect(dealerDashboardUrl(dealers[0]!.dealerId));
  return { dealers };
}

export default function ChooseDealer({ loaderData }: Route.ComponentProps) {
  const { dealers } = loaderData;
  return (
    <div className="container-page max-w-3xl py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "My account", to: "/mon-compte" }, { label: "Dealer dashboard" }]} currentPath={DEALER_DASHBOARD_PATH} />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Dealer dashboard</h1>
      {dealers.length === 0 ? (
        <div className="card mt-6 flex flex-col items-start gap-3 p-6">
          <Store aria-hidden="true" className="size-8 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
          <p className="text-lg font-semibold">You do not manage a dealership on Voitura yet</p>
          <p className="text-slate-700 dark:text-slate-300">
            Find your dealership in the directory and choose "Is this your dealership?" on its page. If a colleague already
            manages it here, ask them to invite you.
          </p>
          <Link to={DEALER_DIRECTORY_PATH} className="btn-primary">
            Find my dealership
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">You work for several dealerships. Choose the one you act for.</p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {dealers.map((dealer) => (
              <li key={dealer.dealerId}>
                <Link to={dealerDashboardUrl(dealer.dealerId)} className="card flex flex-col gap-1 p-4 hover:border-primary-400">
                  <span className="font-bold">{dealer.dealerName}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">{dealerRoleLabels[dealer.role]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: "Dealer dashboard", description: "The dealerships you manage on Voitura.", noindex: true });
}
