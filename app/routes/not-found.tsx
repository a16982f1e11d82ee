import type { Route } from "./+types/not-found";
import { routeNotFound } from "~/lib/errors";

// Every unmatched URL: the spec's 404 page with a real 404 status.
export async function loader({ request }: Route.LoaderArgs) {
  routeNotFound(new URL(request.url).pathname);
}

export async function action({ request }: Route.ActionArgs) {
  routeNotFound(new URL(request.url).pathname);
}

export default function NotFound() {
  return null;
}
