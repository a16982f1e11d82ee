import { SlidersHorizontal, X } from "lucide-react";
import { type ReactNode, useCallback, useEffect } from "react";

// The faceted searches' filter column (new cars, used cars): a left column on desktop, a bottom
// sheet on phones opened by a "Filters" toggle. The toggle is a checkbox, so the sheet opens and
// closes without scripts; once they run, Escape and a press beside the sheet close it too.

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

/** Closes the phone sheet (for a form's submit handler); Escape closes it while mounted. */
export function useFilterSheet(toggleId: string): () => void {
  const close = useCallback(() => {
    const toggle = document.getElementById(toggleId) as HTMLInputElement | null;
    if (toggle) toggle.checked = false;
  }, [toggleId]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const toggle = document.getElementById(
        toggleId,
      ) as HTMLInputElement | null;
      if (event.key === "Escape" && toggle?.checked) toggle.checked = false;
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [toggleId]);
  return close;
}

/** The form's own classes: a sheet from the bottom on phones, the plain column from lg. */
export const filterSheetFormClass =
  "absolute inset-x-0 bottom-0 flex max-h-[88dvh] flex-col rounded-t-2xl bg-white shadow-2xl lg:static lg:max-h-none lg:rounded-none lg:bg-transparent lg:shadow-none dark:bg-slate-900 lg:dark:bg-transparent";

/**
 * The toggle, the panel and its backdrop around the filter form (`children`, a form using
 * filterSheetFormClass whose first child is FilterSheetHeader).
 */
export function FilterSheet({
  toggleId,
  panelId,
  activeCount,
  onClose,
  children,
}: {
  toggleId: string;
  panelId: string;
  activeCount: number;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <div>
      <input
        type="checkbox"
        id={toggleId}
        className="peer sr-only lg:hidden"
        aria-label="Show filters"
        aria-controls={panelId}
      />
      <label
        htmlFor={toggleId}
        className="btn-secondary w-full cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-primary-500 peer-focus-visible:ring-offset-2 lg:hidden"
      >
        <SlidersHorizontal
          className="size-5"
          strokeWidth={1.75}
          aria-hidden="true"
        />
        Filters{activeCount > 0 ? ` (${activeCount})` : ""}
      </label>
      <div
        id={panelId}
        className="fixed inset-0 z-[1600] hidden bg-slate-950/50 peer-checked:block lg:static lg:z-auto lg:block lg:bg-transparent"
      >
        {/* The backdrop: a press beside the sheet closes it once scripts run (the sheet's close button works without). Not a
            label of the toggle: a label tied to a control is never hidden from assistive technology. */}
        <div
          className="absolute inset-0 cursor-pointer lg:hidden"
          aria-hidden="true"
          onClick={onClose}
        />
        {children}
      </div>
    </div>
  );
}

/** The sheet's title bar on phones (with its no-script close button) and the column's heading. */
export function FilterSheetHeader({ toggleId }: { toggleId: string }) {
  return (
    <>
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 lg:hidden dark:border-slate-800">
        <h2 className="text-lg font-bold">Filters</h2>
        <label
          htmlFor={toggleId}
          className="cursor-pointer rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <X className="size-5" strokeWidth={1.75} aria-hidden="true" />
          <span className="sr-only">Close filters</span>
        </label>
      </div>
      <h2 className="sr-only lg:not-sr-only lg:mb-3 lg:text-lg lg:font-bold">
        Filters
      </h2>
    </>
  );
}
