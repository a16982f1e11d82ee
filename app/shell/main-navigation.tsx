import { ChevronDown } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { type ComponentProps, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import type { SlotUser } from "~/features/accounts/components/auth-popup-slot";
import { brandUrl, modelUrl } from "~/features/catalogue/urls";
import type { MenuBrand } from "~/features/catalogue/menu.server";
import { openSellGate } from "~/features/marketplace/selling/components/sell-car-link";
import { BrandMonogram } from "~/ui/brand-monogram";
import { useBrandMenu } from "./brand-menu";
import { allNewsLink, comparatorLink, guideAutoLinks, guideTaxonomyUrl, newsCategoryUrl, sellCarLink, usedCarsLink } from "./navigation";
import type { RootData } from "./root-data";

// The main navigation of wide screens (the burger's side menu serves narrow ones): a bar of links
// and mega-menu triggers.
//
// Radix's navigation menu is about a fifth of an empty page's render on the server (a millisecond
// of the main thread for eight items: contexts, collections, focus groups, ids), and nothing in it
// works before the page's script has run. So the server, and the browser's first render that
// hydrates its HTML, print the bar as plain markup, the same boxes in the same places; the menu
// takes its place on a wide screen as soon as the page is hydrated, before the browser paints
// again. A phone never builds it: the bar is hidden there.

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

const triggerClass =
  "group inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white dark:data-[state=open]:bg-slate-800";
const panelClass =
  "absolute inset-x-0 top-full z-[1500] border-b border-slate-200 bg-white shadow-[var(--shadow-soft)] dark:border-slate-800 dark:bg-slate-900";
const panelLinkClass =
  "block rounded-md px-3 py-2 text-sm hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800";

function Chevron() {
  return (
    <ChevronDown
      className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
      strokeWidth={1.75}
      aria-hidden="true"
    />
  );
}

function PanelLink({ to, children, className = panelLinkClass }: { to: string; children: React.ReactNode; className?: string }) {
  return (
    <NavigationMenu.Link asChild>
      <Link to={to} className={className} prefetch="intent">
        {children}
      </Link>
    </NavigationMenu.Link>
  );
}

/** A panel's links, each with its line of description. */
function PanelLinkList({ links, wideColumns }: { links: ReadonlyArray<{ to: string; label: string; description?: string | null }>; wideColumns: 3 | 4 }) {
  return (
    <ul className={`container-page grid grid-cols-2 gap-2 py-6 ${wideColumns === 4 ? "xl:grid-cols-4" : "xl:grid-cols-3"}`}>
      {links.map((link) => (
        <li key={link.to}>
          <PanelLink to={link.to}>
            <span className="block font-semibold">{link.label}</span>
            <span className="block text-slate-600 dark:text-slate-400">{link.description}</span>
          </PanelLink>
        </li>
      ))}
    </ul>
  );
}

/** The brands panel's content once the brand menu has loaded; a short placeholder before. */
function BrandsPanelContent() {
  const menu = useBrandMenu();
  if (menu.status === "ready") return <BrandsPanel brands={menu.brands} />;
  return (
    <div className="container-page py-6" aria-busy={menu.status === "loading"}>
      {menu.status === "error" ? (
        <p className="text-sm">
          The brand list could not be loaded.{" "}
          <PanelLink to="/guide-auto/voitures-neuves" className="link">
            See all new cars
          </PanelLink>
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading brands…</p>
      )}
    </div>
  );
}

/** Brands grid; hovering or focusing a brand shows its models beside it (ArrowRight jumps there). */
function BrandsPanel({ brands }: { brands: MenuBrand[] }) {
  const [activeId, setActiveId] = useState(brands[0]?.id);
  const active = brands.find((b) => b.id === activeId) ?? brands[0];
  const focusFirstModel = () => document.querySelector<HTMLElement>("#mega-models a")?.focus();

  return (
    <div className="container-page grid gap-6 py-6 lg:grid-cols-[1fr_18rem]">
      <div>
        <div className="mb-3 flex items-baseline justify-between">
          <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Brands</p>
          <PanelLink to="/guide-auto/voitures-neuves" className="link text-sm">
            All new cars
          </PanelLink>
        </div>
        <ul className="grid grid-cols-3 gap-1 xl:grid-cols-4">
          {brands.map((brand) => (
            <li key={brand.id}>
              <NavigationMenu.Link asChild>
                <Link
                  to={brandUrl(brand)}
                  className={`flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800 ${brand.id === active?.id ? "bg-slate-100 dark:bg-slate-800" : ""}`}
                  onMouseEnter={() => setActiveId(brand.id)}
                  onFocus={() => setActiveId(brand.id)}
                  onKeyDown={(event) => {
                    if (event.key === "ArrowRight" && !event.shiftKey) {
                      event.preventDefault();
                      focusFirstModel();
                    }
                  }}
                  aria-describedby="mega-brands-hint"
                >
                  <BrandMonogram name={brand.name} colour={brand.colour} size={24} />
                  <span className="truncate">{brand.name}</span>
                </Link>
              </NavigationMenu.Link>
            </li>
          ))}
        </ul>
        <p id="mega-brands-hint" className="sr-only">
          Press the right arrow key to reach this brand's models.
        </p>
      </div>
      {active ? (
        <div id="mega-models" className="rounded-[var(--radius-card)] bg-slate-50 p-4 dark:bg-slate-950">
          <p className="mb-2 text-sm font-semibold">
            {active.name} models <span className="font-normal text-slate-600 dark:text-slate-400">({active.models.length})</span>
          </p>
          <ul className="max-h-80 overflow-y-auto">
            {active.models.map((model) => (
              <li key={model.id}>
                <PanelLink to={modelUrl(active.slug, model)}>{model.name}</PanelLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
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

export function MainNavigation({ menus, user }: { menus: Menus; user: SlotUser | null }) {
  const interactive = useSyncExternalStore(onWideScreenChange, isWideScreen, notHydrated);
  return interactive ? <MegaMenu menus={menus} user={user} /> : <PlainNavigation user={user} />;
}

const TRIGGER_LABELS = { newCars: "New cars", carGuide: "Car guide", news: "News", guides: "Practical guides" } as const;

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

function MegaMenu({ menus, user }: { menus: Menus; user: SlotUser | null }) {
  // The brand menu loads when the pointer or focus reaches the navigation, before a panel opens.
  const { load: loadBrandMenu } = useBrandMenu();
  return (
      <NavigationMenu.Root className="relative hidden border-t border-slate-100 lg:block dark:border-slate-800" aria-label="Main"
        delayDuration={100}
        onPointerEnter={loadBrandMenu}
        onFocus={loadBrandMenu}
      >
        <div className="container-page">
          <NavigationMenu.List className="flex items-center gap-1 py-1">
            <NavigationMenu.Item>
              <NavigationMenu.Link asChild>
                <BarLink to="/" end className={triggerClass}>
                  Home
                </BarLink>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
            <NavigationMenu.Item className="static">
              <NavigationMenu.Trigger className={triggerClass}>
                {TRIGGER_LABELS.newCars} <Chevron />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className={panelClass}>
                <BrandsPanelContent />
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Trigger className={triggerClass}>
                {TRIGGER_LABELS.carGuide} <Chevron />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className={panelClass}>
                <PanelLinkList links={guideAutoLinks} wideColumns={4} />
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Link asChild>
                <BarLink to={usedCarsLink.to} className={triggerClass}>
                  {usedCarsLink.label}
                </BarLink>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Link asChild>
                <BarLink to={comparatorLink.to} className={triggerClass}>
                  {comparatorLink.label}
                </BarLink>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Trigger className={triggerClass}>
                {TRIGGER_LABELS.news} <Chevron />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className={panelClass}>
                <PanelLinkList
                  links={[{ to: allNewsLink.to, label: allNewsLink.label, description: "Every story, newest first" }, ...menus.newsCategories.map((category) => ({ to: newsCategoryUrl(category), label: category.name, description: category.description }))]}
                  wideColumns={4}
                />
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Trigger className={triggerClass}>
                {TRIGGER_LABELS.guides} <Chevron />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className={panelClass}>
                <PanelLinkList
                  links={menus.guideTaxonomies.map((taxonomy) => ({ to: guideTaxonomyUrl(taxonomy), label: taxonomy.menuLabel, description: taxonomy.description }))}
                  wideColumns={3}
                />
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            <NavigationMenu.Item className="ml-auto">
              <NavigationMenu.Link asChild>
                <BarLink
                  to={sellCarLink.to}
                  onClick={(event) => openSellGate(event, Boolean(user))}
                  className={`${triggerClass} text-primary-700 dark:text-primary-300`}
                >
                  {sellCarLink.label}
                </BarLink>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
          </NavigationMenu.List>
        </div>
      </NavigationMenu.Root>
  );
}
