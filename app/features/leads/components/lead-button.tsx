import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { type LeadPopupPrefill, OPEN_LEAD_POPUP, openLeadPopup, rememberLeadVisit } from "../lead-events";
import type { LeadPopupRequest } from "./lead-popup";
import { Icon } from "~/ui/icon";

// Ships on every page (home and model pages have a JavaScript budget): only the button, the
// open-lead-popup listener and the visit's attribution. The popup's code loads on first press.
const LeadPopup = lazy(() => import("./lead-popup"));

const LEAD_BUTTON_LABEL = "WE HELP YOU FIND YOUR VEHICLE";
const LEAD_PAGE = "/trouver-mon-vehicule";

// Not over the forms of the selling steps and the sign-in pages, nor on the lead page itself.
const HIDDEN_ON = [/^\/poster-une-annonce(\/|$)/, /^\/login(\/|$)/, /^\/register\/?$/, /^\/mot-de-passe/, /^\/trouver-mon-vehicule(\/|$)/];

function showsLeadButton(pathname: string): boolean {
  return !HIDDEN_ON.some((pattern) => pattern.test(pathname));
}

// The button floats where it covers nothing (decision 015): from 1024 px a vertical tab on the
// screen's right edge, inside the page container's 32 px side padding where no content sits; below
// that, an icon with the same accessible name in the sticky header. (A round button at the bottom
// of the screen covered cards, table buttons and phone links: axe's target-size rule failed.)
// In the tab's vertical writing mode Tailwind's logical paddings turn: px runs along the text, py across it.
const placements = {
  edge:
    "fixed top-1/2 right-0 z-[1100] hidden -translate-y-1/2 items-center gap-2 rounded-l-lg bg-primary-600 px-3 py-1.5 text-xs leading-4 font-bold tracking-wide text-white shadow-lg [writing-mode:vertical-rl] rotate-180 hover:bg-primary-700 lg:inline-flex print:hidden",
  header:
    "inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-600 text-white hover:bg-primary-700 lg:hidden print:hidden",
} as const;

/** The link to the lead page that, with JavaScript, opens the popup instead. */
export function LeadButton({ placement }: { placement: keyof typeof placements }) {
  const { pathname } = useLocation();
  if (!showsLeadButton(pathname)) return null;
  return (
    <a
      href={LEAD_PAGE}
      onClick={(event) => {
        event.preventDefault();
        openLeadPopup();
      }}
      data-testid={`lead-button-${placement}`}
      className={`${placements[placement]} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600`}
    >
      <Icon name="car-front" className={placement === "edge" ? "size-4 rotate-90" : "size-5"} />
      {/* One accessible name in both places; the header's icon keeps the words for screen readers. */}
      <span className={placement === "edge" ? undefined : "sr-only"}>{LEAD_BUTTON_LABEL}</span>
    </a>
  );
}

/** The wide-screen button and the popup's place in the app shell (the header holds the narrow one). */
export function LeadButtonSlot({ captcha }: { captcha: boolean }) {
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
      <LeadButton placement="edge" />
      {request ? (
        <Suspense fallback={null}>
          <LeadPopup request={request} captcha={captcha} />
        </Suspense>
      ) : null}
    </>
  );
}
