import { FieldError } from "~/ui/form";

// A score (0 to 10 for an owner review, 1 to 5 for a dealer rating) as one radio button per number
// drawn as a segmented row: a native radio group (arrow keys move, one tab stop), each number a
// 40 px or larger target. The first radio carries the field's id, so the error summary's link lands
// on the group. A long scale (more than six numbers) is drawn tighter to fit a phone's width.

export function ScoreScale({
  id,
  name,
  legend,
  hint,
  min,
  max,
  value,
  error,
  large = false,
}: {
  id: string;
  name: string;
  legend: string;
  hint?: string;
  min: number;
  max: number;
  value?: string;
  error?: string;
  /** A bold legend: the scale that matters most on its form. */
  large?: boolean;
}) {
  const scores = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const long = scores.length > 6;
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined} className="min-w-0">
      <legend className={`${large ? "text-base font-bold" : "text-sm font-semibold"} text-slate-900 dark:text-slate-100`}>{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <div className={`mt-2 grid ${long ? "gap-1" : "max-w-sm gap-1.5"}`} style={{ gridTemplateColumns: `repeat(${scores.length}, minmax(0, 1fr))` }}>
        {scores.map((n) => (
          <label key={n} className="relative block">
            <input
              id={n === min ? id : `${id}-${n}`}
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
              className={`tabular flex ${long ? "h-10 text-sm" : "h-11 text-base"} cursor-pointer items-center justify-center rounded-[var(--radius-control)] border font-semibold transition-colors peer-checked:border-primary-600 peer-checked:bg-primary-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-primary-500 peer-focus-visible:ring-offset-2 dark:peer-focus-visible:ring-offset-slate-900 ${error ? "border-red-600" : "border-slate-300 dark:border-slate-700"} bg-white text-slate-800 hover:border-primary-500 dark:bg-slate-900 dark:text-slate-200`}
            >
              {n}
            </span>
            <span className="sr-only">{`${n} out of ${max}`}</span>
          </label>
        ))}
      </div>
      <p className={`mt-1 flex justify-between text-xs text-slate-600 dark:text-slate-400 ${long ? "" : "max-w-sm"}`} aria-hidden="true">
        <span>{min} · very poor</span>
        <span>{max} · excellent</span>
      </p>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
