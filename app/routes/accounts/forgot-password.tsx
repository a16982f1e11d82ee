import { data, Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "~/features/accounts/accounts.server";
import { formFields, formText, passwordResetRequestSchema, RESET_LINK_MINUTES } from "~/features/accounts/schemas";
import { accountUrls } from "~/features/accounts/urls";
import { assertSameOrigin, clientIp, readForm } from "~/lib/security.server";
import { routeMeta } from "~/lib/seo";
import { failureMessages, FormErrorSummary, FormSuccess, SubmitButton, TextField, toFieldErrors } from "~/ui/form";
import { AuthCard } from "./auth-card";
import type { Route } from "./+types/forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request, 8 * 1024);
  const email = formText(form, "email");
  const parsed = passwordResetRequestSchema.safeParse(formFields(form, ["email"]));
  if (!parsed.success) return data({ ok: false as const, fieldErrors: toFieldErrors<"email">(parsed.error), email }, { status: 400 });
  const result = await requestPasswordReset(parsed.data.email, { request, ip: clientIp(context) });
  if (!result.ok) {
    return data(
      { ok: false as const, formError: result.formError, email },
      { status: result.status, headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined },
    );
  }
  // The same answer whether or not the address has an account.
  return { ok: true as const, email: parsed.data.email };
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  if (actionData?.ok) {
    return (
      <AuthCard title="Check your mailbox">
        <FormSuccess>
          If an account exists for <strong className="break-all">{actionData.email}</strong>, we have sent it a link to choose a new
          password. The link works once and expires in {RESET_LINK_MINUTES} minutes.
        </FormSuccess>
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
          Nothing after a few minutes? Check your spam folder, or{" "}
          <Link to={accountUrls.forgotPassword} reloadDocument className="link">
            ask again
          </Link>
          .
        </p>
      </AuthCard>
    );
  }
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const { fieldErrors, formError } = failureMessages<"email">(failure);
  return (
    <AuthCard title="Forgot your password?" intro="Enter the email address of your account and we will send you a link to choose a new password.">
      <Form method="post" noValidate className="space-y-4">
        <FormErrorSummary formError={formError} errors={fieldErrors} />
        <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" defaultValue={failure?.email} error={fieldErrors.email} />
        <SubmitButton pending={pending} pendingLabel="Sending…" className="sm:w-full">
          Send me a reset link
        </SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to={accountUrls.login} className="link">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Forgot your password?", noindex: true });
