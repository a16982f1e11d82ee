import { useRef } from "react";
import { useFetcher } from "react-router";
import { SenderFields } from "~/features/contact/components/sender-fields";
import { CaptchaField } from "~/ui/captcha-field";
import { FieldError, FormErrorSummary, FormSuccess, SubmitButton, TextAreaField } from "~/ui/form";
import { useCheckedForm } from "~/ui/use-checked-form";
import { answerFor, SCRIPTED_FIELD } from "../ad-actions";
import { defaultContactMessage, SELLER_CONTACT_LIMITS, SELLER_CONTACT_SUCCESS, type SellerContactField, sellerContactValues } from "../../ad-form-rules";
import { useHydrated } from "~/ui/use-hydrated";

// "Contact the seller": a POST to the ad page. Without scripts the page answers with the form and
// its messages, or a redirect to the ad saying the message went; with scripts a fetcher sends it
// and the messages show under the fields, checked first in the browser by the same schema (loaded
// when the buyer first focuses a field, so the ad page starts without the validation library).

const loadContactSchema = () => import("../contact-schema").then((module) => module.sellerContactSchema);

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
  const { summaryRef, errors, formError, setCaptchaStatus, onSubmit, onFocus, engaged } = useCheckedForm<SellerContactField>({
    loadSchema: loadContactSchema,
    values: sellerContactValues,
    captcha,
    failure,
  });
  const values = failure?.values ?? {};

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
      onFocus={onFocus}
      className="mt-4 space-y-4"
      aria-label="Contact the seller"
    >
      <input type="hidden" name="intent" value="contact" />
      {hydrated ? <input type="hidden" name={SCRIPTED_FIELD} value="1" /> : null}
      <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} idFor={idFor} />
      <SenderFields
        idFor={idFor}
        limits={SELLER_CONTACT_LIMITS}
        values={{ name: values.name ?? defaultName, email: values.email ?? defaultEmail, phone: values.phone }}
        errors={errors}
        phoneHint={PHONE_HINT}
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
      <CaptchaField enabled={captcha} active={engaged} resetKey={fetcher.data ?? pageAnswer} onStatusChange={setCaptchaStatus} />
      <SubmitButton pending={fetcher.state !== "idle"} pendingLabel="Sending…" className="sm:w-full">
        Send to the seller
      </SubmitButton>
    </fetcher.Form>
  );
}
