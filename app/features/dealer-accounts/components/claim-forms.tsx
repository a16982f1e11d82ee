import { Form, useNavigation } from "react-router";
import { FormErrorSummary, FormSuccess, SubmitButton, TextAreaField, TextField } from "~/ui/form";
import { useCheckedForm } from "~/ui/use-checked-form";
import type { ClaimAnswer, ClaimIntent } from "../claim-page.server";
import { CLAIM_REVIEW_LIMITS, type ClaimReviewField, claimCodeSchema, claimReviewSchema } from "../claim-schema";

// The claim page's forms: send the code, type it, or ask a person to check the claim. Plain
// POSTs (React Router's <Form>), so each works before scripts run; the answer is the page itself.

/** The answer when it is this form's. */
export function answerOf(answer: ClaimAnswer | undefined, intent: ClaimIntent): ClaimAnswer | undefined {
  return answer?.intent === intent ? answer : undefined;
}

function pendingIntent(navigation: ReturnType<typeof useNavigation>): string | null {
  return navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
}

export function SendCodeForm({ answer, again }: { answer: ClaimAnswer | undefined; again: boolean }) {
  const navigation = useNavigation();
  const failure = answer && !answer.ok ? answer : undefined;
  return (
    <Form method="post" aria-label={again ? "Send a new code" : "Send the code"} className="space-y-3">
      <input type="hidden" name="intent" value="send" />
      <FormErrorSummary formError={failure?.formError} />
      {again ? (
        <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={pendingIntent(navigation) === "send"}>
          {pendingIntent(navigation) === "send" ? "Sending…" : "Send a new code"}
        </button>
      ) : (
        <SubmitButton pending={pendingIntent(navigation) === "send"} pendingLabel="Sending…">
          Send the code
        </SubmitButton>
      )}
    </Form>
  );
}

export function CodeForm({ answer }: { answer: ClaimAnswer | undefined }) {
  const navigation = useNavigation();
  const failure = answer && !answer.ok ? answer : undefined;
  const { summaryRef, errors, formError, onSubmit } = useCheckedForm<"code">({
    schema: claimCodeSchema,
    values: (form) => ({ code: String(form.get("code") ?? "") }),
    captcha: false,
    failure,
  });
  return (
    <Form method="post" noValidate onSubmit={onSubmit} aria-label="Type the code" className="space-y-4">
      <input type="hidden" name="intent" value="verify" />
      <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} />
      <TextField
        label="The six-digit code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        defaultValue={failure?.values.code}
        error={errors.code}
        className="tabular max-w-48 text-lg tracking-[0.3em]"
      />
      <SubmitButton pending={pendingIntent(navigation) === "verify"} pendingLabel="Checking…">
        Confirm the code
      </SubmitButton>
    </Form>
  );
}

const reviewFieldId = (name: string) => `claim-${name}`;

export function ReviewRequestForm({ answer }: { answer: ClaimAnswer | undefined }) {
  const navigation = useNavigation();
  const failure = answer && !answer.ok ? answer : undefined;
  const { summaryRef, errors, formError, onSubmit } = useCheckedForm<ClaimReviewField>({
    schema: claimReviewSchema,
    values: (form) => ({ role: String(form.get("role") ?? ""), phone: String(form.get("phone") ?? ""), message: String(form.get("message") ?? "") }),
    captcha: false,
    failure,
  });
  if (answer?.ok) return <FormSuccess>{answer.message}</FormSuccess>;
  const values = failure?.values ?? {};
  return (
    <Form method="post" noValidate onSubmit={onSubmit} aria-label="Ask our team to check your claim" className="space-y-4">
      <input type="hidden" name="intent" value="review" />
      <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} idFor={reviewFieldId} />
      <TextField
        id={reviewFieldId("role")}
        label="Your role at the dealership"
        name="role"
        autoComplete="organization-title"
        maxLength={CLAIM_REVIEW_LIMITS.role}
        hint="For example: dealer principal, sales manager, owner."
        defaultValue={values.role}
        error={errors.role}
      />
      <TextField
        id={reviewFieldId("phone")}
        label="A phone number to call you back"
        name="phone"
        type="tel"
        autoComplete="tel"
        hint="We may call you, or the dealership's listed number, to check."
        defaultValue={values.phone}
        error={errors.phone}
      />
      <TextAreaField
        id={reviewFieldId("message")}
        label="How can we check that you run this dealership?"
        name="message"
        rows={4}
        maxLength={CLAIM_REVIEW_LIMITS.messageMax}
        hint={`For example: the address you can receive mail at, a company registration number, who to ask at the dealership. At least ${CLAIM_REVIEW_LIMITS.messageMin} characters.`}
        defaultValue={values.message}
        error={errors.message}
      />
      <SubmitButton pending={pendingIntent(navigation) === "review"} pendingLabel="Sending…">
        Send to our team
      </SubmitButton>
    </Form>
  );
}
