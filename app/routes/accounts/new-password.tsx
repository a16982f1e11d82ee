import { data, Form, Link, redirect, useNavigation } from "react-router";
import { passwordResetUser, resetPassword } from "~/features/accounts/accounts.server";
import { PasswordField } from "~/features/accounts/components/auth-forms";
import { formFields, type NewPasswordField, newPasswordSchema } from "~/features/accounts/schemas";
import { accountUrls } from "~/features/accounts/urls";
import { assertSameOrigin, clientIp, readForm } from "~/lib/security.server";
import { routeMeta } from "~/lib/seo";
import { failureMessages, FormErrorSummary, SubmitButton, toFieldErrors } from "~/ui/form";
import { AuthCard } from "./auth-card";
import type { Route } from "./+types/new-password";

// /mot-de-passe/nouveau?token=…: the link from the reset mail. The token is checked when the page
// opens (so a dead link says so at once) and again when the form is sent.

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const user = token ? await passwordResetUser(token) : null;
  return { token, valid: Boolean(user), email: user?.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request, 8 * 1024);
  const token = String(form.get("token") ?? "");
  const parsed = newPasswordSchema.safeParse(formFields(form, ["password", "confirm_password"]));
  if (!parsed.success) return data({ ok: false as const, fieldErrors: toFieldErrors<NewPasswordField>(parsed.error) }, { status: 400 });
  const result = await resetPassword(token, parsed.data.password, { request, ip: clientIp(context) });
  if (!result.ok) return data({ ok: false as const, expired: result.expired, formError: result.formError }, { status: result.status });
  throw redirect(`${accountUrls.account}?notice=password-reset`, { headers: result.headers });
}

function DeadLink() {
  return (
    <AuthCard title="This link no longer works">
      <p className="text-slate-700 dark:text-slate-300">
        Password reset links work once and expire after an hour. Ask for a new one: it only takes a minute.
      </p>
      <Link to={accountUrls.forgotPassword} className="btn-primary mt-6 w-full justify-center">
        Send me a new link
      </Link>
    </AuthCard>
  );
}

export default function NewPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.valid || (actionData && "expired" in actionData && actionData.expired)) return <DeadLink />;
  const { fieldErrors, formError } = failureMessages<NewPasswordField>(actionData);
  return (
    <AuthCard
      title="Choose a new password"
      intro={
        <>
          For <strong className="break-all">{loaderData.email}</strong>. Every device signed in to your account will be signed out.
        </>
      }
    >
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormErrorSummary formError={formError} errors={fieldErrors} idFor={(n) => `reset-${n}`} />
        <PasswordField idPrefix="reset" name="password" label="New password" autoComplete="new-password" error={fieldErrors.password} />
        <PasswordField idPrefix="reset" name="confirm_password" label="Confirm password" autoComplete="new-password" error={fieldErrors.confirm_password} />
        <p className="text-sm text-slate-600 dark:text-slate-400">At least 8 characters, with a number, an uppercase letter and a lowercase letter.</p>
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Saving…" className="sm:w-full">
          Save my new password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Choose a new password", noindex: true });
