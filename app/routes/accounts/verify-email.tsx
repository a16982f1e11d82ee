import { data, Form, Link, useNavigation } from "react-router";
import { resendVerification, verifyEmail } from "~/features/accounts/accounts.server";
import { SignInForm } from "~/features/accounts/components/auth-forms";
import { formFields, formText, passwordResetRequestSchema } from "~/features/accounts/schemas";
import { accountUrls } from "~/features/accounts/urls";
import { assertSameOrigin, clientIp, readForm } from "~/lib/security.server";
import { routeMeta } from "~/lib/seo";
import { failureMessages, FormErrorSummary, FormSuccess, SubmitButton, TextField, toFieldErrors } from "~/ui/form";
import { AuthCard } from "./auth-card";
import type { Route } from "./+types/verify-email";

// /compte/verification?token=…: the activation link. It verifies the address and shows the
// sign-in form with it filled in: it never signs the visitor in, as the browser that opens it may
// not be its owner's. A link that expired, was already used or is damaged says so and offers a new mail.

type LinkStatus = "verified" | "expired" | "used" | "invalid" | "none";
type LinkAnswer = { status: LinkStatus; email?: string };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return data<LinkAnswer>({ status: "none" });
  const outcome = await verifyEmail(token, request);
  if ("email" in outcome) return data<LinkAnswer>({ status: outcome.status, email: outcome.email });
  // A damaged or forged link is refused; an expired one is gone for good.
  return data<LinkAnswer>({ status: outcome.status }, { status: outcome.status === "invalid" ? 400 : 410 });
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request, 8 * 1024);
  const email = formText(form, "email");
  const parsed = passwordResetRequestSchema.safeParse(formFields(form, ["email"]));
  if (!parsed.success) return data({ ok: false as const, fieldErrors: toFieldErrors<"email">(parsed.error), email }, { status: 400 });
  const result = await resendVerification(parsed.data.email, { request, ip: clientIp(context) });
  if (!result.ok) return data({ ok: false as const, formError: result.formError, email }, { status: result.status });
  return { ok: true as const, email: parsed.data.email };
}

const headings: Record<LinkStatus, { title: string; text: string }> = {
  verified: { title: "Your email address is verified", text: "Sign in with your password to start using your account." },
  expired: { title: "This activation link has expired", text: "Activation links are valid for 24 hours. Enter your email address and we will send you a new one." },
  used: { title: "This activation link has already been used", text: "Your email address is already verified: you can sign in. Lost your way? Ask for a new link below." },
  invalid: { title: "This activation link is not valid", text: "It may have been cut when you copied it. Enter your email address and we will send you a new one." },
  none: { title: "Send me a new activation link", text: "Enter the email address you registered with and we will send you a new activation link." },
};

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const heading = headings[loaderData.status];
  if (actionData?.ok) {
    return (
      <AuthCard title="Check your mailbox">
        <FormSuccess>
          If <strong className="break-all">{actionData.email}</strong> belongs to an account waiting for activation, we have sent it a new link.
        </FormSuccess>
      </AuthCard>
    );
  }
  if (loaderData.status === "verified") {
    return (
      <AuthCard title={heading.title} intro={heading.text}>
        <SignInForm mode="page" redirectTo={`${accountUrls.account}?notice=verified`} socialProviders={[]} email={loaderData.email} />
      </AuthCard>
    );
  }
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const { fieldErrors, formError } = failureMessages<"email">(failure);
  return (
    <AuthCard title={heading.title} intro={heading.text}>
      {loaderData.status === "used" ? (
        <Link to={accountUrls.login} className="btn-primary mb-6 w-full justify-center">
          Sign in
        </Link>
      ) : null}
      <Form method="post" action={accountUrls.verifyEmail} noValidate className="space-y-4">
        <FormErrorSummary formError={formError} errors={fieldErrors} />
        <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" defaultValue={failure?.email} error={fieldErrors.email} />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Sending…" className="sm:w-full">
          Send me a new link
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "Activate your account", noindex: true });
