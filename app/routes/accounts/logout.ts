import { redirect } from "react-router";
import { signOut } from "~/features/accounts/accounts.server";
import { assertSameOrigin } from "~/lib/security.server";
import type { Route } from "./+types/logout";

// POST ends the session on the server and clears the cookie; a GET (a prefetch, a crawler) changes nothing.
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  return redirect("/", { headers: await signOut(request) });
}
