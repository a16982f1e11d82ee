import { brandsWithModels } from "~/features/catalogue/menu.server";
import type { PageQueryHandle } from "~/lib/page-query";

export const handle: PageQueryHandle = { query: [] };

// Brands and their models for the header's mega-menu and the side menu. Loaded by the browser on
// first use instead of riding in every page's data (it is the largest part of the shell).
export async function loader() {
  const brands = await brandsWithModels();
  return Response.json(brands, {
    headers: { "Cache-Control": "public, max-age=300, s-maxage=300, stale-while-revalidate=86400" },
  });
}
