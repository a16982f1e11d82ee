import { Form, Link, redirect, useNavigation, data } from "react-router";
import { changePassword, requireUser, signInMethods, signOutEverywhere } from "~/features/accounts/accounts.server";
import { deleteAccountAndData } from "~/features/privacy/account-deletion.server";
import { PasswordField } from "~/features/accounts/components/auth-forms";
import { type ChangePasswordField, changePasswordSchema, DELETE_CONFIRMATION_WORD, deleteAccountSchema, formFields } from "~/features/accounts/schemas";
import { accountUrls } from "~/features/accounts/urls";
import { MY_ADS_PATH } from "~/features/marketplace/my-ads/my-ads-rules";
import { markSearchIndexStale } from "~/features/marketplace/search/search-index.server";
import { FAVOURITES_PATH, SAVED_SEARCHES_PATH } from "~/features/marketplace/urls";
import { assertSameOrigin, readForm } from "~/lib/security.server";
import { routeMeta } from "~/lib/seo";
import { failureMessages, FormErrorSummary, FormSuccess, SubmitButton, TextField, toFieldErrors } from "~/ui/form";
import { dealersOfUser } from "~/features/dealer-accounts/membership.server";
import { DEALER_DASHBOARD_PATH } from "~/features/dealer-accounts/urls";
import type { Route } from "./+types/my-account";

const notices: Record<string, string> = {
  verified: "Your email address is verified and your account is active. Welcome!",
  "password-reset": "Your new password is saved. Every other device was signed out.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [methods, dealers] = await Promise.all([signInMethods(user.id), dealersOfUser(user.id)]);
  const notice = notices[new URL(request.url).searchParams.get("notice") ?? ""];
  return {
    user,
    hasPassword: methods.includes("credential"),
    socialMethods: methods.filter((m) => m !== "credential"),
    notice,
    dealerNames: dealers.map((d) => d.dealerName),
  };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await readForm(request, 8 * 1024);
  const intent = form.get("intent");
  if (intent === "change-password") {
    const parsed = changePasswordSchema.safeParse(formFields(form, ["current_password", "password", "confirm_password"]));
    if (!parsed.success) {
      return data({ intent: "change-password" as const, ok: false as const, fieldErrors: toFieldErrors<ChangePasswordField>(parsed.error) }, { status: 400 });
    }
    const result = await changePassword(request, parsed.data.current_password, parsed.data.password);
    if (!result.ok) return data({ intent: "change-password" as const, ok: false as const, fieldErrors: result.fieldErrors, formError: result.formError }, { status: result.status });
    return data({ intent: "change-password" as const, ok: true as const }, { headers: result.headers });
  }
  if (intent === "sign-out-everywhere") {
    throw redirect("/", { headers: await signOutEverywhere(request, user.id) });
  }
  if (intent === "delete-account") {
    const parsed = deleteAccountSchema.safeParse(formFields(form, ["confirmation"]));
    if (!parsed.success) return data({ intent: "delete-account" as const, ok: false as const, fieldErrors: toFieldErrors<"confirmation">(parsed.error) }, { status: 400 });
    const headers = await deleteAccountAndData(request, user);
    // The account's ads went with it (ON DELETE CASCADE): the search drops them at once.
    markSearchIndexStale();
    throw redirect(accountUrls.accountDeleted, { headers });
  }
  return data({ intent: "unknown" as const, ok: false as const, formError: "This action is not available." }, { status: 400 });
}

