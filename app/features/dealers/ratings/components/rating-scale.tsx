import { FieldError } from "~/ui/form";
import { RATING_MAX, RATING_MIN } from "../rating-rules";

// A score from 1 to 5 as five radio buttons drawn as one segmented row: a native radio group
// (arrow keys move, one tab stop), each number a 44 px target. The first radio carries the
// field's id, so the error summary's link lands on the group.

const scores = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

export function RatingScale({ id, name, legend, hint, value, error }: { id: string; name: string; legend: string; hint: string; value?: string; error?: string }) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(" ")} className="min-w-0">
      <legend className="text-base font-bold text-slate-900 dark:text-slate-100">{legend}</legend>
      <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      <div className="mt-2 grid max-w-sm grid-cols-5 gap-1.5">
        {scores.map((n) => (
          <label key={n} className="relative block">
            <input
              id={n === RATING_MIN ? id : `${id}-${n}`}
              type="radio"
              name={name}
              value={String(n)}
              defaultChecked={value === String(n)}
              required
              aria-invalid={error ? true : undefined}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={`tabular flex h-11 cursor-pointer items-center justify-center rounded-[var(--radius-control)] border text-base font-semibold transition-colors peer-checked:border-primary-600 peer-checked:bg-primary-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-primary-500 peer-focus-visible:ring-offset-2 dark:peer-focus-visible:ring-offset-slate-900 ${error ? "border-red-600" : "border-slate-300 dark:border-slate-700"} bg-white text-slate-800 hover:border-primary-500 dark:bg-slate-900 dark:text-slate-200`}
            >
              {n}
            </span>
            <span className="sr-only">{`${n} out of ${RATING_MAX}`}</span>
          </label>
        ))}
      </div>
      <p className="mt-1 flex max-w-sm justify-between text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">
        <span>1 · very poor</span>
        <span>5 · excellent</span>
      </p>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
