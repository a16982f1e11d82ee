import { ArrowLeft } from "lucide-react";
import { type FormEvent, useEffect, useReducer, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type CaptchaStatus, CaptchaField } from "~/ui/captcha-field";
import { type FieldErrors, fieldId, FormErrorSummary, SubmitButton } from "~/ui/form";
import { ModalDialog } from "~/ui/modal-dialog";
import type { LeadPopupPrefill } from "../lead-events";
import { readLeadVisit } from "../lead-events";
import { carriedLeadFields, checkLeadStep, type LeadAnswer, readLeadStep } from "../lead-draft";
import { initialLeadPopupState, LAST_LEAD_STEP, LEAD_STEPS, leadPopupReducer } from "../lead-steps";
import { LeadConfirmation } from "./lead-confirmation";
import { LeadStepFields } from "./lead-step-fields";
import { useLeadBrands } from "./use-lead-brands";

// The lead popup (loaded on the first press of the floating button or a "Get offers" link). The
// step machine is lead-steps.ts; each step is a small form checked with its schema before going on;
// the last posts every answer with the visit's attribution to /trouver-mon-vehicule.

const LEAD_PAGE_PATH = "/trouver-mon-vehicule";
const ID_PREFIX = "lead-popup";
const HEADING_ID = "lead-popup-step-heading";

export interface LeadPopupRequest {
  /** Counts the presses, so pressing again while the popup is open (or after) reopens it. */
  generation: number;
  prefill: LeadPopupPrefill;
}

type PostAnswer = { answer: LeadAnswer };

