import { ArrowLeft, ArrowRight } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { type FieldErrors, FormErrorSummary, hasErrors, SubmitButton, toFieldErrors } from "~/ui/form";
import { type AdDraftStep, isFieldStep, previousStep, stepValues } from "../../ad-draft-steps";

// One step's form: a plain POST to the step's own address (Back and Continue are its two submit
// buttons, so a no-script seller saves either way), checked first in the browser by the step's
// schema, loaded when the seller first touches a field so the page starts without the validation
// library. The server is the authority: its messages (a 400) show under the same fields.

type Rules = typeof import("../../ad-form-schema");
let rulesModule: Promise<Rules> | undefined;
const loadRules = (): Promise<Rules> => (rulesModule ??= import("../../ad-form-schema"));

interface AdStepFormProps {
  step: AdDraftStep;
  /** The server's messages (a 400 answer). */
  serverErrors?: FieldErrors;
  formError?: string;
  continueLabel?: string;
  /** Multipart or not, the step's fields; `errors` are the ones to show now. */
  children: (errors: FieldErrors) => ReactNode;
  /** Shown beside the buttons (the preview's notes). */
  footer?: ReactNode;
}

export function AdStepForm({ step, serverErrors, formError, continueLabel = "Continue", children, footer }: AdStepFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const summaryRef = useRef<HTMLDivElement>(null);
  const rules = useRef<Rules | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const errors = clientErrors ?? serverErrors ?? {};
  const fieldStep = isFieldStep(step) ? step : undefined;

  // A new server answer replaces what the browser found.
  useEffect(() => {
    setClientErrors(null);
    if (hasErrors(serverErrors) || formError) summaryRef.current?.focus();
  }, [serverErrors, formError]);
  useEffect(() => {
    if (failedSubmits > 0) summaryRef.current?.focus();
  }, [failedSubmits]);

  const check = (form: HTMLFormElement): FieldErrors | undefined => {
    if (!fieldStep || !rules.current) return undefined;
    const result = rules.current.adFormSteps[fieldStep].safeParse(stepValues(fieldStep, new FormData(form)));
    return result.success ? {} : toFieldErrors(result.error);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "back" || !fieldStep) return;
    if (!rules.current) {
      // Sent before the rules arrived: check once they are here.
      event.preventDefault();
      const form = event.currentTarget;
      void loadRules().then(
        (module) => {
          rules.current = module;
          form.requestSubmit(submitter ?? undefined);
        },
        () => form.submit(),
      );
      return;
    }
    const found = check(event.currentTarget);
    if (found && hasErrors(found)) {
      event.preventDefault();
      setClientErrors(found);
      setFailedSubmits((n) => n + 1);
    }
  }

  // Once messages show, re-check as the seller types so fixed fields clear (new ones never appear).
  function onChange(event: FormEvent<HTMLFormElement>) {
    if (!hasErrors(errors)) return;
    const now = check(event.currentTarget);
    if (!now) return;
    const next: FieldErrors = {};
    for (const key of Object.keys(errors)) if (now[key]) next[key] = now[key];
    setClientErrors(next);
  }

  const back = previousStep(step);
  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={() => {
        if (fieldStep && !rules.current) void loadRules().then((m) => (rules.current = m), () => undefined);
      }}
      className="space-y-6"
    >
      <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} />
      {children(errors)}
      {footer}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        {back ? (
          <button type="submit" name="intent" value="back" className="btn-secondary w-full sm:w-auto" disabled={Boolean(submitting)}>
            <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={1.75} />
            Back
          </button>
        ) : (
          <span />
        )}
        <SubmitButton name="intent" value={step === "preview" ? "publish" : "continue"} pending={submitting === "continue" || submitting === "publish"} pendingLabel="Saving…">
          <span className="inline-flex items-center gap-2">
            {continueLabel}
            {step === "preview" ? null : <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.75} />}
          </span>
        </SubmitButton>
      </div>
    </Form>
  );
}
