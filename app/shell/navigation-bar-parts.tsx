import type { ComponentProps } from "react";
import { Link, useLocation } from "react-router";

// What the wide screens' bar is made of, printed alike by the plain bar (./main-navigation.tsx)
// and by the mega menu that replaces it once loaded (./mega-menu.tsx), so the two cannot drift.

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

/** The triggers' labels, one text for both bars. */
export const TRIGGER_LABELS = { newCars: "New cars", carGuide: "Car guide", news: "News", guides: "Practical guides" } as const;