export default function LeadPopup({ request, captcha }: { request: LeadPopupRequest; captcha: boolean }) {
  const [state, dispatch] = useReducer(leadPopupReducer, undefined, initialLeadPopupState);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<Extract<LeadAnswer, { ok: true }> | null>(null);
  const [captchaStatus, setCaptchaStatus] = useState<CaptchaStatus>("idle");
  const [failedChecks, setFailedChecks] = useState(0);
  const fetcher = useFetcher<PostAnswer>({ key: "lead-popup" });
  const summaryRef = useRef<HTMLDivElement>(null);
  const handled = useRef<PostAnswer | undefined>(undefined);

  useEffect(() => {
    const { car_condition, wanted } = request.prefill;
    dispatch({ type: "show", prefill: { fields: car_condition ? { car_condition } : {}, wanted: wanted?.length ? wanted : undefined } });
  }, [request]);

  // The pickers need the brand list; fetch it as soon as the popup opens.
  const brands = useLeadBrands(state.visible);

  // Focus moves to each step's heading (and to the confirmation's).
  useEffect(() => {
    if (!state.visible) return;
    const frame = requestAnimationFrame(() => document.getElementById(HEADING_ID)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [state.step, state.visible, sent]);

  useEffect(() => {
    if (failedChecks > 0) summaryRef.current?.focus();
  }, [failedChecks]);

  // The server's answer: the confirmation, or its messages on the first step with an error.
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    const answer = data.answer;
    if (answer.ok) {
      setSent(answer);
      setErrors({});
      setFormError(undefined);
    } else {
      dispatch({ type: "go", step: answer.step });
      setErrors(answer.fieldErrors);
      setFormError(answer.formError);
      setFailedChecks((n) => n + 1);
    }
  }, [fetcher.state, fetcher.data]);

  function onOpenChange(open: boolean) {
    if (open) return;
    dispatch({ type: "hide" });
    setErrors({});
    setFormError(undefined);
    if (sent) {
      dispatch({ type: "reset" });
      setSent(null);
    }
  }

  function onBack(form: HTMLFormElement | null) {
    if (form) dispatch({ type: "answer", draft: readLeadStep(state.step, new FormData(form)) });
    setErrors({});
    setFormError(undefined);
    dispatch({ type: "back" });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answers = readLeadStep(state.step, form);
    const draft = { fields: { ...state.draft.fields, ...answers.fields }, wanted: answers.wanted ?? state.draft.wanted };
    dispatch({ type: "answer", draft: answers });
    const stepErrors = checkLeadStep(state.step, draft);
    if (stepErrors) {
      setErrors(stepErrors);
      setFormError(undefined);
      setFailedChecks((n) => n + 1);
      return;
    }
    setErrors({});
    setFormError(undefined);
    if (state.step < LAST_LEAD_STEP) {
      dispatch({ type: "next" });
      return;
    }
    if (captcha && captchaStatus !== "verified") {
      setFormError(
        captchaStatus === "error"
          ? "We could not check that you are human. Choose “Try again” below, then send your request."
          : "Please wait a moment: we are still checking that you are human.",
      );
      setFailedChecks((n) => n + 1);
      return;
    }
    const post = new FormData();
    for (const [name, value] of carriedLeadFields(draft, LAST_LEAD_STEP)) if (!name.startsWith("utm_") && name !== "referrer" && name !== "source_path") post.append(name, value);
    for (const [name, value] of Object.entries(answers.fields ?? {})) post.append(name, value ?? "");
    const altcha = form.get("altcha");
    if (typeof altcha === "string") post.append("altcha", altcha);
    const visit = readLeadVisit();
    post.append("source_path", `${window.location.pathname}${window.location.search}`);
    post.append("referrer", visit.referrer ?? "");
    for (const name of ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const) post.append(name, visit[name] ?? "");
    fetcher.submit(post, { method: "post", action: LEAD_PAGE_PATH });
  }

  const step = LEAD_STEPS[state.step];
  const pending = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);

  return (
    <ModalDialog
      open={state.visible}
      onOpenChange={onOpenChange}
      title="We help you find your vehicle"
      titleClassName="pr-8 text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300"
      description={sent ? "Your request is on its way." : `Step ${state.step + 1} of ${LEAD_STEPS.length}. Tell us what you want; dealers send you their offers.`}
      descriptionClassName="mt-1 text-sm text-slate-600 dark:text-slate-400"
      initialFocus={`#${HEADING_ID}`}
      overlayTestId="lead-popup-overlay"
      contentClassName="offer-transition sm:max-w-[560px]"
    >
      {sent ? (
        <LeadConfirmation answer={sent} headingId={HEADING_ID} onClose={() => onOpenChange(false)} />
      ) : (
        <div className="mt-4">
          <ol className="flex gap-1.5" aria-hidden="true">
            {LEAD_STEPS.map((s) => (
              <li key={s.number} className={`h-1.5 flex-1 rounded-full ${s.number <= state.step ? "bg-primary-600 dark:bg-primary-400" : "bg-slate-200 dark:bg-slate-700"}`} />
            ))}
          </ol>
          <h3 id={HEADING_ID} tabIndex={-1} lang={step.lang} className="mt-5 text-2xl font-extrabold tracking-tight focus:outline-none">
            {step.title}
          </h3>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{step.subtitle}</p>
          <form
            key={`${request.generation}-${state.step}`}
            ref={formRef}
            noValidate
            onSubmit={onSubmit}
            className="mt-5 space-y-5"
            data-testid="lead-popup-form"
            data-step={state.step}
          >
            <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} idFor={(name) => fieldId(name, ID_PREFIX)} />
            <LeadStepFields
              step={state.step}
              draft={state.draft}
              errors={errors}
              brands={brands}
              idPrefix={ID_PREFIX}
            />
            {state.step === LAST_LEAD_STEP ? <CaptchaField enabled={captcha} resetKey={fetcher.data} onStatusChange={setCaptchaStatus} /> : null}
            <div className="flex flex-wrap-reverse items-center justify-between gap-3 pt-2">
              {state.step > 0 ? (
                <button type="button" className="btn-secondary" onClick={() => onBack(formRef.current)}>
                  <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={1.75} />
                  Back
                </button>
              ) : (
                <span />
              )}
              <SubmitButton pending={pending} pendingLabel="Sending…" className="sm:ml-auto">
                {state.step === LAST_LEAD_STEP ? "Send my request" : "Next"}
              </SubmitButton>
            </div>
          </form>
        </div>
      )}
    </ModalDialog>
  );
}
