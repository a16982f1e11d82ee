import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from "react";
import type { ZodError } from "zod";

// Shared form primitives (ui.md "Forms"): label above, hint below, error below in red with an
// icon, wired with aria-invalid and aria-describedby; an error summary; a pending submit button.

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message of each top-level field of a zod error, for display under the fields. */
export function toFieldErrors<K extends string = string>(error: ZodError): FieldErrors<K> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "";
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out as FieldErrors<K>;
}

/**
 * The messages of a failed action answer (`{ ok: false, fieldErrors?, formError? }`), for the
 * form that shows them; none for a success or no answer yet.
 */
export function failureMessages<K extends string>(answer: unknown): { fieldErrors: FieldErrors<K>; formError?: string } {
  if (!answer || typeof answer !== "object" || (answer as { ok?: unknown }).ok !== false) return { fieldErrors: {} };
  const failure = answer as { fieldErrors?: FieldErrors<K>; formError?: string };
  return { fieldErrors: failure.fieldErrors ?? {}, formError: failure.formError };
}

export function hasErrors(errors: FieldErrors | undefined | null): boolean {
  return !!errors && Object.values(errors).some(Boolean);
}

function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

export function fieldId(name: string, prefix = "field"): string {
  return `${prefix}-${name}`;
}

interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ id, label, hint, error, optional, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900 dark:text-slate-100">
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-600 dark:text-slate-400">(optional)</span> : null}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
      <span>{message}</span>
    </p>
  );
}

type CommonFieldProps = {
  label: ReactNode;
  name: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  /** Defaults to `field-<name>`; set it when two forms on one page share a field name. */
  id?: string;
  fieldClassName?: string;
};

export function TextField({
  label,
  name,
  hint,
  error,
  optional,
  id,
  fieldClassName,
  className,
  ...input
}: CommonFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & { ref?: Ref<HTMLInputElement> }) {
  // type="text" spelt out when none is given: autocomplete tokens such as "name" belong to text
  // controls (WCAG 1.3.5), and checkers reading the attribute find none on a bare input.
  return (
    <Field id={id ?? fieldId(name)} label={label} hint={hint} error={error} optional={optional} className={fieldClassName}>
      {(control) => <input name={name} type="text" required={!optional} {...input} {...control} className={cx("input", className)} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  name,
  hint,
  error,
  optional,
  id,
  fieldClassName,
  className,
  ...textarea
}: CommonFieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name"> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <Field id={id ?? fieldId(name)} label={label} hint={hint} error={error} optional={optional} className={fieldClassName}>
      {(control) => (
        <textarea name={name} required={!optional} rows={6} {...textarea} {...control} className={cx("input min-h-32 resize-y", className)} />
      )}
    </Field>
  );
}

interface FormErrorSummaryProps {
  /** A message about the whole form (rate limit, captcha, server trouble). */
  formError?: string;
  errors?: FieldErrors;
  /** Field name → element id, for the links that jump to each field. */
  idFor?: (name: string) => string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * Lists what to fix, each item linking to its field. Focus it after a failed submit
 * (it has tabIndex -1) so keyboard and screen reader users start from the list.
 */
export function FormErrorSummary({ formError, errors, idFor = (n) => fieldId(n), ref }: FormErrorSummaryProps) {
  const items = Object.entries(errors ?? {}).filter((entry): entry is [string, string] => !!entry[1]);
  if (!formError && items.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-[var(--radius-control)] border border-red-300 bg-red-50 p-4 text-sm text-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <p className="flex items-start gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
        <span>{formError ?? "Please correct the following:"}</span>
      </p>
      {items.length > 0 ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-8">
          {items.map(([name, message]) => (
            <li key={name}>
              <a
                href={`#${idFor(name)}`}
                className="inline-block py-1 underline underline-offset-2"
                onClick={(event) => {
                  // Focus the control itself: following the anchor only scrolls to it.
                  const target = document.getElementById(idFor(name));
                  if (target) {
                    event.preventDefault();
                    target.focus();
                  }
                }}
              >
                {message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A success message that screen readers announce (role=status) and that works without JS. */
export function FormSuccess({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={cx(
        "flex items-start gap-2 rounded-[var(--radius-control)] border border-green-300 bg-green-50 p-4 text-sm font-medium text-green-900 dark:border-green-900 dark:bg-green-950/40 dark:text-green-200",
        className,
      )}
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
      <div>{children}</div>
    </div>
  );
}

export function SubmitButton({
  pending = false,
  pendingLabel,
  children,
  className,
  disabled,
  ...button
}: { pending?: boolean; pendingLabel?: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="submit" {...button} disabled={pending || disabled} aria-busy={pending || undefined} className={cx("btn-primary w-full sm:w-auto", className)}>
      {pending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" strokeWidth={1.75} /> : null}
      <span>{pending ? (pendingLabel ?? children) : children}</span>
    </button>
  );
}
