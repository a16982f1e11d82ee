import type { useFetcher } from "react-router";
import { REPORTS_READ_BY_A_PERSON } from "~/lib/report-rules";
import { FieldError, FormSuccess, SubmitButton } from "~/ui/form";
import { reportReasons } from "../../../../../db/schema/vocabulary";
import { type ReportAnswer, SCRIPTED_FIELD } from "../ad-actions";
import { REPORT_DETAILS_MAX } from "../../ad-form-rules";
import { reportReasonLabels } from "../../vocabulary";
import { useHydrated } from "~/ui/use-hydrated";

// The report form, plain (inside the no-script section) or through a fetcher (inside the dialog).
// Reports come from accounts: the plain form's action sends a visitor to the login page and back.


export function ReportForm({ answer, fetcher, idPrefix }: { answer: ReportAnswer | undefined; fetcher?: ReturnType<typeof useFetcher>; idPrefix: string }) {
  const hydrated = useHydrated();
  if (answer?.ok) return <FormSuccess className="mt-3">{answer.message}</FormSuccess>;
  const failure = answer && !answer.ok ? answer : undefined;
  const FormTag = fetcher ? fetcher.Form : "form";
  return (
    <FormTag method="post" className="mt-3 space-y-4" aria-label="Report this ad">
      <p className="text-sm text-slate-700 dark:text-slate-300">{REPORTS_READ_BY_A_PERSON}</p>
      <input type="hidden" name="intent" value="report" />
      {hydrated ? <input type="hidden" name={SCRIPTED_FIELD} value="1" /> : null}
      {failure?.formError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {failure.formError}
        </p>
      ) : null}
      <fieldset aria-describedby={failure?.fieldErrors?.reason ? `${idPrefix}-reason-error` : undefined}>
        <legend className="text-sm font-semibold">What is wrong with this ad?</legend>
        <div className="mt-2 space-y-2">
          {reportReasons.map((reason) => (
            <label key={reason} className="flex items-center gap-2 text-sm">
              <input type="radio" name="reason" value={reason} defaultChecked={failure?.values.reason === reason} className="size-4 accent-primary-600" required />
              {reportReasonLabels[reason]}
            </label>
          ))}
        </div>
        <FieldError id={`${idPrefix}-reason-error`} message={failure?.fieldErrors?.reason} />
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={`${idPrefix}-details`} className="block text-sm font-semibold">
          Details <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <textarea
          id={`${idPrefix}-details`}
          name="details"
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          defaultValue={failure?.values.details}
          aria-invalid={failure?.fieldErrors?.details ? true : undefined}
          className="input min-h-20 resize-y"
        />
        <FieldError message={failure?.fieldErrors?.details} />
      </div>
      <SubmitButton pending={fetcher ? fetcher.state !== "idle" : false} pendingLabel="Sending…" className="btn-secondary">
        Send the report
      </SubmitButton>
    </FormTag>
  );
}
