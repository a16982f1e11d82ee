import type { Route } from "./+types/nearby";
import { parseNearbyQuery } from "~/features/dealers/nearby";
import { nearbyDealers } from "~/features/dealers/nearby.server";

// GET /concessionnaires/proches.json?brand=ID&province=SLUG : a few of the brand's new-car dealers
// in the province (or the country), for the model pages' "Dealers near you" (which are cached
// public pages, so the visitor's choice is answered here, from a cacheable resource).
const CACHE_CONTROL = "public, max-age=300, s-maxage=300, stale-while-revalidate=86400";

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseNearbyQuery(new URL(request.url).searchParams);
  if ("error" in query) return Response.json({ error: query.error }, { status: 400, headers: { "Cache-Control": CACHE_CONTROL } });
  const answer = await nearbyDealers(query);
  if (!answer) return Response.json({ error: "no such brand" }, { status: 404, headers: { "Cache-Control": CACHE_CONTROL } });
  return Response.json(answer, { headers: { "Cache-Control": CACHE_CONTROL } });
}
