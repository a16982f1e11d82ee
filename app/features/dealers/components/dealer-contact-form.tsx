import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type CaptchaStatus, CaptchaField } from "~/ui/captcha-field";
import { type FieldErrors, Field, FormErrorSummary, FormSuccess, SubmitButton, TextAreaField, TextField, toFieldErrors } from "~/ui/form";
import { useHydrated } from "~/ui/use-hydrated";
import {
  DEALER_CONTACT_LIMITS,
  DEALER_SCRIPTED_FIELD,
  type DealerContactAnswer,
  type DealerContactField,
  type DealerContactTopic,
  dealerContactSuccess,
  dealerContactTopicLabels,
  dealerContactValues,
} from "../dealer-contact";

// "Write to the dealer": a POST to the dealer page. Without scripts the page answers with the form
// and its messages (400), or a redirect to the page saying the message went; with scripts a
// fetcher sends it, checked first in the browser by the same schema (loaded on the first focus).

type SchemaModule = typeof import("../dealer-contact-schema");
const loadSchema = (): Promise<SchemaModule> => import("../dealer-contact-schema");

const PHONE_HINT = "South African number, for example 082 123 4567. Only if you want the dealer to call you.";
const idFor = (name: string) => `dealer-contact-${name}`;

function isAnswer(value: unknown): value is DealerContactAnswer {
  return !!value && typeof value === "object" && typeof (value as { ok?: unknown }).ok === "boolean";
}

export function DealerContactForm({
  dealerName,
  topics,
  captcha,
  pageAnswer,
  sentWithoutScripts,
}: {
  dealerName: string;
  topics: DealerContactTopic[];
  captcha: boolean;
  /** The page's action answer (a no-script POST). */
  pageAnswer: unknown;
  /** The no-script send succeeded (the page was reached by the redirect after it). */
  sentWithoutScripts: boolean;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const answer = isAnswer(fetcher.data) ? fetcher.data : isAnswer(pageAnswer) ? pageAnswer : undefined;
  const failure = answer && !answer.ok ? answer : undefined;
  const sent = answer?.ok === true || (sentWithoutScripts && !answer);

  const summaryRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<DealerContactField> | null>(null);
  const [clientFormError, setClientFormError] = useState<string>();
  const [failedSubmits, setFailedSubmits] = useState(0);
  const [captchaStatus, setCaptchaStatus] = useState<CaptchaStatus>("idle");
  const rules = useRef<SchemaModule | null>(null);
  const loadRules = () =>
    loadSchema().then((module) => {
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
      void loadRules().then(
        () => form.requestSubmit(),
        () => form.submit(),
      );
      return;
    }
    const result = rules.current.dealerContactSchema.safeParse(dealerContactValues(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      setClientFormError(undefined);
      setClientErrors(toFieldErrors<DealerContactField>(result.error));
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
        <p>{dealerContactSuccess(dealerName)}</p>
      </FormSuccess>
    );
  }

  return (
    <fetcher.Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void (rules.current ? undefined : loadRules().catch(() => {}))}
      className="mt-4 space-y-4"
      aria-label={`Write to ${dealerName}`}
    >
      {hydrated ? <input type="hidden" name={DEALER_SCRIPTED_FIELD} value="1" /> : null}
      <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} idFor={idFor} />
      <TextField id={idFor("name")} label="Your name" name="name" autoComplete="name" maxLength={DEALER_CONTACT_LIMITS.name} defaultValue={values.name} error={errors.name} />
      <TextField
        id={idFor("email")}
        label="Your email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={DEALER_CONTACT_LIMITS.email}
        defaultValue={values.email}
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
      <Field id={idFor("topic")} label="About" error={errors.topic}>
        {(control) => (
          <select {...control} name="topic" required defaultValue={values.topic ?? ""} className="input">
            <option value="" disabled>
              Choose a topic
            </option>
            {topics.map((topic) => (
              <option key={topic} value={topic}>
                {dealerContactTopicLabels[topic]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextAreaField
        id={idFor("message")}
        label="Message"
        name="message"
        rows={5}
        maxLength={DEALER_CONTACT_LIMITS.messageMax}
        hint={`Between ${DEALER_CONTACT_LIMITS.messageMin} and ${DEALER_CONTACT_LIMITS.messageMax} characters.`}
        defaultValue={values.message}
        error={errors.message}
      />
      <CaptchaField enabled={captcha} resetKey={fetcher.data ?? pageAnswer} onStatusChange={setCaptchaStatus} />
      <SubmitButton pending={fetcher.state !== "idle"} pendingLabel="Sending…" className="sm:w-full">
        Send to the dealer
      </SubmitButton>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        We pass your message, name, email and phone to {dealerName} so they can answer you, and keep a copy. Nothing else.
      </p>
    </fetcher.Form>
  );
}
