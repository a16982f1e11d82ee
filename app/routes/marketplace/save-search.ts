import { saveSearchAction } from "~/features/marketplace/search/saved-search-actions.server";
import type { Route } from "./+types/save-search";

// POST /marche-doccasion/recherches (query): "Save this search" on the used-car search page.
export async function action({ request, context }: Route.ActionArgs) {
  return saveSearchAction(request, context);
}
