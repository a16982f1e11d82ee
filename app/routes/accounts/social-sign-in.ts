import { redirect } from "react-router";
import { socialSignInAction } from "~/features/accounts/actions.server";
import { accountUrls } from "~/features/accounts/urls";
import type { Route } from "./+types/social-sign-in";

// POST only: the Google and Facebook buttons. A GET lands on the sign-in page.
export function loader() {
  return redirect(accountUrls.login);
}

export function action({ request }: Route.ActionArgs) {
  return socialSignInAction(request);
}
