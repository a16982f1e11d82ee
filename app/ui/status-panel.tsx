import type { ReactNode } from "react";

// The centred card of the one-message pages a link from a mail opens: confirmed, unsubscribed,
// deleted, or this link does not work.

type PanelTone = "success" | "info" | "problem";

const toneClass: Record<PanelTone, string> = {
  success: "bg-green-50 text-green-700 dark:bg-green-950/50 dark:text-green-400",
  info: "bg-primary-50 text-primary-700 dark:bg-primary-900/40 dark:text-primary-300",
  problem: "bg-amber-50 text-amber-700 dark:bg-amber-950/50 dark:text-amber-400",
};

export function StatusPanel({
  icon,
  tone,
  heading,
  children,
  actions,
}: {
  icon: ReactNode;
  tone: PanelTone;
  heading: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="container-page py-10 sm:py-16">
      <div className="card mx-auto max-w-xl p-6 text-center sm:p-10">
        <div className={`mx-auto flex size-14 items-center justify-center rounded-full ${toneClass[tone]}`} aria-hidden="true">
          {icon}
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-balance break-words sm:text-3xl">{heading}</h1>
        <div className="mt-3 space-y-4 leading-7 text-slate-700 dark:text-slate-300">{children}</div>
        {actions ? <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div> : null}
      </div>
    </div>
  );
}
