import { Form, Link, useNavigation } from "react-router";
import { FieldError, type FieldErrors, FormErrorSummary, FormSuccess, SubmitButton } from "~/ui/form";

// "Report this review" or "report this rating": a reason and optional details. A plain form; the
// answer (thanks, or the messages under the fields) is the page itself.

type ReportField = "reason" | "details";
export type ReportAnswer =
  | { ok: true; message: string }
  | { ok: false; formError?: string; fieldErrors?: FieldErrors<ReportField>; values: Partial<Record<ReportField, string>> };

export function ReportForm<Reason extends string>({
  answer,
  backPath,
  noun,
  reasons,
  reasonLabels,
  detailsMax,
}: {
  answer: ReportAnswer | undefined;
  backPath: string;
  /** What is reported: "review", "rating". */
  noun: string;
  reasons: readonly Reason[];
  reasonLabels: Record<Reason, string>;
  detailsMax: number;
}) {
  const navigation = useNavigation();
  if (answer?.ok) {
    return (
      <div className="space-y-4">
        <FormSuccess>{answer.message}</FormSuccess>
        <Link to={backPath} className="btn-secondary">
          Back to the {noun}s
        </Link>
      </div>
    );
  }
  const failure = answer && !answer.ok ? answer : undefined;
  const errors = failure?.fieldErrors ?? {};
  return (
    <Form method="post" noValidate className="space-y-5">
      <FormErrorSummary formError={failure?.formError} errors={errors} idFor={(name) => (name === "reason" ? `report-reason-${reasons[0]}` : "report-details")} />
      <fieldset aria-describedby={errors.reason ? "report-reason-error" : undefined}>
        <legend className="text-sm font-semibold">What is wrong with this {noun}?</legend>
        <div className="mt-2 space-y-1">
          {reasons.map((reason) => (
            <label key={reason} className="flex min-h-11 items-center gap-3 text-sm">
              <input
                id={`report-reason-${reason}`}
                type="radio"
                name="reason"
                value={reason}
                defaultChecked={failure?.values.reason === reason}
                aria-invalid={errors.reason ? true : undefined}
                className="size-5 shrink-0 accent-primary-600"
              />
              {reasonLabels[reason]}
            </label>
          ))}
        </div>
        <FieldError id="report-reason-error" message={errors.reason} />
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor="report-details" className="block text-sm font-semibold">
          Details <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <textarea
          id="report-details"
          name="details"
          rows={4}
          maxLength={detailsMax}
          defaultValue={failure?.values.details}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? "report-details-error" : "report-details-hint"}
          className="input min-h-24 resize-y"
        />
        <p id="report-details-hint" className="text-sm text-slate-600 dark:text-slate-400">
          Up to {detailsMax} characters. Our team reads every report.
        </p>
        <FieldError id="report-details-error" message={errors.details} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Sending…">
          Send the report
        </SubmitButton>
        <Link to={backPath} className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
