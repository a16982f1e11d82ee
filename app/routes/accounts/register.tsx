import { redirect } from "react-router";
import { currentUser } from "~/features/accounts/accounts.server";
import { signUpAction } from "~/features/accounts/actions.server";
import { configuredSocialProviders } from "~/features/accounts/auth.server";
import { RegistrationSuccess, type SignUpActionData, SignUpForm } from "~/features/accounts/components/auth-forms";
import { safeReturnPath } from "~/lib/return-path";
import { routeMeta } from "~/lib/seo";
import { AuthCard } from "./auth-card";
import type { Route } from "./+types/register";

export async function loader({ request }: Route.LoaderArgs) {
  if (await currentUser(request)) throw redirect("/");
  return {
    redirectTo: safeReturnPath(new URL(request.url).searchParams.get("redirectTo"), "/"),
    socialProviders: configuredSocialProviders(),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return signUpAction(request, context);
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as SignUpActionData | undefined;
  if (result?.ok) {
    return (
      <AuthCard title="Registration successful">
        <RegistrationSuccess email={result.email} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Become a member" intro="Create your free account in a minute.">
      <SignUpForm mode="page" redirectTo={loaderData.redirectTo} socialProviders={loaderData.socialProviders} result={result} />
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Create an account", noindex: true, canonicalPath: "/register" });
