import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import {
  EMAIL_MAX,
  NEWSLETTER_PENDING_MESSAGE,
  NEWSLETTER_VALUE_LINE,
  type NewsletterResponse,
  newsletterSchema,
} from "~/features/newsletter/schemas";
import { type CaptchaStatus, CaptchaField } from "./captcha-field";
import { FormErrorSummary, FormSuccess, SubmitButton, TextField, toFieldErrors } from "./form";
import { notify } from "./toasts";

// The newsletter subscription dialog (top bar "Subscribe" button, and pages offering to subscribe
// again). Radix traps and restores focus, closes on Escape and on the overlay. Stacked above the
// sticky header and the side menu (z 1500-2000), from which it can be opened on phones.

export const PRIVACY_PATH = "/politique-de-confidentalite-et-mentions-legales";

export interface NewsletterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether the captcha is on (root loader's `captcha`). */
  captcha: boolean;
}

export function NewsletterDialog({ open, onOpenChange, captcha }: NewsletterDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[2050] bg-slate-950/60 transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content
          ref={contentRef}
          // Opened without a Radix Trigger (top bar, side menu, pages), so remember what had focus
          // to give it back on close; start in the email field, the one thing to fill in.
          onOpenAutoFocus={(event) => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            const email = contentRef.current?.querySelector<HTMLInputElement>("input[name=email]");
            if (email) {
              event.preventDefault();
              email.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (returnFocus.current?.isConnected) {
              event.preventDefault();
              returnFocus.current.focus();
            }
          }}
          className={[
            "fixed inset-0 z-[2051] flex flex-col overflow-y-auto bg-white p-6 pt-14 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100",
            "sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-[480px] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-[var(--radius-card)] sm:p-8 sm:pt-8",
            "transition-[opacity,scale] duration-200 starting:scale-95 starting:opacity-0",
          ].join(" ")}
        >
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
          >
            <X aria-hidden="true" className="size-5" strokeWidth={1.75} />
          </Dialog.Close>
          <Dialog.Title className="pr-8 text-2xl font-bold tracking-tight">Subscribe to our newsletter</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700 dark:text-slate-300">{NEWSLETTER_VALUE_LINE}</Dialog.Description>
          <NewsletterForm captcha={captcha} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
