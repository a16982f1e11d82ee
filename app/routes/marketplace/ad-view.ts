import { adViewAction } from "~/features/marketplace/ad-page/ad-page-actions.server";
import type { Route } from "./+types/ad-view";

// POST /marche-doccasion/vue (adId): the ad page's view beacon, answered 204.
export async function action({ request, context }: Route.ActionArgs) {
  return adViewAction(request, context);
}
