import { bannerImpressionsBeacon } from "~/features/banners/banner-actions.server";
import type { Route } from "./+types/views";

// POST /b/vues (ids=12,7): the banner boxes a browser has seen, counted in batches; answered 204.
export async function action({ request, context }: Route.ActionArgs) {
  return bannerImpressionsBeacon(request, context);
}
