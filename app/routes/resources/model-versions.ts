import { modelVersionsOnSale } from "~/features/comparison/comparison.server";
import { parseId } from "~/features/comparison/rules";
import type { Route } from "./+types/model-versions";
import type { PageQueryHandle } from "~/lib/page-query";

export const handle: PageQueryHandle = { query: ["model"] };

// GET /menus/model-versions.json?model=ID : a model's versions on sale, cheapest first (the
// comparator's picker fills its last select with them). An unknown model is an empty list.
export async function loader({ request }: Route.LoaderArgs) {
  const id = parseId(new URL(request.url).searchParams.get("model"));
  if (id === null) return Response.json({ error: "model must be a positive whole number" }, { status: 400 });
  const list = await modelVersionsOnSale(id);
  return Response.json(list, { headers: { "Cache-Control": "public, max-age=300, s-maxage=300, stale-while-revalidate=86400" } });
}
