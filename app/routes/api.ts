import { handleApiRequest } from "~/features/api/handler.server";
import type { Route } from "./+types/api";

// GET /api.php?endpoint=… : the legacy product API (spec section 7). Other methods: 405.
// The action only gives other methods the API's own JSON 405; Allow names GET and HEAD.
export const handle = { allow: ["GET", "HEAD"] };

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApiRequest(request, { requestId: context.requestId });
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApiRequest(request, { requestId: context.requestId });
}
