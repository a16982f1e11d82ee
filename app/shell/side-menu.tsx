import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { RootData } from "./root-data";
import { Icon } from "~/ui/icon";

const SideMenuPanel = lazy(() => import("./side-menu-panel"));

/**
 * The burger button for small screens. The drawer's code (Radix dialog, focus trap, scroll lock)
 * loads on the first press; the button says it opens a dialog, as Radix's own trigger would.
 */
export function SideMenu({ menus, onSubscribe }: { menus: RootData["menus"]; onSubscribe: () => void }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);

  return (
    <>
      <button
        type="button"
        className="-ml-2 inline-flex size-10 items-center justify-center rounded-md hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
        aria-label="Open the menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        // Start fetching the drawer's code as soon as a press begins.
        onPointerDown={() => setLoaded(true)}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Icon name="menu" className="size-6" />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <SideMenuPanel menus={menus} open={open} onOpenChange={setOpen} onSubscribe={onSubscribe} />
        </Suspense>
      ) : null}
    </>
  );
}
