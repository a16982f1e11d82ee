import { Link } from "react-router";
import { claimStatusLabels } from "~/features/dealer-accounts/claim-rules";
import { claimItemAction, claimItemLoader } from "~/features/moderation/claim-actions.server";
import { ClaimDecisions } from "~/features/moderation/components/claim-parts";
import { History, Section } from "~/features/moderation/components/moderation-parts";
import type { ModerationAnswer } from "~/features/moderation/item-actions.server";
import { MODERATION_PATH, moderationClaimPath } from "~/features/moderation/urls";
import { formatPhone } from "~/lib/phone";
import { cityName, provinceName } from "~/lib/places";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { FormSuccess } from "~/ui/form";
import type { Route } from "./+types/dealer-claim";

// /moderation/revendications/{id}: a dealer claim sent for review: the dealer and its listed
// phone (to call and check), the claimant and what they wrote, the history, and the decisions.

export async function loader({ request, params }: Route.LoaderArgs) {
  return claimItemLoader(request, params);
}

export async function action({ request, params }: Route.ActionArgs) {
  return claimItemAction(request, params);
}

export function meta(args: Route.MetaArgs) {
  const claim = args.loaderData;
  return routeMeta(args, {
    title: claim ? `Moderation: claim of ${claim.dealer.name}` : "Moderation",
    description: "A dealer claim waiting for a decision.",
    canonicalPath: claim ? moderationClaimPath(claim.id) : MODERATION_PATH,
    noindex: true,
  });
}

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function ModerationDealerClaim({ loaderData: claim, actionData }: Route.ComponentProps) {
  const { dealer, claimant, request } = claim;
  const title = `${claimant.name} claims ${dealer.name}`;
  const answer = actionData as ModerationAnswer | undefined;
  return (
    <div className="container-page max-w-5xl py-6 sm:py-8">
      <Breadcrumbs crumbs={[{ label: "Moderation", to: MODERATION_PATH }, { label: `Claim of ${dealer.name}` }]} currentPath={moderationClaimPath(claim.id)} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{title}</h1>
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase dark:bg-amber-900/60 dark:text-amber-100" data-testid="moderation-status">
          {claimStatusLabels[claim.status]}
        </span>
      </div>
      <div className="mt-6 space-y-4">
        <Section id="request-heading" title="What the claimant wrote">
          <Facts
            rows={[
              ["Role", request.role || "Not given"],
              ["Call back on", request.phone ? <a href={`tel:${request.phone}`} className="link tabular">{formatPhone(request.phone)}</a> : "Not given"],
              ["Asked", formatSouthAfricanDate(claim.requestedAt)],
            ]}
          />
          <p className="mt-3 text-sm whitespace-pre-line break-words" data-testid="claim-message">
            {request.message}
          </p>
        </Section>
        <div className="grid gap-4 lg:grid-cols-2">
          <Section id="dealer-heading" title="The dealership">
            <Facts
              rows={[
                ["Name", <Link key="name" to={claim.dealerPath} className="link">{dealer.name}</Link>],
                ["Where", `${cityName(dealer.city)}, ${provinceName(dealer.province)}`],
                ["Listed phone", dealer.phone ? <a href={`tel:${dealer.phone.replace(/\s/g, "")}`} className="link tabular">{formatPhone(dealer.phone)}</a> : "None listed"],
                ["Listed e-mail", dealer.email ?? "None listed"],
                ["Verified", dealer.verified ? "Yes" : "No"],
              ]}
            />
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Call the listed number and ask for the claimant before approving.</p>
          </Section>
          <Section id="claimant-heading" title="The claimant">
            <Facts
              rows={[
                ["Name", claimant.name],
                ["E-mail", <span key="email" className="break-all">{claimant.email}{claimant.emailVerified ? "" : " (not verified)"}</span>],
                ["Member since", formatSouthAfricanDate(claimant.memberSince)],
                ["Other claims", claim.otherClaims.length ? claim.otherClaims.map((o) => `${o.dealerName} (${claimStatusLabels[o.status].toLowerCase()})`).join(", ") : "None"],
              ]}
            />
          </Section>
        </div>
        <Section id="actions-heading" title="Decision">
          {answer?.ok ? <FormSuccess className="mb-3">{answer.message}</FormSuccess> : null}
          {claim.status === "in-review" ? (
            <ClaimDecisions answer={answer?.ok ? undefined : answer} />
          ) : (
            <p className="text-sm">
              This claim is {claimStatusLabels[claim.status].toLowerCase()}
              {claim.decidedBy ? ` (by ${claim.decidedBy}${claim.decidedAt ? `, ${formatSouthAfricanDate(claim.decidedAt)}` : ""})` : ""}.
            </p>
          )}
        </Section>
        <Section id="history-heading" title="History">
          <History entries={claim.history} />
        </Section>
      </div>
    </div>
  );
}
