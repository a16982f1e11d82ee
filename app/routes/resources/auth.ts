import { auth } from "~/features/accounts/auth.server";
import type { Route } from "./+types/auth";

// better-auth's own HTTP endpoints; every one but the social sign-in callbacks is disabled
// (auth.server disabledPaths): the account pages call its server API instead.
export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}
