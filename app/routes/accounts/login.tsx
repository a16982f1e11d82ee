import { redirect } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { signInAction } from "~/features/accounts/actions.server";
import { configuredSocialProviders } from "~/features/accounts/auth.server";
import { type SignInActionData, SignInForm } from "~/features/accounts/components/auth-forms";
import { accountMessages } from "~/features/accounts/messages";
import { safeReturnPath } from "~/lib/return-path";
import { routeMeta } from "~/lib/seo";
import { AuthCard } from "./auth-card";
import type { Route } from "./+types/login";

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in visitor has nothing to do here (spec section 6).
  if (await currentUser(request)) throw redirect("/");
  const url = new URL(request.url);
  return {
    redirectTo: safeReturnPath(url.searchParams.get("redirectTo"), "/"),
    socialProviders: configuredSocialProviders(),
    socialError: url.searchParams.get("error") ? accountMessages.generic : undefined,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context);
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = (actionData as SignInActionData | undefined) ?? (loaderData.socialError ? { ok: false as const, formError: loaderData.socialError } : undefined);
  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to post ads, save favourites and get alerts.">
      <SignInForm mode="page" redirectTo={loaderData.redirectTo} socialProviders={loaderData.socialProviders} result={result} />
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Sign in", noindex: true, canonicalPath: "/login" });
