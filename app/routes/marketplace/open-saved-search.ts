import { redirect } from "react-router";
import { requireUser } from "~/features/accounts/accounts.server";
import { SAVED_SEARCHES_PATH } from "~/features/marketplace/search/saved-search-rules";
import { openSavedSearch } from "~/features/marketplace/search/saved-searches.server";
import type { Route } from "./+types/open-saved-search";

// GET /mon-compte/recherches/:id/ouvrir: runs a saved search (the list's link, the alert mail's
// button): its ads count as seen from now, then the search page. A search that is gone goes to the list.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const url = id > 0 ? await openSavedSearch(user.id, id) : undefined;
  throw redirect(url ?? SAVED_SEARCHES_PATH, { headers: { "cache-control": "no-store" } });
}
