import { draftPhotoAction } from "~/features/marketplace/selling/draft-photo-action.server";
import type { Route } from "./+types/draft-photos";

// POST /poster-une-annonce/photos (draft, intent upload|move|cover|delete, photo, key, to, returnTo):
// the photo manager's endpoint. JSON for its script, a 303 back to returnTo without one.
export async function action({ request }: Route.ActionArgs) {
  return draftPhotoAction(request);
}
