import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { requireLogin } from "~/features/accounts/auth-events";
import { answerFor } from "../ad-actions";
import { ReportForm } from "./report-form";
import { useHydrated } from "~/ui/use-hydrated";

// "Report this ad": without scripts a <details> section holding a plain form; once scripts run,
// a link-like button opening the same form in a dialog (loaded on first use). Reports come from
// accounts: a visitor who presses it gets the login popup first, and the dialog once signed in.

const ReportDialog = lazy(() => import("./report-ad-dialog"));

export function ReportAd({ pageAnswer }: { pageAnswer: unknown }) {
  const hydrated = useHydrated();
  const [dialog, setDialog] = useState<{ open: boolean } | null>(null);
  const answer = answerFor(pageAnswer, "report");
  const trigger = "inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 underline-offset-2 hover:underline dark:text-slate-400";
  if (!hydrated) {
    return (
      <details id="report" open={answer !== undefined} className="group">
        <summary className={`${trigger} cursor-pointer`}>
          <Flag aria-hidden="true" className="size-4" strokeWidth={1.75} />
          Report this ad
        </summary>
        <ReportForm answer={answer} idPrefix="report" />
      </details>
    );
  }
  return (
    <div id="report">
      <button type="button" className={trigger} onClick={() => void requireLogin({ redirectTo: `${location.pathname}${location.search}` }).then((signedIn) => signedIn && setDialog({ open: true }))} aria-haspopup="dialog">
        <Flag aria-hidden="true" className="size-4" strokeWidth={1.75} />
        Report this ad
      </button>
      {answer ? <ReportForm answer={answer} idPrefix="report" /> : null}
      {dialog ? (
        <Suspense fallback={null}>
          <ReportDialog open={dialog.open} onOpenChange={(open) => setDialog({ open })} />
        </Suspense>
      ) : null}
    </div>
  );
}
