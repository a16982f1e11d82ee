import { SlidersHorizontal, X } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { bodyTypeLabels, fuelLabels } from "~/features/catalogue/types";
import { bodyTypes, drives, fuelTypes, transmissions } from "../../../../db/schema/catalogue";
import type { BrandOption, FacetCounts } from "../new-car-search.server";
import {
  driveLabels,
  paramLabels,
  parseSearchParams,
  powerOptions,
  SEARCH_LIMITS,
  SEARCH_PATH,
  type SearchState,
  searchUrl,
  seatOptions,
  sortLabels,
  searchSorts,
  transmissionLabels,
} from "../schemas";

export const SEARCH_FORM_ID = "new-car-search";
const SHEET_TOGGLE_ID = "search-filters-open";

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function Count({ n }: { n: number | undefined }) {
  return <span className="tabular ml-auto pl-2 text-xs text-slate-600 dark:text-slate-400">{n ?? 0}</span>;
}

interface Option {
  value: string;
  label: string;
}

function CheckboxGroup({
  name,
  legend,
  options,
  selected,
  counts,
  scroll = false,
}: {
  name: string;
  legend: string;
  options: Option[];
  selected: readonly string[];
  counts: Record<string, number | undefined>;
  scroll?: boolean;
}) {
  return (
    <fieldset className="border-t border-slate-200 pt-4 dark:border-slate-800">
      <legend className="float-left mb-2 w-full text-sm font-bold">{legend}</legend>
      <ul className={`clear-both space-y-0.5 ${scroll ? "max-h-64 overflow-y-auto pr-1" : ""}`}>
        {options.map((option) => {
          const id = `f-${name}-${option.value}`;
          const count = counts[option.value] ?? 0;
          const checked = selected.includes(option.value);
          return (
            <li key={option.value}>
              <label
                htmlFor={id}
                className={`flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${
                  count === 0 && !checked ? "text-slate-600 dark:text-slate-400" : ""
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
                <Count n={count} />
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * The filter form: a plain GET form (works without JavaScript, "Apply" submits it). With
 * JavaScript a ticked box or a changed select applies at once, and the URL is written canonically.
 * On phones it is a bottom sheet opened by a "Filters" toggle (a checkbox, so it needs no script).
 */
export function SearchFilters({
  state,
  counts,
  brands,
  total,
  activeCount,
}: {
  state: SearchState;
  counts: FacetCounts;
  brands: BrandOption[];
  total: number;
  activeCount: number;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const pending = navigation.state !== "idle" && navigation.location?.pathname === SEARCH_PATH;

  // Escape closes the phone sheet.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const toggle = document.getElementById(SHEET_TOGGLE_ID) as HTMLInputElement | null;
      if (event.key === "Escape" && toggle?.checked) toggle.checked = false;
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const params = new URLSearchParams();
    for (const [key, value] of data) if (typeof value === "string") params.append(key, value);
    const { state: next } = parseSearchParams(params);
    void navigate(searchUrl(next), { preventScrollReset: true });
  };

  const closeSheet = () => {
    const toggle = document.getElementById(SHEET_TOGGLE_ID) as HTMLInputElement | null;
    if (toggle) toggle.checked = false;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    closeSheet();
    apply(event.currentTarget);
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target instanceof HTMLSelectElement || target.type === "checkbox") apply(event.currentTarget);
  };

  const resultsLabel = `Show ${total} ${total === 1 ? "model" : "models"}`;
  // The form's key changes with the URL so uncontrolled fields show the new state after navigation.
  const formKey = searchUrl({ ...state, page: 1 });

  return (
    <div>
      <input type="checkbox" id={SHEET_TOGGLE_ID} className="peer sr-only lg:hidden" aria-label="Show filters" aria-controls="search-filters-panel" />
      <label
        htmlFor={SHEET_TOGGLE_ID}
        className="btn-secondary w-full cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-primary-500 peer-focus-visible:ring-offset-2 lg:hidden"
      >
        <SlidersHorizontal className="size-5" strokeWidth={1.75} aria-hidden="true" />
        Filters{activeCount > 0 ? ` (${activeCount})` : ""}
      </label>
      <div
        id="search-filters-panel"
        className="fixed inset-0 z-[1600] hidden bg-slate-950/50 peer-checked:block lg:static lg:z-auto lg:block lg:bg-transparent"
      >
        {/* The backdrop: a press beside the sheet closes it once scripts run (the sheet's close button works without). Not a
            label of the toggle: a label tied to a control is never hidden from assistive technology. */}
        <div className="absolute inset-0 cursor-pointer lg:hidden" aria-hidden="true" onClick={closeSheet} />
        <Form
          key={formKey}
          id={SEARCH_FORM_ID}
          method="get"
          action={SEARCH_PATH}
          onSubmit={hydrated ? onSubmit : undefined}
          onChange={hydrated ? onChange : undefined}
          aria-label="Search filters"
          className="absolute inset-x-0 bottom-0 flex max-h-[88dvh] flex-col rounded-t-2xl bg-white shadow-2xl lg:static lg:max-h-none lg:rounded-none lg:bg-transparent lg:shadow-none dark:bg-slate-900 lg:dark:bg-transparent"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 lg:hidden dark:border-slate-800">
            <h2 className="text-lg font-bold">Filters</h2>
            <label htmlFor={SHEET_TOGGLE_ID} className="cursor-pointer rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800">
              <X className="size-5" strokeWidth={1.75} aria-hidden="true" />
              <span className="sr-only">Close filters</span>
            </label>
          </div>
          <h2 className="sr-only lg:not-sr-only lg:mb-3 lg:text-lg lg:font-bold">Filters</h2>

          <div className="flex-1 space-y-4 overflow-y-auto px-4 py-4 lg:overflow-visible lg:p-0">
            <div>
              <label htmlFor="f-q" className="mb-1.5 block text-sm font-bold">
                Brand or model
              </label>
              <input
                id="f-q"
                name="q"
                type="search"
                defaultValue={state.q}
                maxLength={SEARCH_LIMITS.qMax}
                placeholder="e.g. Polo, Citroën"
                className="input py-2"
              />
            </div>

            <CheckboxGroup
              name="body"
              legend={paramLabels.body}
              options={bodyTypes.map((b) => ({ value: b, label: bodyTypeLabels[b] }))}
              selected={state.body}
              counts={counts.body}
            />

            <fieldset className="border-t border-slate-200 pt-4 dark:border-slate-800">
              <legend className="float-left mb-2 w-full text-sm font-bold">Price (ZAR)</legend>
              <div className="clear-both grid grid-cols-2 gap-2">
                <div>
                  <label htmlFor="f-price-min" className="mb-1 block text-xs text-slate-600 dark:text-slate-400">
                    Minimum
                  </label>
                  <input
                    id="f-price-min"
                    name="price_min"
                    inputMode="numeric"
                    autoComplete="off"
                    defaultValue={state.priceMin ?? ""}
                    placeholder="No min"
                    className="input tabular py-2"
                  />
                </div>
                <div>
                  <label htmlFor="f-price-max" className="mb-1 block text-xs text-slate-600 dark:text-slate-400">
                    Maximum
                  </label>
                  <input
                    id="f-price-max"
                    name="price_max"
                    inputMode="numeric"
                    autoComplete="off"
                    defaultValue={state.priceMax ?? ""}
                    placeholder="No max"
                    className="input tabular py-2"
                  />
                </div>
              </div>
            </fieldset>

            <CheckboxGroup
              name="brand"
              legend={paramLabels.brand}
              // Ticked brands first, so they show without scrolling the list.
              options={[...brands]
                .sort((a, b) => Number(state.brand.includes(b.slug)) - Number(state.brand.includes(a.slug)))
                .map((b) => ({ value: b.slug, label: b.name }))}
              selected={state.brand}
              counts={counts.brand}
              scroll
            />
            <CheckboxGroup
              name="fuel"
              legend={paramLabels.fuel}
              options={fuelTypes.map((f) => ({ value: f, label: fuelLabels[f] }))}
              selected={state.fuel}
              counts={counts.fuel}
            />
            <CheckboxGroup
              name="transmission"
              legend={paramLabels.transmission}
              options={transmissions.map((t) => ({ value: t, label: transmissionLabels[t] }))}
              selected={state.transmission}
              counts={counts.transmission}
            />
            <CheckboxGroup
              name="drive"
              legend={paramLabels.drive}
              options={drives.map((d) => ({ value: d, label: driveLabels[d] }))}
              selected={state.drive}
              counts={counts.drive}
            />

            <div className="grid grid-cols-2 gap-2 border-t border-slate-200 pt-4 lg:grid-cols-1 dark:border-slate-800">
              <div>
                <label htmlFor="f-seats" className="mb-1.5 block text-sm font-bold">
                  Seats (at least)
                </label>
                <select id="f-seats" name="seats" defaultValue={state.seats ?? ""} className="input py-2">
                  <option value="">Any</option>
                  {state.seats !== undefined && !(seatOptions as readonly number[]).includes(state.seats) ? (
                    <option value={state.seats}>{state.seats}+</option>
                  ) : null}
                  {seatOptions.map((n) => (
                    <option key={n} value={n}>
                      {n}+ ({counts.seats[n] ?? 0})
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="f-power" className="mb-1.5 block text-sm font-bold">
                  Power (at least)
                </label>
                <select id="f-power" name="power_min" defaultValue={state.powerMin ?? ""} className="input py-2">
                  <option value="">Any</option>
                  {state.powerMin !== undefined && !(powerOptions as readonly number[]).includes(state.powerMin) ? (
                    <option value={state.powerMin}>{state.powerMin}+ kW</option>
                  ) : null}
                  {powerOptions.map((n) => (
                    <option key={n} value={n}>
                      {n}+ kW ({counts.power[n] ?? 0})
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {/* Without JavaScript the sort select above the results belongs to this form (form attribute). */}
          </div>

          <div className="flex items-center gap-3 border-t border-slate-200 px-4 py-3 lg:sticky lg:bottom-0 lg:mt-4 lg:border-0 lg:bg-white lg:px-0 lg:dark:bg-slate-950 dark:border-slate-800">
            <button type="submit" className="btn-primary flex-1" aria-busy={pending || undefined}>
              <span className="lg:hidden">{resultsLabel}</span>
              <span className="hidden lg:inline">Apply filters</span>
            </button>
            <Link to={searchUrl({ ...state, q: "", brand: [], body: [], fuel: [], transmission: [], drive: [], priceMin: undefined, priceMax: undefined, seats: undefined, powerMin: undefined, page: 1 })} className="link text-sm">
              Reset all
            </Link>
          </div>
        </Form>
      </div>
    </div>
  );
}

/** The sort select above the results; part of the filter form through the form attribute. */
export function SortSelect({ state }: { state: SearchState }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="f-sort" className="text-sm font-semibold whitespace-nowrap">
        Sort by
      </label>
      <select
        id="f-sort"
        name="sort"
        form={SEARCH_FORM_ID}
        key={state.sort}
        defaultValue={state.sort}
        className="input w-auto py-1.5 text-sm"
        onChange={
          hydrated
            ? (event) => void navigate(searchUrl({ ...state, sort: event.currentTarget.value as SearchState["sort"], page: 1 }), { preventScrollReset: true })
            : undefined
        }
      >
        {searchSorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" form={SEARCH_FORM_ID} className="btn-secondary px-3 py-1.5">
          Sort
        </button>
      )}
    </div>
  );
}
