import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import {
  EMAIL_MAX,
  NEWSLETTER_PENDING_MESSAGE,
  NEWSLETTER_VALUE_LINE,
  type NewsletterResponse,
  newsletterSchema,
} from "~/features/newsletter/schemas";
import { type CaptchaStatus, CaptchaField } from "~/ui/captcha-field";
import { ModalDialog } from "~/ui/modal-dialog";
import { FormErrorSummary, FormSuccess, SubmitButton, TextField, toFieldErrors } from "~/ui/form";
import { notify } from "~/ui/toasts";

// The newsletter subscription dialog (top bar "Subscribe" button, and pages offering to subscribe
// again), in the site's modal frame.

const PRIVACY_PATH = "/politique-de-confidentalite-et-mentions-legales";

interface NewsletterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether the captcha is on (root loader's `captcha`). */
  captcha: boolean;
}

export function NewsletterDialog({ open, onOpenChange, captcha }: NewsletterDialogProps) {
  return (
    // Start in the email field, the one thing to fill in.
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Subscribe to our newsletter"
      description={NEWSLETTER_VALUE_LINE}
      initialFocus="input[name=email]"
    >
      <NewsletterForm captcha={captcha} onClose={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

/** Mounted while the dialog is open, so each opening starts with a fresh form and fetcher. */
function NewsletterForm({ captcha, onClose }: { captcha: boolean; onClose: () => void }) {
  const fetcher = useFetcher<NewsletterResponse>();
  const [clientError, setClientError] = useState<string>();
  const [clientFormError, setClientFormError] = useState<string>();
  const [captchaStatus, setCaptchaStatus] = useState<CaptchaStatus>("idle");
  const summaryRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const result = fetcher.data;
  const pending = fetcher.state !== "idle";

  useEffect(() => {
    if (!result) return;
    if (result.ok) notify(result.message);
    else if (result.formError) summaryRef.current?.focus();
    else emailRef.current?.focus();
  }, [result]);

  if (result?.ok) {
    return (
      <div className="mt-6 space-y-6">
        <FormSuccess>{NEWSLETTER_PENDING_MESSAGE}</FormSuccess>
        <button type="button" className="btn-secondary w-full sm:w-auto" onClick={onClose}>
          Close
        </button>
      </div>
    );
  }

  const serverFailure = result && !result.ok ? result : undefined;
  const emailError = clientError ?? (clientFormError ? undefined : serverFailure?.fieldErrors?.email);
  const formError = clientFormError ?? (clientError ? undefined : serverFailure?.formError);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = newsletterSchema.safeParse({ email: new FormData(event.currentTarget).get("email") ?? "" });
    if (!parsed.success) {
      event.preventDefault();
      setClientFormError(undefined);
      setClientError(toFieldErrors<"email">(parsed.error).email);
      emailRef.current?.focus();
      return;
    }
    if (captcha && captchaStatus !== "verified") {
      event.preventDefault();
      setClientError(undefined);
      setClientFormError(
        captchaStatus === "error"
          ? "We could not check that you are human. Choose “Try again”, then subscribe."
          : "Please wait a moment: we are still checking that you are human.",
      );
      // Wait for the summary to render before moving focus to it.
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setClientError(undefined);
    setClientFormError(undefined);
  }

  return (
    <fetcher.Form method="post" action="/newsletter" noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
      <FormErrorSummary ref={summaryRef} formError={formError} />
      <TextField
        ref={emailRef}
        id="newsletter-email"
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.co.za"
        maxLength={EMAIL_MAX}
        error={emailError}
        onChange={() => {
          if (emailError) setClientError(undefined);
        }}
        hint={
          <>
            By entering your email you accept our terms of use and{" "}
            <Link to={PRIVACY_PATH} className="link" onClick={onClose}>
              privacy policy
            </Link>
            .
          </>
        }
      />
      <CaptchaField enabled={captcha} resetKey={result} onStatusChange={setCaptchaStatus} />
      <SubmitButton pending={pending} pendingLabel="Subscribing…" className="sm:w-full">
        Subscribe
      </SubmitButton>
    </fetcher.Form>
  );
}
