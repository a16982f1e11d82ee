import { bannerClick } from "~/features/banners/banner-actions.server";
import type { Route } from "./+types/click";

// GET /b/{id}: a banner's click, counted, then a 302 to the banner's stored link; a bad or unknown id is the 404 page.
export async function loader({ request, params }: Route.LoaderArgs) {
  return bannerClick(request, params.id);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function BannerClick() {
  return null;
}
