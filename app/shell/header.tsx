import { AccountControls } from "~/features/accounts/components/account-controls";
import type { SlotUser } from "~/features/accounts/components/auth-popup-slot";
import { LeadButton } from "~/features/leads/components/lead-button";
import { ChevronDown } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { useState } from "react";
import { Link, NavLink as RouterNavLink } from "react-router";
import { brandUrl, modelUrl } from "~/features/catalogue/urls";
import type { MenuBrand } from "~/features/catalogue/menu.server";
import { openSellGate } from "~/features/marketplace/components/sell-car-link";
import { SearchField } from "~/features/search/components/search-field";
import type { RootData } from "./root-data";
import { BrandMonogram } from "~/ui/brand-monogram";
import { useBrandMenu } from "./brand-menu";
import { Logo } from "./logo";
import {
  allNewsLink,
  comparatorLink,
  usedCarsLink,
  guideAutoLinks,
  guideTaxonomyUrl,
  newsCategoryUrl,
  sellCarLink,
} from "./navigation";
import { SideMenu } from "./side-menu";

type Menus = RootData["menus"];

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

export function Header({ menus, user, onSubscribe }: { menus: Menus; user: SlotUser | null; onSubscribe: () => void }) {
  // The brand menu loads when the pointer or focus reaches the navigation, before a panel opens.
  const { load: loadBrandMenu } = useBrandMenu();
  return (
    <header className="sticky top-0 z-[1400] border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 dark:border-slate-800 dark:bg-slate-950/95">
      <div className="container-page flex flex-wrap items-center gap-x-3 gap-y-2 py-3 md:h-16 md:flex-nowrap md:py-0">
        <SideMenu menus={menus} onSubscribe={onSubscribe} />
        <Logo />
        {/* The catalogue search field (spec section 4): a full-width second row on phones, growing beside the logo from md. */}
        <div className="order-last min-w-0 basis-full md:order-none md:mx-4 md:max-w-2xl md:flex-1 md:basis-auto" data-slot="header-search">
          <SearchField />
        </div>
        <div className="ml-auto flex items-center gap-2" data-slot="header-account">
          {/* Below 1024 px the lead popup's button rides here, where it covers nothing (decision 015). */}
          <LeadButton placement="header" />
          <AccountControls user={user} />
        </div>
      </div>
      <NavigationMenu.Root className="relative hidden border-t border-slate-100 lg:block dark:border-slate-800" aria-label="Main"
        delayDuration={100}
        onPointerEnter={loadBrandMenu}
        onFocus={loadBrandMenu}
      >
        <div className="container-page">
          <NavigationMenu.List className="flex items-center gap-1 py-1">
            <NavigationMenu.Item>
              <NavigationMenu.Link asChild>
                <RouterNavLink to="/" end className={triggerClass}>
                  Home
                </RouterNavLink>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
            <NavigationMenu.Item className="static">
              <NavigationMenu.Trigger className={triggerClass}>
                New cars <Chevron />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className={panelClass}>
                <BrandsPanelContent />
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Trigger className={triggerClass}>
                Car guide <Chevron />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className={panelClass}>
                <ul className="container-page grid grid-cols-2 gap-2 py-6 xl:grid-cols-4">
                  {guideAutoLinks.map((link) => (
                    <li key={link.to}>
                      <PanelLink to={link.to}>
                        <span className="block font-semibold">{link.label}</span>
                        <span className="block text-slate-600 dark:text-slate-400">{link.description}</span>
                      </PanelLink>
                    </li>
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Link asChild>
                <RouterNavLink to={usedCarsLink.to} className={triggerClass}>
                  {usedCarsLink.label}
                </RouterNavLink>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Link asChild>
                <RouterNavLink to={comparatorLink.to} className={triggerClass}>
                  {comparatorLink.label}
                </RouterNavLink>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Trigger className={triggerClass}>
                News <Chevron />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className={panelClass}>
                <ul className="container-page grid grid-cols-2 gap-2 py-6 xl:grid-cols-4">
                  <li>
                    <PanelLink to={allNewsLink.to}>
                      <span className="block font-semibold">{allNewsLink.label}</span>
                      <span className="block text-slate-600 dark:text-slate-400">Every story, newest first</span>
                    </PanelLink>
                  </li>
                  {menus.newsCategories.map((category) => (
                    <li key={category.id}>
                      <PanelLink to={newsCategoryUrl(category)}>
                        <span className="block font-semibold">{category.name}</span>
                        <span className="block text-slate-600 dark:text-slate-400">{category.description}</span>
                      </PanelLink>
                    </li>
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            <NavigationMenu.Item>
              <NavigationMenu.Trigger className={triggerClass}>
                Practical guides <Chevron />
              </NavigationMenu.Trigger>
              <NavigationMenu.Content className={panelClass}>
                <ul className="container-page grid grid-cols-2 gap-2 py-6 xl:grid-cols-3">
                  {menus.guideTaxonomies.map((taxonomy) => (
                    <li key={taxonomy.slug}>
                      <PanelLink to={guideTaxonomyUrl(taxonomy)}>
                        <span className="block font-semibold">{taxonomy.menuLabel}</span>
                        <span className="block text-slate-600 dark:text-slate-400">{taxonomy.description}</span>
                      </PanelLink>
                    </li>
                  ))}
                </ul>
              </NavigationMenu.Content>
            </NavigationMenu.Item>
            <NavigationMenu.Item className="ml-auto">
              <NavigationMenu.Link asChild>
                <RouterNavLink
                  to={sellCarLink.to}
                  onClick={(event) => openSellGate(event, Boolean(user))}
                  className={`${triggerClass} text-primary-700 dark:text-primary-300`}
                >
                  {sellCarLink.label}
                </RouterNavLink>
              </NavigationMenu.Link>
            </NavigationMenu.Item>
          </NavigationMenu.List>
        </div>
      </NavigationMenu.Root>
    </header>
  );
}
