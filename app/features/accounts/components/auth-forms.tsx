import { Eye, EyeOff, MailCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import type { ZodType } from "zod";
import { type FieldErrors, FieldError, FormErrorSummary, SubmitButton, TextField, toFieldErrors } from "~/ui/form";
import { REGISTRATION_SUCCESS_TITLE } from "../messages";
import { type SignInField, type SignUpField, signInSchema, signUpSchema } from "../schemas";
import { accountUrls } from "../urls";

// The sign-in and sign-up forms of the login popup and of the /login and /register pages. In the
// popup they post through a fetcher (the page stays; the root loader reloads the header); on the
// pages they are plain forms that work without JavaScript.

export type SocialProvider = "google" | "facebook";
type FormMode = "page" | "popup";

interface AuthFailure<F extends string> {
  ok: false;
  fieldErrors?: FieldErrors<F>;
  formError?: string;
  reset?: boolean;
  unverified?: boolean;
  values?: Partial<Record<F, string>>;
}
export type SignInActionData = { ok: true; user: { name: string } } | AuthFailure<SignInField>;
export type SignUpActionData = { ok: true; email: string } | AuthFailure<SignUpField>;

/** A fetcher in the popup, the page's own navigation otherwise: one interface for both. */
function useAuthSubmission<T>(mode: FormMode, pageResult: T | undefined, action: string) {
  const fetcher = useFetcher<T>();
  const navigation = useNavigation();
  if (mode === "popup") {
    // The answer counts once the page's data has been reloaded after it (the fetcher is idle
    // again): a sign-in that navigated away earlier would cut that reload short, and the header
    // (root data, which navigations alone do not reload) would still show LOGIN.
    return { FormComponent: fetcher.Form, pending: fetcher.state !== "idle", result: fetcher.state === "idle" ? fetcher.data : undefined };
  }
  const pending = navigation.state !== "idle" && navigation.formAction?.split("?")[0] === action;
  return { FormComponent: Form, pending, result: pageResult };
}

/**
 * The browser-side check with the shared schema (the server checks again), and the guard
 * against a second submission while one is in flight.
 */
function useClientChecks<F extends string>(schema: ZodType, pending: boolean) {
  const [errors, setErrors] = useState<FieldErrors<F> | null>(null);
  const [attempts, setAttempts] = useState(0);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault();
      return;
    }
    const result = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      setErrors(toFieldErrors<F>(result.error));
      setAttempts((n) => n + 1);
      return;
    }
    setErrors(null);
  }
  return { clientErrors: errors, onSubmit, attempts, clear: () => setErrors(null) };
}

export function PasswordField({
  name,
  label,
  error,
  autoComplete,
  idPrefix,
}: {
  name: string;
  label: string;
  error?: string;
  autoComplete: string;
  idPrefix: string;
}) {
  const [visible, setVisible] = useState(false);
  const id = `${idPrefix}-${name}`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900 dark:text-slate-100">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="input pr-12"
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-[var(--radius-control)] text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" strokeWidth={1.75} /> : <Eye aria-hidden="true" className="size-5" strokeWidth={1.75} />}
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

const socialLabels: Record<SocialProvider, string> = { google: "Continue with Google", facebook: "Continue with Facebook" };

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path fill="#1877F2" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z" />
    </svg>
  );
}

/** Google and Facebook, shown only when their ids are configured. Plain POST forms: they leave for the provider. */
function SocialButtons({ providers, redirectTo }: { providers: SocialProvider[]; redirectTo: string }) {
  if (providers.length === 0) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {providers.map((provider) => (
          <form key={provider} method="post" action={accountUrls.socialSignIn}>
            <input type="hidden" name="provider" value={provider} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className="btn-secondary w-full justify-center gap-2">
              {provider === "google" ? <GoogleMark /> : <FacebookMark />}
              {socialLabels[provider]}
            </button>
          </form>
        ))}
      </div>
    </div>
  );
}

function FormShell({ children }: { children: ReactNode }) {
  return <div className="space-y-5">{children}</div>;
}

interface SignInFormProps {
  mode: FormMode;
  redirectTo: string;
  socialProviders: SocialProvider[];
  /** The page's action data (page mode). */
  result?: SignInActionData;
  /** Popup: after a successful sign-in. */
  onSignedIn?: () => void;
  /** Popup: show the sign-up view instead of following the link. */
  onBecomeMember?: () => void;
  /** The address to fill in (an activation link's). */
  email?: string;
}

