import { fieldSuggestions } from "~/features/search/suggestions.server";
import { MAX_QUERY_LENGTH } from "~/features/search/suggestions";
import type { Route } from "./+types/search-suggestions";
import type { PageQueryHandle } from "~/lib/page-query";

export const handle: PageQueryHandle = { query: ["q"] };

// GET /suggestions?q=… : the top-bar search field's own endpoint. The items of api.php
// search_suggestion plus used-car searches (type "used"), never behind API_KEY (the key must not
// ship to browsers).
export async function loader({ request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  const data = await fieldSuggestions(q);
  return Response.json({ data }, { headers: { "Cache-Control": "public, max-age=60" } });
}
