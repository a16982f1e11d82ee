import { favouriteAction } from "~/features/marketplace/ad-page/favourite-action.server";
import type { Route } from "./+types/favourite";

// POST /marche-doccasion/favori (adId, intent add|remove, redirectTo): the favourite heart.
export async function action({ request, context }: Route.ActionArgs) {
  return favouriteAction(request, context);
}