function Section({ title, children, tone }: { title: string; children: React.ReactNode; tone?: "danger" }) {
  return (
    <section
      className={`card p-6 ${tone === "danger" ? "border-red-200 dark:border-red-900" : ""}`}
      aria-labelledby={`section-${title.replace(/\W+/g, "-").toLowerCase()}`}
    >
      <h2 id={`section-${title.replace(/\W+/g, "-").toLowerCase()}`} className="text-lg font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function MyAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, hasPassword, socialMethods, notice, dealerNames } = loaderData;
  const navigation = useNavigation();
  const submitting = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const result = actionData && "intent" in actionData ? actionData : undefined;
  const passwordResult = result?.intent === "change-password" ? result : undefined;
  const deleteResult = result?.intent === "delete-account" ? result : undefined;
  const { fieldErrors: passwordErrors, formError: passwordFormError } = failureMessages<ChangePasswordField>(passwordResult);
  const { fieldErrors: deleteErrors } = failureMessages<"confirmation">(deleteResult);

  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">My account</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight">Hello, {user.name}</h1>
      {notice ? <FormSuccess className="mt-6">{notice}</FormSuccess> : null}
      <div className="mt-8 space-y-6">
        <Section title="Your details">
          <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <dt className="font-semibold text-slate-600 dark:text-slate-400">Display name</dt>
            <dd className="break-words" data-testid="account-name">{user.name}</dd>
            <dt className="font-semibold text-slate-600 dark:text-slate-400">Email</dt>
            <dd className="break-all" data-testid="account-email">{user.email}</dd>
            <dt className="font-semibold text-slate-600 dark:text-slate-400">Signs in with</dt>
            <dd>
              {[hasPassword ? "Email and password" : null, ...socialMethods.map((m) => (m === "google" ? "Google" : m === "facebook" ? "Facebook" : m))]
                .filter(Boolean)
                .join(", ")}
            </dd>
          </dl>
        </Section>

        <Section title="Selling and searching">
          <ul className="grid gap-4 sm:grid-cols-3">
            <li>
              <Link to={MY_ADS_PATH} className="btn-secondary w-full">
                My ads
              </Link>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Your cars for sale: views, messages, renew, mark as sold.</p>
            </li>
            <li>
              <Link to={SAVED_SEARCHES_PATH} className="btn-secondary w-full">
                Saved searches
              </Link>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Searches you follow, with their alert mails.</p>
            </li>
            <li>
              <Link to={FAVOURITES_PATH} className="btn-secondary w-full">
                See your favourites
              </Link>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">The used cars you saved with the heart, and how their prices moved since.</p>
            </li>
            {dealerNames.length > 0 ? (
              <li>
                <Link to={DEALER_DASHBOARD_PATH} className="btn-secondary w-full">
                  Dealer dashboard
                </Link>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Stock, leads and people of {dealerNames.join(", ")}.</p>
              </li>
            ) : null}
          </ul>
        </Section>

        <Section title="Change password">
          {passwordResult?.ok ? <FormSuccess className="mb-4">Your password was changed. Every other device was signed out.</FormSuccess> : null}
          {hasPassword ? (
            <Form method="post" noValidate className="space-y-4" key={passwordResult?.ok ? "saved" : "form"}>
              <input type="hidden" name="intent" value="change-password" />
              <FormErrorSummary formError={passwordFormError} errors={passwordErrors} idFor={(n) => `account-${n}`} />
              <PasswordField idPrefix="account" name="current_password" label="Current password" autoComplete="current-password" error={passwordErrors.current_password} />
              <PasswordField idPrefix="account" name="password" label="New password" autoComplete="new-password" error={passwordErrors.password} />
              <PasswordField idPrefix="account" name="confirm_password" label="Confirm password" autoComplete="new-password" error={passwordErrors.confirm_password} />
              <SubmitButton pending={submitting("change-password")} pendingLabel="Saving…">
                Change my password
              </SubmitButton>
            </Form>
          ) : (
            <p className="text-slate-700 dark:text-slate-300">
              You sign in with {socialMethods.includes("google") ? "Google" : "Facebook"}. To add a password,{" "}
              <Link to={accountUrls.forgotPassword} className="link">
                ask for a password link
              </Link>
              .
            </p>
          )}
        </Section>

        <Section title="Sessions">
          <p className="text-slate-700 dark:text-slate-300">Lost a phone or signed in on a shared computer? Sign out of every device, this one included.</p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="sign-out-everywhere" />
            <SubmitButton pending={submitting("sign-out-everywhere")} className="btn-secondary">
              Sign out everywhere
            </SubmitButton>
          </Form>
        </Section>

        <Section title="Delete my account" tone="danger">
          <p className="text-slate-700 dark:text-slate-300">
            This permanently removes your account and the personal data tied to it: your details, sign-in methods and sessions, your
            newsletter subscription, the messages you sent us, your car ads with their photos, your unfinished ads (drafts), your
            favourites and saved searches, and any reviews you published. It cannot be undone.
          </p>
          <Form method="post" noValidate className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="delete-account" />
            <TextField
              id="account-confirmation"
              label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
              name="confirmation"
              autoComplete="off"
              error={deleteErrors.confirmation}
            />
            <SubmitButton pending={submitting("delete-account")} className="bg-red-700 hover:bg-red-800 focus-visible:outline-red-700">
              Delete my account
            </SubmitButton>
          </Form>
        </Section>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: "My account", noindex: true });
