import { type ComponentProps, lazy, Suspense, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import type { SlotUser } from "~/features/accounts/components/auth-popup-slot";
import { openSellGate } from "~/features/marketplace/selling/components/sell-car-link";
import { carValueLink, comparatorLink, sellCarLink, usedCarsLink } from "./navigation";
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

/**
 * Whether a bar link's path is the current section, as React Router's NavLink decides it for a
 * plain path (letter case ignored): the very path, or with `end` unset, a path below it.
 */
export function isCurrentSection(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (here === target) return true;
  const endSlash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return !end && here.startsWith(target) && here.charAt(endSlash) === "/";
}

/**
 * A link of the bar, marked `aria-current="page"` (and classed "active") in its section, as
 * NavLink marks it. NavLink resolves its path and builds a URL to encode it, twice a render: about
 * 25 µs each on the server, 3.5 % of a small page's main thread for the bar's four (decision 012).
 * Its pending and transitioning classes style nothing here.
 */
export function BarLink({ to, end = false, className, ...rest }: Omit<ComponentProps<typeof Link>, "to" | "className"> & { to: string; end?: boolean; className: string }) {
  const current = isCurrentSection(useLocation().pathname, to, end);
  return <Link {...rest} to={to} aria-current={current ? "page" : undefined} className={current ? `${className} active` : className} />;
}

/** A link or trigger of the bar: one short class (app/app.css), as the bar is on every page. */
export const triggerClass = "group nav-trigger";

/** The trigger's chevron, turned while its panel is open; drawn by the stylesheet. */
export function Chevron() {
  return <span aria-hidden="true" className="nav-chevron" />;
}

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

export const TRIGGER_LABELS = { newCars: "New cars", carGuide: "Car guide", news: "News", guides: "Practical guides" } as const;

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
