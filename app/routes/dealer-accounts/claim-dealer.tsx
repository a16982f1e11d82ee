import { BadgeCheck, MailCheck, Store } from "lucide-react";
import { Link } from "react-router";
import { southAfricanClock, UNVERIFIED_MESSAGE } from "~/features/dealer-accounts/claim-rules";
import { answerOf, CodeForm, ReviewRequestForm, SendCodeForm } from "~/features/dealer-accounts/components/claim-forms";
import { type ClaimAnswer, claimAction, loadClaimPage } from "~/features/dealer-accounts/claim-page.server";
import { DEALER_DASHBOARD_PATH, dealerClaimUrl } from "~/features/dealer-accounts/urls";
import { dealerUrl } from "~/features/dealers/urls";
import { formatSouthAfricanDate } from "~/lib/south-african-time";
import { routeMeta } from "~/lib/seo";
import { Breadcrumbs } from "~/ui/breadcrumbs";
import { FormSuccess } from "~/ui/form";
import type { Route } from "./+types/claim-dealer";

// /mon-compte/concession/revendiquer/{dealerId}: "Is this your dealership?". A code mailed to the
// dealer's listed address makes the signed-in user its owner; without a listed address (or when
// they cannot read it) a moderator decides (feature: app/features/dealer-accounts, claims*.ts).

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadClaimPage(request, params);
}

export async function action({ request, params }: Route.ActionArgs) {
  return claimAction(request, params);
}

export default function ClaimDealer({ loaderData, actionData }: Route.ComponentProps) {
  const { page, emailVerified, codeMinutes } = loaderData;
  const { dealer } = page;
  const answer = actionData as ClaimAnswer | undefined;
  const sent = answerOf(answer, "send");
  const reviewAnswer = answerOf(answer, "review");
  const publicPath = dealerUrl(dealer);
  return (
    <div className="container-page py-6 sm:py-8">
      <Breadcrumbs
        crumbs={[{ label: "My account", to: "/mon-compte" }, { label: "Dealer dashboard", to: DEALER_DASHBOARD_PATH }, { label: "Claim a dealership" }]}
        currentPath={dealerClaimUrl(dealer.id)}
      />
      <div className="card mx-auto mt-6 max-w-2xl p-5 sm:p-8">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          <Store aria-hidden="true" className="size-4" strokeWidth={1.75} />
          Is this your dealership?
        </p>
        <h1 className="mt-2 text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{dealer.name}</h1>
        <p className="mt-1 text-sm">
          <Link to={publicPath} className="link">
            See its page
          </Link>
        </p>

        <div className="mt-6 space-y-5">
          {page.state === "owned" ? (
            <div className="space-y-3" data-testid="claim-owned">
              <p className="flex items-start gap-2 font-semibold">
                <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300" strokeWidth={1.75} />
                This dealership is already managed on Voitura.
              </p>
              <p className="text-slate-700 dark:text-slate-300">If you work there, ask its owner to invite you: they can add you from their dealer dashboard.</p>
            </div>
          ) : page.state === "in-review" ? (
            <FormSuccess>
              {/* Just sent: the action's thanks; come back later: since when. */}
              {reviewAnswer?.ok
                ? reviewAnswer.message
                : `Your request is with our team since ${formatSouthAfricanDate(page.requestedAt)}. A person checks it, usually within two working days, and mails you the decision.`}
            </FormSuccess>
          ) : !emailVerified ? (
            <p role="alert" className="font-medium text-red-800 dark:text-red-300">
              {UNVERIFIED_MESSAGE}
            </p>
          ) : dealer.maskedEmail ? (
            <>
              <p className="text-slate-700 dark:text-slate-300">
                To show that you run {dealer.name}, we send a six-digit code to the e-mail address listed for it:{" "}
                <strong className="break-all" data-testid="claim-masked-email">
                  {dealer.maskedEmail}
                </strong>
                . Type it here within {codeMinutes} minutes and you become the dealership's owner on Voitura.
              </p>
              {page.state === "code-sent" ? (
                <section aria-labelledby="claim-code-heading" className="space-y-4">
                  <h2 id="claim-code-heading" className="flex items-center gap-2 text-lg font-bold">
                    <MailCheck aria-hidden="true" className="size-5 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
                    Type the code from the mail
                  </h2>
                  {sent?.ok ? <FormSuccess>{sent.message}</FormSuccess> : null}
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    The code is valid until {southAfricanClock(page.expiresAt)} (South African time).{" "}
                    {/* After a wrong code the error says how many tries are left (a refused POST does not reload the page's data). */}
                    {answerOf(answer, "verify") ? null : `${page.attemptsLeft} ${page.attemptsLeft === 1 ? "try" : "tries"} left.`}
                  </p>
                  <CodeForm answer={answerOf(answer, "verify")} />
                  <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
                    <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">No mail? Look in its spam folder, or send a new code (the old one then stops working).</p>
                    <SendCodeForm answer={sent} again />
                  </div>
                </section>
              ) : (
                <>
                  {answerOf(answer, "verify") && !answerOf(answer, "verify")?.ok ? (
                    <p role="alert" className="font-medium text-red-800 dark:text-red-300">
                      {(answerOf(answer, "verify") as { formError?: string }).formError}
                    </p>
                  ) : null}
                  <SendCodeForm answer={sent} again={false} />
                </>
              )}
              <details className="group rounded-[var(--radius-control)] border border-slate-200 p-4 dark:border-slate-700" open={reviewAnswer !== undefined}>
                <summary className="cursor-pointer font-semibold">I cannot receive mail at that address</summary>
                <div className="mt-4 space-y-4">
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    Tell our team how to check that you run {dealer.name}. A person reads every request and mails you the decision.
                  </p>
                  <ReviewRequestForm answer={reviewAnswer} />
                </div>
              </details>
            </>
          ) : (
            <>
              <p className="text-slate-700 dark:text-slate-300">
                {dealer.name} has no e-mail address listed on Voitura, so a person on our team checks your claim. Tell us how we can check that you run it.
              </p>
              <ReviewRequestForm answer={reviewAnswer} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const name = args.loaderData?.page.dealer.name;
  return routeMeta(args, { title: name ? `Claim ${name}` : "Claim a dealership", description: "Show that you run this dealership and manage it on Voitura.", noindex: true });
}
