import { useEffect, useState } from "react";
import { requireLogin } from "~/features/accounts/auth-events";
import { useHydrated } from "~/ui/use-hydrated";

// A review page for a visitor: writing or reporting needs an account. With scripts the login popup
// opens at once (signing in comes back to this address, which then shows the form); without them
// the route's noscriptRedirect (a refresh in the document's head) sends the browser to the login
// page, which comes back here too. The same gate as /poster-une-annonce.

export function ReviewLoginGate({
  title,
  lead,
  action,
  returnPath,
  loginPath,
  registerPath,
}: {
  title: string;
  lead: string;
  /** The button's words: "Sign in to write your review". */
  action: string;
  returnPath: string;
  loginPath: string;
  registerPath: string;
}) {
  const hydrated = useHydrated();
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    // After this commit's effects: the shell's popup slot starts listening in its own effect.
    const timer = window.setTimeout(() => void requireLogin({ redirectTo: returnPath }), 0);
    return () => window.clearTimeout(timer);
  }, [asked, returnPath]);

  return (
    <div className="container-page py-10 sm:py-16">
      <div className="card mx-auto max-w-xl p-6 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{lead}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => setAsked((n) => n + 1)}>
              {action}
            </button>
          ) : (
            <a href={loginPath} className="btn-primary">
              {action}
            </a>
          )}
          <a href={registerPath} className="btn-secondary">
            Create an account
          </a>
        </div>
      </div>
    </div>
  );
}
