import { sellCatalogueAnswer } from "~/features/marketplace/selling/ad-catalogue.server";
import type { Route } from "./+types/catalogue";

// GET /poster-une-annonce/catalogue.json?make=&model=&variant=&year=: the posting form's car step
// in the browser (the make's models, the model's versions, and the body, fuel, gearbox and drive
// the catalogue fills in). Catalogue data only, the same for everyone: cacheable.
export async function loader({ request }: Route.LoaderArgs) {
  const answer = await sellCatalogueAnswer(new URL(request.url).searchParams);
  return Response.json(answer, { headers: { "Cache-Control": "public, max-age=300, s-maxage=300, stale-while-revalidate=86400" } });
}
