import { useEffect, useState } from "react";
import type { MenuBrand } from "~/features/catalogue/menu.server";

// The car pickers' brands and models, from the same cached resource as the header's brand menu
// (features do not reach into the shell, so the popup fetches it itself, once per page load).
const BRANDS_URL = "/menus/brands.json";
let pending: Promise<MenuBrand[]> | null = null;

function loadBrands(): Promise<MenuBrand[]> {
  pending ??= fetch(BRANDS_URL, { headers: { Accept: "application/json" } }).then((response) => {
    if (!response.ok) throw new Error(`brands: HTTP ${response.status}`);
    return response.json() as Promise<MenuBrand[]>;
  });
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

/** The brand list once `wanted` is true (the popup is open); null until it arrives. */
export function useLeadBrands(wanted: boolean): MenuBrand[] | null {
  const [brands, setBrands] = useState<MenuBrand[] | null>(null);
  useEffect(() => {
    if (!wanted || brands) return;
    let live = true;
    loadBrands()
      .then((list) => live && setBrands(list))
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, [wanted, brands]);
  return brands;
}
