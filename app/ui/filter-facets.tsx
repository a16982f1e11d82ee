// The facet controls of the faceted searches' filter forms (new cars, used cars, dealers): groups of
// checkboxes or radios and yes-or-no toggles, each choice with its count.
import { groupDigits } from "~/lib/format";

function FacetCount({ count }: { count: number }) {
  return <span className="facet-count">{groupDigits(count)}</span>;
}

export interface FacetChoice {
  value: string;
  label: string;
  /** Results with this value, the other filters applied. */
  count: number;
}

// Named utilities (app.css), as a filter column repeats them a dozen times.
export const filterSectionClass = "filter-section";
export const filterLegendClass = "filter-legend";
/** The small label above a filter's select or box. */
export const filterLabelClass = "filter-label";

// Short names for the row's classes (app.css): a search prints sixty rows or more. For the same
// reason a row's label wraps its box instead of naming it by id, and `facet-row` styles the box
// and the count (the row's one span) without classes of their own.
const rowLabelClass = "facet-row";
const mutedRowClass = "facet-row-muted";

/** A row of a facet group: its box, label and count, whether React renders it or the server prints it. */
export interface FacetRow {
  type: "checkbox" | "radio";
  name: string;
  value: string;
  label: string;
  checked: boolean;
  count: number | undefined;
  labelClass: string;
}

export function checkboxFacetRows(name: string, options: readonly FacetChoice[], selected: readonly string[]): FacetRow[] {
  return options.map((option) => {
    const checked = selected.includes(option.value);
    return {
      type: "checkbox",
      name,
      value: option.value,
      label: option.label,
      checked,
      count: option.count,
      // A value with no results is greyed, never hidden.
      labelClass: option.count === 0 && !checked ? mutedRowClass : rowLabelClass,
    };
  });
}

export function radioFacetRows(name: string, options: readonly { value: string; label: string; count?: number }[], selected: string): FacetRow[] {
  return options.map((option) => ({
    type: "radio",
    name,
    value: option.value,
    label: option.label,
    checked: selected === option.value,
    count: option.count,
    labelClass: rowLabelClass,
  }));
}

/** The rows as React elements: what the browser renders and hydrates. */
export function FacetRowItems({ rows }: { rows: readonly FacetRow[] }) {
  return rows.map((row) => (
    <li key={row.value || "any"}>
      <label className={row.labelClass}>
        <input type={row.type} name={row.name} value={row.value} defaultChecked={row.checked} />
        {row.label}
        {row.count === undefined ? null : <span>{groupDigits(row.count)}</span>}
      </label>
    </li>
  ));
}

/** A group's list. */
function FacetRowList({ className, rows }: { className: string; rows: FacetRow[] }) {
  return (
    <ul className={className}>
      <FacetRowItems rows={rows} />
    </ul>
  );
}

/** A choice of a filter's select. */
export interface SelectChoice {
  value: string;
  label: string;
}

/** A select's options as React elements: what the browser renders and hydrates. */
export function SelectOptionItems({ choices }: { choices: readonly SelectChoice[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}

/** A filter's select, its first choice the "any" one. */
export function ChoiceSelect({ id, name, value, className, choices }: { id: string; name: string; value: string; className: string; choices: readonly SelectChoice[] }) {
  return (
    <select id={id} name={name} defaultValue={value} className={className}>
      <SelectOptionItems choices={choices} />
    </select>
  );
}

/** One multi-choice facet: a checkbox per value with its count (a value with none is greyed, never hidden). */
export function FacetCheckboxGroup({
  name,
  legend,
  options,
  selected,
  scroll = false,
  note,
}: {
  name: string;
  legend: string;
  options: readonly FacetChoice[];
  selected: readonly string[];
  /** Long lists (brands, towns) scroll inside the column. */
  scroll?: boolean;
  /** A line under the choices (what the list leaves out). */
  note?: string;
}) {
  return (
    <fieldset className={filterSectionClass}>
      <legend className={filterLegendClass}>{legend}</legend>
      <FacetRowList className={`clear-both space-y-0.5 ${scroll ? "max-h-60 overflow-y-auto pr-1" : ""}`} rows={checkboxFacetRows(name, options, selected)} />
      {note ? <p className="mt-1 px-1 text-xs text-slate-600 dark:text-slate-400">{note}</p> : null}
    </fieldset>
  );
}

/** A single-choice facet: a radio per value; the value "" is the "any" choice, shown without a count when it has none. */
export function FacetRadioGroup({
  name,
  legend,
  options,
  selected,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string; count?: number }[];
  selected: string;
}) {
  return (
    <fieldset className={filterSectionClass}>
      <legend className={filterLegendClass}>{legend}</legend>
      <FacetRowList className="clear-both space-y-0.5" rows={radioFacetRows(name, options, selected)} />
    </fieldset>
  );
}

/** A yes-or-no filter sent as `name=1`, with its count. */
export function FacetToggle({
  id,
  name,
  label,
  checked,
  count,
}: {
  id: string;
  name: string;
  label: string;
  checked: boolean;
  count: number;
}) {
  return (
    <div className={filterSectionClass}>
      <label
        htmlFor={id}
        className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <input
          id={id}
          type="checkbox"
          name={name}
          value="1"
          defaultChecked={checked}
          className="size-4 shrink-0 accent-primary-600"
        />
        <span>{label}</span>
        <FacetCount count={count} />
      </label>
    </div>
  );
}
