import { useCallback, useSyncExternalStore } from "react";
import type { MenuBrand } from "~/features/catalogue/menu.server";

const BRAND_MENU_URL = "/menus/brands.json";

type BrandMenuState = { status: "idle" | "loading" | "error"; brands?: undefined } | { status: "ready"; brands: MenuBrand[] };

// One fetch per page load, shared by the mega-menu and the side menu.
let state: BrandMenuState = { status: "idle" };
const listeners = new Set<() => void>();
const setState = (next: BrandMenuState) => {
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const serverState: BrandMenuState = { status: "idle" };

function loadBrandMenu(): void {
  if (state.status === "loading" || state.status === "ready") return;
  setState({ status: "loading" });
  fetch(BRAND_MENU_URL, { headers: { Accept: "application/json" } })
    .then((response) => {
      if (!response.ok) throw new Error(`brand menu: HTTP ${response.status}`);
      return response.json() as Promise<MenuBrand[]>;
    })
    .then((brands) => setState({ status: "ready", brands }))
    .catch((error: unknown) => {
      console.error(error);
      setState({ status: "error" });
    });
}

/** The brand menu's data, and `load` to call when a menu that shows it is about to open. */
export function useBrandMenu(): BrandMenuState & { load: () => void } {
  const current = useSyncExternalStore(subscribe, () => state, () => serverState);
  const load = useCallback(loadBrandMenu, []);
  return { ...current, load };
}
