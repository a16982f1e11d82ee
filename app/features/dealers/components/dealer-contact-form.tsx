import { useFetcher } from "react-router";
import { SenderFields } from "~/features/contact/components/sender-fields";
import { CaptchaField } from "~/ui/captcha-field";
import { Field, FormErrorSummary, FormSuccess, SubmitButton, TextAreaField } from "~/ui/form";
import { useCheckedForm } from "~/ui/use-checked-form";
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

const loadSchema = () => import("../dealer-contact-schema").then((module) => module.dealerContactSchema);

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

  const { summaryRef, errors, formError, setCaptchaStatus, onSubmit, onFocus, engaged } = useCheckedForm<DealerContactField>({
    loadSchema,
    values: dealerContactValues,
    captcha,
    failure,
  });
  const values = failure?.values ?? {};

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
      onFocus={onFocus}
      className="mt-4 space-y-4"
      aria-label={`Write to ${dealerName}`}
    >
      {hydrated ? <input type="hidden" name={DEALER_SCRIPTED_FIELD} value="1" /> : null}
      <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} idFor={idFor} />
      <SenderFields idFor={idFor} limits={DEALER_CONTACT_LIMITS} values={values} errors={errors} phoneHint={PHONE_HINT} />
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
      <CaptchaField enabled={captcha} active={engaged} resetKey={fetcher.data ?? pageAnswer} onStatusChange={setCaptchaStatus} />
      <SubmitButton pending={fetcher.state !== "idle"} pendingLabel="Sending…" className="sm:w-full">
        Send to the dealer
      </SubmitButton>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        We pass your message, name, email and phone to {dealerName} so they can answer you, and keep a copy. Nothing else.
      </p>
    </fetcher.Form>
  );
}
