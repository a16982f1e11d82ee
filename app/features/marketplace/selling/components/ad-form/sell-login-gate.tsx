import { Camera, Clock, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { requireLogin } from "~/features/accounts/auth-events";
import { useHydrated } from "~/ui/use-hydrated";
import { SELL_PATH, VALUATION_PATH } from "../../../urls";

// /poster-une-annonce for a visitor: posting an ad needs an account. With scripts the login popup
// opens at once (its sign-in comes back here, which then opens the seller's draft); without them
// the route's noscriptRedirect (a refresh in the document's head) sends the browser to the login
// page, which comes back here too.

/** `redirectTo` is where the sign-in comes back to: this page with its query (a valued car to fill in). */
export function SellLoginGate({ loginPath, registerPath, redirectTo = SELL_PATH }: { loginPath: string; registerPath: string; redirectTo?: string }) {
  const hydrated = useHydrated();
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    // After this commit's effects: the shell's popup slot, later in the tree, starts listening in
    // its own effect, so an event sent from here at once would find no one on a first visit.
    const timer = window.setTimeout(() => void requireLogin({ redirectTo }), 0);
    return () => window.clearTimeout(timer);
  }, [asked]);

  return (
    <div className="container-page py-10 sm:py-16">
      <div className="card mx-auto max-w-xl p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Sell your car</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">Sign in or create a free account to post your ad. It takes a minute, and your ad is saved at every step.</p>
        <ul className="mt-5 space-y-2 text-slate-700 dark:text-slate-300">
          <li className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-5 shrink-0 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
            Online for 60 days, free for private sellers
          </li>
          <li className="flex items-center gap-2">
            <Camera aria-hidden="true" className="size-5 shrink-0 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
            Up to 20 photos
          </li>
          <li className="flex items-center gap-2">
            <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-primary-700 dark:text-primary-300" strokeWidth={1.75} />
            Buyers write to you without seeing your email address
          </li>
        </ul>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => setAsked((n) => n + 1)}>
              Sign in to sell your car
            </button>
          ) : (
            <a href={loginPath} className="btn-primary">
              Sign in to sell your car
            </a>
          )}
          <a href={registerPath} className="btn-secondary">
            Create an account
          </a>
        </div>
        <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
          Not sure what to ask?{" "}
          <a href={VALUATION_PATH} className="link font-semibold">
            See what your car is worth
          </a>{" "}
          from similar cars for sale on Voitura.
        </p>
      </div>
    </div>
  );
}
