import { lazy, Suspense, useSyncExternalStore } from "react";
import type { SlotUser } from "~/features/accounts/components/auth-popup-slot";
import { openSellGate } from "~/features/marketplace/selling/components/sell-car-link";
import { carValueLink, comparatorLink, sellCarLink, usedCarsLink } from "./navigation";
import { BarLink, Chevron, TRIGGER_LABELS, triggerClass } from "./navigation-bar-parts";
import type { RootData } from "./root-data";

// The main navigation of wide screens (the burger's side menu serves narrow ones): a bar of links
// and mega-menu triggers.
//
// Radix's navigation menu is about a fifth of an empty page's render on the server (a millisecond
// of the main thread for eight items: contexts, collections, focus groups, ids), and nothing in it
// works before the page's script has run. So the server, and the browser's first render that
// hydrates its HTML, print the bar as plain markup, the same boxes in the same places; on a wide
// screen the menu (./mega-menu.tsx) takes its place once the page is hydrated and its code has
// loaded. A phone never loads it (about 12 kB gzip of Radix): the bar is hidden there.

type Menus = RootData["menus"];

const WIDE_SCREEN = "(min-width: 64rem)"; // Tailwind's lg, where the bar shows
const onWideScreenChange = (listener: () => void) => {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
};
const isWideScreen = () => window.matchMedia(WIDE_SCREEN).matches;
/** False on the server and while hydrating; then whether the bar is shown. */
const notHydrated = () => false;

const MegaMenu = lazy(() => import("./mega-menu"));

export function MainNavigation({ menus, user }: { menus: Menus; user: SlotUser | null }) {
  const interactive = useSyncExternalStore(onWideScreenChange, isWideScreen, notHydrated);
  const plain = <PlainNavigation user={user} />;
  if (!interactive) return plain;
  // Until its code has loaded the bar stays the plain one (a trigger opens nothing yet, as before hydration).
  return (
    <Suspense fallback={plain}>
      <MegaMenu menus={menus} user={user} />
    </Suspense>
  );
}

/**
 * The bar as radix prints it with every panel closed, without radix: links, and each trigger's
 * label where its button goes (a button that cannot open anything yet would mislead).
 */
function PlainNavigation({ user }: { user: SlotUser | null }) {
  const trigger = (label: string) => (
    <span className={triggerClass}>
      {label} <Chevron />
    </span>
  );
  return (
    <nav aria-label="Main" className="relative hidden border-t border-slate-100 lg:block dark:border-slate-800">
      <div className="container-page">
        <div style={{ position: "relative" }}>
          <ul className="flex items-center gap-1 py-1">
            <li>
              <BarLink to="/" end className={triggerClass}>
                Home
              </BarLink>
            </li>
            <li className="static">{trigger(TRIGGER_LABELS.newCars)}</li>
            <li>{trigger(TRIGGER_LABELS.carGuide)}</li>
            <li>
              <BarLink to={usedCarsLink.to} className={triggerClass}>
                {usedCarsLink.label}
              </BarLink>
            </li>
            <li>
              <BarLink to={comparatorLink.to} className={triggerClass}>
                {comparatorLink.label}
              </BarLink>
            </li>
            <li>{trigger(TRIGGER_LABELS.news)}</li>
            <li>{trigger(TRIGGER_LABELS.guides)}</li>
            <li className="ml-auto">
              <BarLink to={carValueLink.to} className={triggerClass}>
                {carValueLink.label}
              </BarLink>
            </li>
            <li>
              <BarLink to={sellCarLink.to} onClick={(event) => openSellGate(event, Boolean(user))} className={`${triggerClass} text-primary-700 dark:text-primary-300`}>
                {sellCarLink.label}
              </BarLink>
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}
