import { searchSuggestions } from "~/features/search/suggestions.server";
import { MAX_QUERY_LENGTH } from "~/features/search/suggestions";
import type { Route } from "./+types/search-suggestions";

// GET /suggestions?q=… : the top-bar search field's own endpoint. Same items as api.php
// search_suggestion, but never behind API_KEY (the key must not ship to browsers).
export async function loader({ request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  const data = await searchSuggestions(q);
  return Response.json({ data }, { headers: { "Cache-Control": "public, max-age=60" } });
}
