import type { Route } from "./+types/preview-image";
import { previewImageResponse } from "~/features/previews/previews.server";

// /apercu/…: the link-preview cards (1200×630 PNG) and the publisher logo (decision 010).
export function loader({ request, params }: Route.LoaderArgs) {
  return previewImageResponse(request, params["*"]);
}
