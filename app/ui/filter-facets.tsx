// The facet controls of the faceted searches' filter forms (new cars, used cars, dealers): groups of
// checkboxes or radios and yes-or-no toggles, each choice with its count.

/** "12 345": counts grouped by thousands, the same on the server and in every browser. */
export const groupedCount = (n: number): string =>
  String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

export function FacetCount({ count }: { count: number }) {
  return (
    <span className="tabular ml-auto pl-2 text-xs text-slate-600 dark:text-slate-400">
      {groupedCount(count)}
    </span>
  );
}

export interface FacetChoice {
  value: string;
  label: string;
  /** Results with this value, the other filters applied. */
  count: number;
}

export const filterSectionClass =
  "border-t border-slate-200 pt-4 dark:border-slate-800";
export const filterLegendClass = "float-left mb-2 w-full text-sm font-bold";

/** One multi-choice facet: a checkbox per value with its count (a value with none is greyed, never hidden). */
export function FacetCheckboxGroup({
  idPrefix,
  name,
  legend,
  options,
  selected,
  scroll = false,
}: {
  /** Keeps ids unique per form ("f", "uf"). */
  idPrefix: string;
  name: string;
  legend: string;
  options: readonly FacetChoice[];
  selected: readonly string[];
  /** Long lists (brands, towns) scroll inside the column. */
  scroll?: boolean;
}) {
  return (
    <fieldset className={filterSectionClass}>
      <legend className={filterLegendClass}>{legend}</legend>
      <ul
        className={`clear-both space-y-0.5 ${scroll ? "max-h-60 overflow-y-auto pr-1" : ""}`}
      >
        {options.map((option) => {
          const id = `${idPrefix}-${name}-${option.value}`;
          const checked = selected.includes(option.value);
          return (
            <li key={option.value}>
              <label
                htmlFor={id}
                className={`flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${
                  option.count === 0 && !checked
                    ? "text-slate-600 dark:text-slate-400"
                    : ""
                }`}
              >
                <input
                  id={id}
                  type="checkbox"
                  name={name}
                  value={option.value}
                  defaultChecked={checked}
                  className="size-4 shrink-0 accent-primary-600"
                />
                <span>{option.label}</span>
                <FacetCount count={option.count} />
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** A single-choice facet: a radio per value; the value "" is the "any" choice, shown without a count when it has none. */
export function FacetRadioGroup({
  idPrefix,
  name,
  legend,
  options,
  selected,
}: {
  idPrefix: string;
  name: string;
  legend: string;
  options: readonly { value: string; label: string; count?: number }[];
  selected: string;
}) {
  return (
    <fieldset className={filterSectionClass}>
      <legend className={filterLegendClass}>{legend}</legend>
      <ul className="clear-both space-y-0.5">
        {options.map((option) => {
          const id = `${idPrefix}-${name}-${option.value || "any"}`;
          return (
            <li key={option.value || "any"}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={option.value}
                  defaultChecked={selected === option.value}
                  className="size-4 shrink-0 accent-primary-600"
                />
                <span>{option.label}</span>
                {option.count === undefined ? null : (
                  <FacetCount count={option.count} />
                )}
              </label>
            </li>
          );
        })}
      </ul>
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
