import { FieldError, fieldId } from "~/ui/form";
import { SCORE_MAX, SCORE_MIN } from "../review-scores";

// A score from 0 to 10 as eleven radio buttons drawn as one segmented row: a native radio group
// (arrow keys move, one tab stop), each number a 40 px high target. The first radio carries the
// field's id, so the error summary's link lands on the group.

const scores = Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => SCORE_MIN + i);

export function ScoreScale({ name, legend, value, error, large = false }: { name: string; legend: string; value?: string; error?: string; large?: boolean }) {
  const id = fieldId(name);
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId} className="min-w-0">
      <legend className={`${large ? "text-base font-bold" : "text-sm font-semibold"} text-slate-900 dark:text-slate-100`}>{legend}</legend>
      <div className="mt-2 grid grid-cols-11 gap-1">
        {scores.map((n) => (
          <label key={n} className="relative block">
            <input
              id={n === SCORE_MIN ? id : `${id}-${n}`}
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
              className={`tabular flex h-10 cursor-pointer items-center justify-center rounded-[var(--radius-control)] border text-sm font-semibold transition-colors peer-checked:border-primary-600 peer-checked:bg-primary-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-primary-500 peer-focus-visible:ring-offset-2 dark:peer-focus-visible:ring-offset-slate-900 ${error ? "border-red-600" : "border-slate-300 dark:border-slate-700"} bg-white text-slate-800 hover:border-primary-500 dark:bg-slate-900 dark:text-slate-200`}
            >
              {n}
            </span>
            <span className="sr-only">{`${n} out of ${SCORE_MAX}`}</span>
          </label>
        ))}
      </div>
      <p className="mt-1 flex justify-between text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">
        <span>0 · very poor</span>
        <span>10 · excellent</span>
      </p>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
