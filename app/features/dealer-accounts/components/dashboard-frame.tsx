import { BadgeCheck, ExternalLink } from "lucide-react";
import { Link, NavLink } from "react-router";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import type { DealerMembership } from "../membership.server";
import { dealerRoleLabels, roleMay } from "../permissions";
import { DEALER_DASHBOARD_PATH, dashboardSections, dealerDashboardUrl } from "../urls";

/** The frame of every dashboard section: the dealer acted for, the switch to another, the sections its role opens. */
export function DashboardFrame({
  membership,
  otherDealers,
  publicUrl,
  children,
}: {
  membership: DealerMembership;
  otherDealers: DealerMembership[];
  publicUrl: string;
  children: React.ReactNode;
}) {
  const sections = dashboardSections.filter((section) => roleMay(membership.role, section.action));
  const here = dealerDashboardUrl(membership.dealerId);
  return (
    <div className="container-page max-w-6xl py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "My account", to: "/mon-compte" }, { label: "Dealer dashboard", to: DEALER_DASHBOARD_PATH }, { label: membership.dealerName }]} currentPath={here} />
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Dealer dashboard</p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-extrabold tracking-tight">
            {membership.dealerName}
            {membership.verified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-bold text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200">
                <BadgeCheck aria-hidden="true" className="size-3.5" strokeWidth={2} />
                Verified dealer
              </span>
            ) : null}
          </p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            You act as <strong>{dealerRoleLabels[membership.role].toLowerCase()}</strong>.{" "}
            <Link to={publicUrl} className="link inline-flex items-center gap-1">
              See the public page
              <ExternalLink aria-hidden="true" className="size-3.5" strokeWidth={1.75} />
            </Link>
          </p>
        </div>
        {otherDealers.length > 0 ? (
          <nav aria-label="Your other dealers" className="text-sm">
            <p className="font-semibold">Act for another dealer:</p>
            <ul className="mt-1 flex flex-col gap-1">
              {otherDealers.map((other) => (
                <li key={other.dealerId}>
                  <Link to={dealerDashboardUrl(other.dealerId)} className="link">
                    {other.dealerName}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <nav aria-label="Dashboard sections" className="mt-5 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
        <ul className="flex min-w-max gap-1">
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink
                to={dealerDashboardUrl(membership.dealerId, section.path)}
                end
                className={({ isActive }) =>
                  `-mb-px inline-block border-b-2 px-3 py-2.5 text-sm font-semibold ${
                    isActive
                      ? "border-primary-700 text-primary-800 dark:border-primary-300 dark:text-primary-200"
                      : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                  }`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">{children}</div>
    </div>
  );
}
