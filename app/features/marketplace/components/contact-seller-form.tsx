import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type CaptchaStatus, CaptchaField } from "~/ui/captcha-field";
import { type FieldErrors, FieldError, FormErrorSummary, FormSuccess, SubmitButton, TextAreaField, TextField, toFieldErrors } from "~/ui/form";
import { answerFor, SCRIPTED_FIELD } from "../ad-actions";
import { defaultContactMessage, SELLER_CONTACT_LIMITS, SELLER_CONTACT_SUCCESS, type SellerContactField, sellerContactValues } from "../ad-form-rules";
import { useHydrated } from "~/ui/use-hydrated";

// "Contact the seller": a POST to the ad page. Without scripts the page answers with the form and
// its messages, or a redirect to the ad saying the message went; with scripts a fetcher sends it
// and the messages show under the fields, checked first in the browser by the same schema (loaded
// when the buyer first focuses a field, so the ad page starts without the validation library).

type ContactSchemaModule = typeof import("../contact-schema");
const loadContactSchema = (): Promise<ContactSchemaModule> => import("../contact-schema");

const PHONE_HINT = "South African number, for example 082 123 4567. Only if you want the seller to call you.";
const idFor = (name: string) => `contact-${name}`;


export function ContactSellerForm({
  adTitle,
  captcha,
  /** The page's action answer (a no-script POST). */
  pageAnswer,
  /** The no-script send succeeded (the ad was reached by the redirect after it). */
  sentWithoutScripts,
  defaultName,
  defaultEmail,
}: {
  adTitle: string;
  captcha: boolean;
  pageAnswer: unknown;
  sentWithoutScripts: boolean;
  defaultName?: string;
  defaultEmail?: string;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const answer = answerFor(fetcher.data, "contact") ?? answerFor(pageAnswer, "contact");
  const failure = answer && !answer.ok ? answer : undefined;
  const sent = answer?.ok === true || (sentWithoutScripts && !answer);

  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<SellerContactField> | null>(null);
  const [clientFormError, setClientFormError] = useState<string>();
  const [failedSubmits, setFailedSubmits] = useState(0);
  const [captchaStatus, setCaptchaStatus] = useState<CaptchaStatus>("idle");
  const rules = useRef<ContactSchemaModule | null>(null);
  const loadRules = () =>
    loadContactSchema().then((module) => {
      rules.current = module;
      return module;
    });

  const errors = clientErrors ?? failure?.fieldErrors ?? {};
  const formError = clientFormError ?? (clientErrors ? undefined : failure?.formError);
  const values = failure?.values ?? {};

  useEffect(() => {
    if (failure) summaryRef.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (failedSubmits > 0) summaryRef.current?.focus();
  }, [failedSubmits]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!rules.current) {
      // Sent before the rules arrived (no field was focused): check once they are here.
      event.preventDefault();
      const form = event.currentTarget;
      void loadRules().then(() => form.requestSubmit(), () => form.submit());
      return;
    }
    const result = rules.current.sellerContactSchema.safeParse(sellerContactValues(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      setClientFormError(undefined);
      setClientErrors(toFieldErrors<SellerContactField>(result.error));
      setFailedSubmits((n) => n + 1);
      return;
    }
    if (captcha && captchaStatus !== "verified") {
      event.preventDefault();
      setClientErrors({});
      setClientFormError(
        captchaStatus === "error"
          ? "We could not check that you are human. Choose “Try again” below the message, then send it."
          : "Please wait a moment: we are still checking that you are human.",
      );
      setFailedSubmits((n) => n + 1);
      return;
    }
    setClientErrors(null);
    setClientFormError(undefined);
  }

  if (sent) {
    return (
      <FormSuccess className="mt-4">
        <p>{SELLER_CONTACT_SUCCESS}</p>
        <p className="mt-1 font-normal">We did not share the seller's email address with you, nor yours with anyone else.</p>
      </FormSuccess>
    );
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void (rules.current ? undefined : loadRules().catch(() => {}))}
      className="mt-4 space-y-4"
      aria-label="Contact the seller"
    >
      <input type="hidden" name="intent" value="contact" />
      {hydrated ? <input type="hidden" name={SCRIPTED_FIELD} value="1" /> : null}
      <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} idFor={idFor} />
      <TextField
        id={idFor("name")}
        label="Your name"
        name="name"
        autoComplete="name"
        maxLength={SELLER_CONTACT_LIMITS.name}
        defaultValue={values.name ?? defaultName}
        error={errors.name}
      />
      <TextField
        id={idFor("email")}
        label="Your email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={SELLER_CONTACT_LIMITS.email}
        defaultValue={values.email ?? defaultEmail}
        error={errors.email}
      />
      <TextField
        id={idFor("phone")}
        label="Your phone"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        optional
        maxLength={20}
        hint={PHONE_HINT}
        defaultValue={values.phone}
        error={errors.phone}
      />
      <TextAreaField
        id={idFor("message")}
        label="Message"
        name="message"
        rows={5}
        maxLength={SELLER_CONTACT_LIMITS.messageMax}
        defaultValue={values.message ?? defaultContactMessage(adTitle)}
        error={errors.message}
      />
      <div>
        <div className="flex items-start gap-3">
          <input
            id={idFor("consent")}
            type="checkbox"
            name="consent"
            value="yes"
            defaultChecked={values.consent === "yes"}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${idFor("consent")}-error` : undefined}
            className="mt-1 size-5 shrink-0 accent-primary-600"
          />
          <label htmlFor={idFor("consent")} className="text-sm text-slate-700 dark:text-slate-300">
            I agree that Voitura passes my message, name, email and phone on to the seller so they can answer me.
          </label>
        </div>
        <FieldError id={`${idFor("consent")}-error`} message={errors.consent} />
      </div>
      <CaptchaField enabled={captcha} resetKey={fetcher.data ?? pageAnswer} onStatusChange={setCaptchaStatus} />
      <SubmitButton pending={fetcher.state !== "idle"} pendingLabel="Sending…" className="sm:w-full">
        Send to the seller
      </SubmitButton>
    </fetcher.Form>
  );
}
