import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type AdDraftStep, adDraftStepLabels, adDraftSteps, draftStepPath, stepHeading, stepIndex } from "../../ad-draft-steps";

// The frame of every step: the form's title, "Step 2 of 8 · Condition", and the steps as a list
// of links (done ones ticked, the current one marked), so a seller can go back to any of them.

export function AdStepFrame({
  draftId,
  step,
  completed,
  editing,
  dealerName,
  intro,
  children,
}: {
  draftId: number;
  step: AdDraftStep;
  completed: readonly string[];
  editing: boolean;
  dealerName: string | null;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const current = stepIndex(step);
  return (
    <div className="container-page py-6 sm:py-10">
      <div className="mx-auto max-w-3xl">
        <p className="text-sm font-semibold text-primary-700 dark:text-primary-300">
          {dealerName ? `${editing ? "Edit an ad" : "Sell a car"} for ${dealerName}` : editing ? "Edit your ad" : "Sell your car"}
        </p>
        <h1 className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl" data-testid="step-heading">
          {stepHeading(step)}
        </h1>
        <nav aria-label="Steps of the form" className="mt-4">
          <ol className="flex gap-1.5" role="list">
            {adDraftSteps.map((s, i) => {
              const done = completed.includes(s);
              const isCurrent = s === step;
              const label = `${i + 1}. ${adDraftStepLabels[s]}${done ? " (done)" : ""}`;
              return (
                <li key={s} className="min-w-0 flex-1">
                  <Link
                    to={draftStepPath(draftId, s)}
                    aria-current={isCurrent ? "step" : undefined}
                    aria-label={label}
                    title={adDraftStepLabels[s]}
                    className={`group flex flex-col gap-1 rounded-sm pt-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600`}
                  >
                    <span
                      aria-hidden="true"
                      className={`h-1.5 rounded-full ${isCurrent ? "bg-primary-600" : done || i < current ? "bg-primary-300 dark:bg-primary-700" : "bg-slate-200 dark:bg-slate-700"}`}
                    />
                    <span
                      aria-hidden="true"
                      className={`hidden items-center gap-1 truncate text-xs sm:flex ${isCurrent ? "font-bold text-slate-900 dark:text-white" : "text-slate-600 group-hover:text-slate-900 dark:text-slate-400 dark:group-hover:text-white"}`}
                    >
                      {done ? <Check className="size-3.5 shrink-0 text-emerald-700 dark:text-emerald-400" strokeWidth={2.25} /> : null}
                      {adDraftStepLabels[s]}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ol>
        </nav>
        {intro ? <div className="mt-5 text-slate-700 dark:text-slate-300">{intro}</div> : null}
        <div className="card mt-6 p-5 sm:p-8">{children}</div>
      </div>
    </div>
  );
}
