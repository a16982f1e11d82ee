import { CircleAlert } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { type FieldErrors, FormErrorSummary, fieldId, hasErrors, SubmitButton, TextAreaField, TextField, toFieldErrors } from "~/ui/form";
import { useHydrated } from "~/ui/use-hydrated";
import { REVIEW_LIMITS, reviewFormSchema, type ReviewField, type ReviewFormContext, type ReviewValues, reviewValues } from "../review-form-schema";
import { criterionLabels, reviewCriteria, SCORE_MAX, SCORE_MIN } from "../review-scores";
import { ScoreScale } from "~/ui/score-scale";

// The write-a-review form: scores, the owner's car, their words. The browser checks it with the
// shared schema before sending (messages under the fields, the summary focused); the server checks
// again and answers a 400 with the same messages. Editing starts from the stored review.

interface ReviewFormProps {
  modelLabel: string;
  versions: { id: number; name: string }[];
  context: Omit<ReviewFormContext, "versionIds">;
  years: { min: number; max: number };
  values: ReviewValues;
  editing: boolean;
  serverErrors?: FieldErrors<ReviewField>;
  formError?: string;
}

const L = REVIEW_LIMITS;

export function ReviewForm({ modelLabel, versions, context, years, values, editing, serverErrors, formError }: ReviewFormProps) {
  const schema = useMemo(() => reviewFormSchema({ ...context, versionIds: versions.map((v) => v.id) }), [context, versions]);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  const summaryRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<ReviewField> | null>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const errors = clientErrors ?? serverErrors ?? {};

  useEffect(() => {
    if (serverErrors || formError) summaryRef.current?.focus();
  }, [serverErrors, formError]);
  useEffect(() => {
    if (failedSubmits > 0) summaryRef.current?.focus();
  }, [failedSubmits]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = schema.safeParse(reviewValues(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      setClientErrors(toFieldErrors<ReviewField>(result.error));
      setFailedSubmits((n) => n + 1);
      return;
    }
    setClientErrors(null);
  }

  // Once errors show, re-check as the owner types so fixed fields clear (new ones never appear).
  function onChange(event: FormEvent<HTMLFormElement>) {
    if (!hasErrors(errors)) return;
    const result = schema.safeParse(reviewValues(new FormData(event.currentTarget)));
    const now = result.success ? {} : toFieldErrors<ReviewField>(result.error);
    const next: FieldErrors<ReviewField> = {};
    for (const key of Object.keys(errors) as ReviewField[]) if (now[key]) next[key] = now[key];
    setClientErrors(next);
  }

  const sectionClass = "card space-y-6 p-5 sm:p-6";
  const headingClass = "text-lg font-bold";

  return (
    <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-6">
      <FormErrorSummary ref={summaryRef} formError={formError} errors={errors} />

      <section aria-labelledby="scores-heading" className={sectionClass}>
        <div>
          <h2 id="scores-heading" className={headingClass}>
            Your scores
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">From 0 (very poor) to 10 (excellent).</p>
        </div>
        <ScoreScale id={fieldId("overall")} name="overall" min={SCORE_MIN} max={SCORE_MAX} legend={`Overall, how do you rate your ${modelLabel}?`} value={values.overall} error={errors.overall} large />
        <div className="grid gap-6 lg:grid-cols-2">
          {reviewCriteria.map((criterion) => (
            <ScoreScale key={criterion} id={fieldId(criterion)} name={criterion} min={SCORE_MIN} max={SCORE_MAX} legend={criterionLabels[criterion]} value={values[criterion]} error={errors[criterion]} />
          ))}
        </div>
      </section>

      <section aria-labelledby="car-heading" className={sectionClass}>
        <h2 id="car-heading" className={headingClass}>
          Your car
        </h2>
        {versions.length > 0 ? (
          <div className="space-y-1.5">
            <label htmlFor="field-versionId" className="block text-sm font-semibold text-slate-900 dark:text-slate-100">
              Version <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
            </label>
            <select
              id="field-versionId"
              name="versionId"
              defaultValue={values.versionId ?? ""}
              aria-invalid={errors.versionId ? true : undefined}
              aria-describedby={errors.versionId ? "field-versionId-error" : undefined}
              className="input"
            >
              <option value="">I don't know, or it is not listed</option>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
            {errors.versionId ? (
              <p id="field-versionId-error" className="flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-400">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
                <span>{errors.versionId}</span>
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField
            label="Year bought"
            name="yearBought"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            hint={`${years.min} to ${years.max}`}
            defaultValue={values.yearBought}
            error={errors.yearBought}
          />
          <TextField
            label="Kilometres driven"
            name="kilometres"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            hint="By you, roughly"
            defaultValue={values.kilometres}
            error={errors.kilometres}
          />
          <TextField
            label="Owned for (months)"
            name="ownedMonths"
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            hint="So far, or until you sold it"
            defaultValue={values.ownedMonths}
            error={errors.ownedMonths}
          />
        </div>
        <fieldset aria-describedby={errors.recommends ? "field-recommends-error" : undefined}>
          <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">Would you recommend it to a friend?</legend>
          <div className="mt-2 flex gap-6">
            {(["yes", "no"] as const).map((answer) => (
              <label key={answer} className="flex min-h-10 items-center gap-2 text-sm font-medium">
                <input
                  id={answer === "yes" ? "field-recommends" : "field-recommends-no"}
                  type="radio"
                  name="recommends"
                  value={answer}
                  defaultChecked={values.recommends === answer}
                  required
                  aria-invalid={errors.recommends ? true : undefined}
                  className="size-5 accent-primary-600"
                />
                {answer === "yes" ? "Yes" : "No"}
              </label>
            ))}
          </div>
          {errors.recommends ? (
            <p id="field-recommends-error" className="flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-400">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
              <span>{errors.recommends}</span>
            </p>
          ) : null}
        </fieldset>
      </section>

      <section aria-labelledby="words-heading" className={sectionClass}>
        <h2 id="words-heading" className={headingClass}>
          Your review
        </h2>
        <TextField
          label="Title"
          name="title"
          autoComplete="off"
          hint={`A line that sums it up, ${L.titleMin} to ${L.titleMax} characters.`}
          defaultValue={values.title}
          error={errors.title}
        />
        <TextAreaField label="What I like" name="likes" rows={5} hint={`At least ${L.textMin} characters.`} defaultValue={values.likes} error={errors.likes} />
        <TextAreaField
          label="What I dislike"
          name="dislikes"
          rows={5}
          hint={`At least ${L.textMin} characters. Every car has something.`}
          defaultValue={values.dislikes}
          error={errors.dislikes}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your review shows your first name and initial. Please leave out phone numbers, addresses and other personal details.
        </p>
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SubmitButton pending={pending} pendingLabel={editing ? "Saving…" : "Publishing…"}>
          {editing ? "Save my changes" : "Publish my review"}
        </SubmitButton>
        {editing ? <p className="text-sm text-slate-600 dark:text-slate-400">Your new review replaces the one you wrote.</p> : null}
      </div>
    </Form>
  );
}

/** "Delete my review", apart from the form (it must not send the review's fields). */
export function DeleteReviewForm({ modelLabel, reviewsPath }: { modelLabel: string; reviewsPath: string }) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      className="card mt-8 flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between"
      onSubmit={(event) => {
        if (hydrated && !window.confirm(`Delete your review of the ${modelLabel}? This cannot be undone.`)) event.preventDefault();
      }}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Changed your mind? You can delete your review. <Link to={reviewsPath} className="link">Back to the reviews</Link>
      </p>
      <input type="hidden" name="intent" value="delete" />
      <button type="submit" className="btn-secondary text-red-800 dark:text-red-300">
        Delete my review
      </button>
    </Form>
  );
}
