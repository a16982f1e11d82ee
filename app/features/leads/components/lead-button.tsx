import { CarFront } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { type LeadPopupPrefill, OPEN_LEAD_POPUP, openLeadPopup, rememberLeadVisit } from "../lead-events";
import type { LeadPopupRequest } from "./lead-popup";

// Ships on every page (home and model pages have a JavaScript budget): only the button, the
// open-lead-popup listener and the visit's attribution. The popup's code loads on first press.
const LeadPopup = lazy(() => import("./lead-popup"));

export const LEAD_BUTTON_LABEL = "WE HELP YOU FIND YOUR VEHICLE";
const LEAD_PAGE = "/trouver-mon-vehicule";

// Not over the forms of the selling steps and the sign-in pages, nor on the lead page itself.
const HIDDEN_ON = [/^\/poster-une-annonce(\/|$)/, /^\/login(\/|$)/, /^\/register\/?$/, /^\/mot-de-passe/, /^\/trouver-mon-vehicule(\/|$)/];

export function showsLeadButton(pathname: string): boolean {
  return !HIDDEN_ON.some((pattern) => pattern.test(pathname));
}

/** The floating button and the popup's place in the app shell. */
export function LeadButtonSlot({ captcha }: { captcha: boolean }) {
  const { pathname } = useLocation();
  const [request, setRequest] = useState<LeadPopupRequest | null>(null);

  useEffect(() => {
    rememberLeadVisit();
    const onOpen = (event: Event) => {
      const prefill = (event as CustomEvent<LeadPopupPrefill | undefined>).detail ?? {};
      setRequest((current) => ({ generation: (current?.generation ?? 0) + 1, prefill }));
    };
    window.addEventListener(OPEN_LEAD_POPUP, onOpen);
    return () => window.removeEventListener(OPEN_LEAD_POPUP, onOpen);
  }, []);

  return (
    <>
      {showsLeadButton(pathname) ? (
        // A zero-height strip just above the footer: the button rests in the footer's top margin, so
        // it covers neither the footer's links nor the page's content. (Floating it at the bottom of
        // the screen covered cards, table buttons and phone links under it: axe's target-size rule
        // failed on the used-car search, the directory and a model page with the compare tray.)
        <div className="pointer-events-none relative z-[1100] h-0 print:hidden">
          <div className="container-page relative flex justify-end">
            <a
              href={LEAD_PAGE}
              onClick={(event) => {
                event.preventDefault();
                openLeadPopup();
              }}
              data-testid="lead-button"
              className="pointer-events-auto absolute top-2 right-4 inline-flex size-12 items-center justify-center gap-2 rounded-full bg-primary-600 text-sm font-bold tracking-wide text-white shadow-lg ring-2 ring-white hover:bg-primary-700 dark:ring-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 sm:right-6 sm:h-12 sm:w-auto sm:px-5 lg:right-8"
            >
              <CarFront aria-hidden="true" className="size-5 shrink-0" strokeWidth={2} />
              {/* The same accessible name at every width: the words are only hidden visually on phones. */}
              <span className="sr-only sm:not-sr-only">{LEAD_BUTTON_LABEL}</span>
            </a>
          </div>
        </div>
      ) : null}
      {request ? (
        <Suspense fallback={null}>
          <LeadPopup request={request} captcha={captcha} />
        </Suspense>
      ) : null}
    </>
  );
}
