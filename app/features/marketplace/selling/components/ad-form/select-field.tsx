import type { ReactNode, Ref } from "react";
import { Field, fieldId } from "~/ui/form";

// A select with its label, hint and message, wired like the form primitives' text fields.

export function SelectField({
  label,
  name,
  value,
  error,
  hint,
  optional,
  placeholder = "Choose…",
  options,
  children,
  onChange,
  selectRef,
}: {
  label: string;
  name: string;
  value: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
  /** Options of its own (optgroups), instead of `options`. */
  children?: ReactNode;
  onChange?: (value: string) => void;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  return (
    <Field id={fieldId(name)} label={label} hint={hint} error={error} optional={optional}>
      {(control) => (
        <select
          {...control}
          ref={selectRef}
          name={name}
          defaultValue={value}
          required={!optional}
          onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
          className="input"
        >
          <option value="">{placeholder}</option>
          {options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
      )}
    </Field>
  );
}

/** A record of labels as select options, in the record's order. */
export const labelledOptions = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
