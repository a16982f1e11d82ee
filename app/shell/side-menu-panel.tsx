import { ChevronDown, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect } from "react";
import { Link } from "react-router";
import { useReturnFocus } from "~/ui/modal-dialog";
import { brandUrl } from "~/features/catalogue/urls";
import type { RootData } from "./root-data";
import { useBrandMenu } from "./brand-menu";
import { allNewsLink, carValueLink, comparatorLink, contactLink, usedCarsLink, guideAutoLinks, guideTaxonomyUrl, newsCategoryUrl, sellCarLink } from "./navigation";

const itemClass = "block rounded-md px-3 py-2.5 text-base hover:bg-slate-100 dark:hover:bg-slate-800";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <details className="group border-b border-slate-100 dark:border-slate-800">
      <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-3 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown className="size-5 transition-transform group-open:rotate-180" strokeWidth={1.75} aria-hidden="true" />
      </summary>
      <div className="pb-2">{children}</div>
    </details>
  );
}

/**
 * The burger menu's drawer: practical guides first, then every other menu link. Loaded on the
 * first press of the burger button (side-menu.tsx), so Radix's dialog stays out of every page's
 * initial JavaScript.
 */
export default function SideMenuPanel({
  menus,
  open,
  onOpenChange,
  onSubscribe,
}: {
  menus: RootData["menus"];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubscribe: () => void;
}) {
  const brandMenu = useBrandMenu();
  const { load } = brandMenu;
  const focus = useReturnFocus();
  useEffect(() => {
    if (open) load();
  }, [open, load]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[2000] bg-slate-950/50 data-[state=open]:animate-in" />
        <Dialog.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className="fixed inset-y-0 left-0 z-[2001] flex w-[min(22rem,88vw)] flex-col bg-white shadow-xl focus:outline-none dark:bg-slate-900">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
            <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-md hover:bg-slate-100 dark:hover:bg-slate-800" aria-label="Close the menu">
              <X className="size-6" strokeWidth={1.75} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation and practical guides</Dialog.Description>
          <nav aria-label="Side menu" className="flex-1 overflow-y-auto px-2 py-3">
            <p className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Practical guides</p>
            <ul className="mb-3">
              {menus.guideTaxonomies.map((taxonomy) => (
                <li key={taxonomy.slug}>
                  <Link to={guideTaxonomyUrl(taxonomy)} className={itemClass}>
                    {taxonomy.menuLabel}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="border-t border-slate-100 pt-2 dark:border-slate-800">
              <Link to="/" className={itemClass}>
                Home
              </Link>
              <Section title="New cars">
                {brandMenu.status === "ready" ? (
                  <ul className="grid grid-cols-2">
                    {brandMenu.brands.map((brand) => (
                      <li key={brand.id}>
                        <Link to={brandUrl(brand)} className="block rounded-md px-3 py-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
                          {brand.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Link to="/guide-auto/voitures-neuves" className={itemClass} aria-busy={brandMenu.status === "loading"}>
                    {brandMenu.status === "error" ? "See all new cars" : "Loading brands…"}
                  </Link>
                )}
              </Section>
              <Section title="Car guide">
                <ul>
                  {guideAutoLinks.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={itemClass}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </Section>
              <Section title="News">
                <ul>
                  <li>
                    <Link to={allNewsLink.to} className={itemClass}>
                      {allNewsLink.label}
                    </Link>
                  </li>
                  {menus.newsCategories.map((category) => (
                    <li key={category.id}>
                      <Link to={newsCategoryUrl(category)} className={itemClass}>
                        {category.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </Section>
              {[usedCarsLink, carValueLink, comparatorLink, sellCarLink, contactLink].map((link) => (
                <Link key={link.to} to={link.to} className={itemClass}>
                  {link.label}
                </Link>
              ))}
            </div>
          </nav>
          <div className="border-t border-slate-200 p-4 dark:border-slate-800">
            <button
              type="button"
              className="btn-primary w-full"
              onClick={() => {
                onOpenChange(false);
                onSubscribe();
              }}
            >
              Subscribe to the newsletter
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
