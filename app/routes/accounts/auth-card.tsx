import type { ReactNode } from "react";

/** The narrow centred card the account pages share. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page flex justify-center py-8 sm:py-14">
      <section className="card w-full max-w-[480px] p-6 sm:p-8" aria-labelledby="auth-card-title">
        <h1 id="auth-card-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h1>
        {intro ? <div className="mt-2 mb-6 text-slate-700 dark:text-slate-300">{intro}</div> : <div className="mb-6" />}
        {children}
      </section>
    </div>
  );
}
