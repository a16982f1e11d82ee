import { NavigationMenu } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import type { SlotUser } from "~/features/accounts/components/auth-popup-slot";
import { brandUrl, modelUrl } from "~/features/catalogue/urls";
import type { MenuBrand } from "~/features/catalogue/menu.server";
import { openSellGate } from "~/features/marketplace/selling/components/sell-car-link";
import { BrandMonogram } from "~/ui/brand-monogram";
import { useBrandMenu } from "./brand-menu";
import { BarLink, Chevron, TRIGGER_LABELS, triggerClass } from "./navigation-bar-parts";
import { allNewsLink, carValueLink, comparatorLink, guideAutoLinks, guideTaxonomyUrl, newsCategoryUrl, sellCarLink, usedCarsLink } from "./navigation";
import type { RootData } from "./root-data";

// The wide screens' mega menu on Radix's navigation menu, loaded only where the bar shows
// (./main-navigation.tsx prints the same bar without it until then).

type Menus = RootData["menus"];

const panelClass =
  "absolute inset-x-0 top-full z-[1500] border-b border-slate-200 bg-white shadow-[var(--shadow-soft)] dark:border-slate-800 dark:bg-slate-900";
const panelLinkClass =
  "block rounded-md px-3 py-2 text-sm hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800";

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

export default function MegaMenu({ menus, user }: { menus: Menus; user: SlotUser | null }) {
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
                <BarLink to={carValueLink.to} className={triggerClass}>
                  {carValueLink.label}
                </BarLink>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
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