export function SignInForm({ mode, redirectTo, socialProviders, result: pageResult, onSignedIn, onBecomeMember, email }: SignInFormProps) {
  const idPrefix = `${mode}-sign-in`;
  const { FormComponent, pending, result } = useAuthSubmission<SignInActionData>(mode, pageResult, accountUrls.login);
  const { clientErrors, onSubmit, attempts, clear } = useClientChecks<SignInField>(signInSchema, pending);
  const summaryRef = useRef<HTMLDivElement>(null);
  const failure = result && !result.ok ? result : undefined;
  const errors = clientErrors ?? failure?.fieldErrors ?? {};
  const formError = clientErrors ? undefined : failure?.formError;

  useEffect(() => {
    if (result?.ok) onSignedIn?.();
    else if (result) summaryRef.current?.focus();
    // onSignedIn is a fresh function each render; the result is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  useEffect(() => {
    if (attempts > 0) summaryRef.current?.focus();
  }, [attempts]);
  // A new server answer replaces the browser's own check.
  useEffect(clear, [result]);

  return (
    <FormShell>
      <FormComponent method="post" action={accountUrls.login} noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {mode === "popup" ? <input type="hidden" name="via" value="popup" /> : null}
        <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} idFor={(n) => `${idPrefix}-${n}`} />
        {failure?.unverified && !clientErrors ? (
          <p className="text-sm">
            <Link to={accountUrls.verifyEmail} className="link">
              Send me a new activation link
            </Link>
          </p>
        ) : null}
        <TextField
          id={`${idPrefix}-email`}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={failure?.values?.email ?? email}
          error={errors.email}
        />
        <PasswordField idPrefix={idPrefix} name="password" label="Password" autoComplete="current-password" error={errors.password} />
        <p className="text-sm">
          <Link to={accountUrls.forgotPassword} className="link">
            Forgot password?
          </Link>
        </p>
        <SubmitButton pending={pending} pendingLabel="Signing in…" className="sm:w-full">
          Sign in now
        </SubmitButton>
      </FormComponent>
      <SocialButtons providers={socialProviders} redirectTo={redirectTo} />
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Not a member yet?{" "}
        {onBecomeMember ? (
          <button type="button" onClick={onBecomeMember} className="link font-semibold">
            Become a member
          </button>
        ) : (
          <Link to={redirectTo === "/" ? accountUrls.register : `${accountUrls.register}?redirectTo=${encodeURIComponent(redirectTo)}`} className="link font-semibold">
            Become a member
          </Link>
        )}
      </p>
    </FormShell>
  );
}

interface SignUpFormProps {
  mode: FormMode;
  redirectTo: string;
  socialProviders: SocialProvider[];
  result?: SignUpActionData;
  /** Popup: after the account was created (shows the success view). */
  onRegistered?: (email: string) => void;
  onAlreadyMember?: () => void;
}

export function SignUpForm({ mode, redirectTo, socialProviders, result: pageResult, onRegistered, onAlreadyMember }: SignUpFormProps) {
  const idPrefix = `${mode}-sign-up`;
  const { FormComponent, pending, result } = useAuthSubmission<SignUpActionData>(mode, pageResult, accountUrls.register);
  const { clientErrors, onSubmit, attempts, clear } = useClientChecks<SignUpField>(signUpSchema, pending);
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failure = result && !result.ok ? result : undefined;
  const errors = clientErrors ?? failure?.fieldErrors ?? {};
  const formError = clientErrors ? undefined : failure?.formError;
  // "Other" errors reset the form (spec section 8): remount the fields empty.
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (result?.ok) onRegistered?.(result.email);
    else if (result) {
      if (result.reset) {
        formRef.current?.reset();
        setGeneration((g) => g + 1);
      }
      summaryRef.current?.focus();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  useEffect(() => {
    if (attempts > 0) summaryRef.current?.focus();
  }, [attempts]);
  useEffect(clear, [result]);

  const values = failure && !failure.reset ? failure.values : undefined;
  return (
    <FormShell>
      <FormComponent
        ref={formRef}
        method="post"
        action={accountUrls.register}
        noValidate
        onSubmit={onSubmit}
        className="space-y-4"
        aria-label="Create an account"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {mode === "popup" ? <input type="hidden" name="via" value="popup" /> : null}
        <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} idFor={(n) => `${idPrefix}-${n}`} />
        <div key={generation} className="space-y-4">
          <TextField
            id={`${idPrefix}-name`}
            label="Name or Nickname"
            name="name"
            type="text"
            autoComplete="nickname"
            maxLength={80}
            defaultValue={values?.name}
            error={errors.name}
          />
          <TextField
            id={`${idPrefix}-email`}
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={values?.email}
            error={errors.email}
          />
          <PasswordField idPrefix={idPrefix} name="password" label="Password" autoComplete="new-password" error={errors.password} />
          <PasswordField idPrefix={idPrefix} name="confirm_password" label="Confirm password" autoComplete="new-password" error={errors.confirm_password} />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          At least 8 characters, with a number, an uppercase letter and a lowercase letter.
        </p>
        <SubmitButton pending={pending} pendingLabel="Creating your account…" className="sm:w-full">
          Create my account
        </SubmitButton>
      </FormComponent>
      <SocialButtons providers={socialProviders} redirectTo={redirectTo} />
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        {onAlreadyMember ? (
          <button type="button" onClick={onAlreadyMember} className="link font-semibold">
            Already a member? Sign in
          </button>
        ) : (
          <Link to={redirectTo === "/" ? accountUrls.login : `${accountUrls.login}?redirectTo=${encodeURIComponent(redirectTo)}`} className="link font-semibold">
            Already a member? Sign in
          </Link>
        )}
      </p>
    </FormShell>
  );
}

/** The "Registration successful" view. */
export function RegistrationSuccess({ email, headingId }: { email: string; headingId?: string }) {
  const fallbackId = useId();
  return (
    <div className="space-y-4 text-center" role="status">
      <MailCheck aria-hidden="true" className="mx-auto size-12 text-green-600 dark:text-green-400" strokeWidth={1.5} />
      <h2 id={headingId ?? fallbackId} className="text-xl font-bold tracking-tight">
        {REGISTRATION_SUCCESS_TITLE}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">
        We have sent an activation link to <strong className="break-all text-slate-900 dark:text-slate-100">{email}</strong>. Open it to
        activate your account and sign in.
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Nothing after a few minutes? Check your spam or junk folder, or{" "}
        <Link to="/contactez-nous" className="link">
          contact us
        </Link>
        .
      </p>
    </div>
  );
}
