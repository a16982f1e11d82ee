import { useNavigate } from "react-router";
import { FilterSheetForm } from "~/ui/filter-sheet";
import { type FacetChoice, FacetCheckboxGroup, filterLabelClass, filterLegendClass, filterSectionClass } from "~/ui/filter-facets";
import { FilterSortSelect } from "~/ui/filter-sort-select";
import { bodyTypeLabels, fuelLabels } from "~/features/catalogue/types";
import { bodyTypes, drives, fuelTypes, transmissions } from "../../../../db/schema/vocabulary";
import type { BrandOption, FacetCounts } from "../new-car-search.server";
import {
  driveLabels,
  paramLabels,
  powerOptions,
  SEARCH_LIMITS,
  SEARCH_PATH,
  type SearchState,
  searchUrl,
  seatOptions,
  sortLabels,
  searchSorts,
  transmissionLabels,
} from "../search-params";

// The search's rules (zod) load when the visitor first reaches the form, not with the page.
const loadRules = () => import("../schemas");

const SEARCH_FORM_ID = "new-car-search";

/** The facet's options with their counts (values absent from the counts have none). */
const withCounts = (options: { value: string; label: string }[], counts: Record<string, number | undefined>): FacetChoice[] =>
  options.map((o) => ({ ...o, count: counts[o.value] ?? 0 }));

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

  const apply = (fields: [string, string][]) => {
    void loadRules().then(({ parseSearchParams }) => {
      const { state: next } = parseSearchParams(new URLSearchParams(fields));
      return navigate(searchUrl(next), { preventScrollReset: true });
    });
  };

  const resultsLabel = `Show ${total} ${total === 1 ? "model" : "models"}`;
  // The form's key changes with the URL so uncontrolled fields show the new state after navigation.
  const formKey = searchUrl({ ...state, page: 1 });

  return (
    <FilterSheetForm
      id={SEARCH_FORM_ID}
      action={SEARCH_PATH}
      label="Search filters"
      formKey={formKey}
      toggleId="search-filters-open"
      panelId="search-filters-panel"
      activeCount={activeCount}
      resultsLabel={resultsLabel}
      resetTo={searchUrl({ ...state, q: "", brand: [], body: [], fuel: [], transmission: [], drive: [], priceMin: undefined, priceMax: undefined, seats: undefined, powerMin: undefined, budget: undefined, deposit: undefined, page: 1 })}
      apply={apply}
      onFocus={() => void loadRules()}
      onPointerEnter={() => void loadRules()}
    >
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

      <FacetCheckboxGroup
        name="body"
        legend={paramLabels.body}
        options={withCounts(bodyTypes.map((b) => ({ value: b, label: bodyTypeLabels[b] })), counts.body)}
        selected={state.body}
      />

      <fieldset className={filterSectionClass}>
        <legend className={filterLegendClass}>Price (ZAR)</legend>
        <div className="clear-both grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="f-price-min" className={filterLabelClass}>
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
            <label htmlFor="f-price-max" className={filterLabelClass}>
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

      <fieldset className={filterSectionClass}>
        <legend className={filterLegendClass}>On finance (ZAR)</legend>
        <div className="clear-both grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="f-budget" className={filterLabelClass}>
              {paramLabels.budget}
            </label>
            <input id="f-budget" name="budget" inputMode="numeric" autoComplete="off" defaultValue={state.budget ?? ""} placeholder="e.g. 6 500" className="input tabular py-2" />
          </div>
          <div>
            <label htmlFor="f-deposit" className={filterLabelClass}>
              {paramLabels.deposit}
            </label>
            <input id="f-deposit" name="deposit" inputMode="numeric" autoComplete="off" defaultValue={state.deposit ?? ""} placeholder="e.g. 30 000" className="input tabular py-2" />
          </div>
        </div>
      </fieldset>

      <FacetCheckboxGroup
        name="brand"
        legend={paramLabels.brand}
        // Ticked brands first, so they show without scrolling the list.
        options={withCounts(
          [...brands]
            .sort((a, b) => Number(state.brand.includes(b.slug)) - Number(state.brand.includes(a.slug)))
            .map((b) => ({ value: b.slug, label: b.name })),
          counts.brand,
        )}
        selected={state.brand}
        scroll
      />
      <FacetCheckboxGroup
        name="fuel"
        legend={paramLabels.fuel}
        options={withCounts(fuelTypes.map((f) => ({ value: f, label: fuelLabels[f] })), counts.fuel)}
        selected={state.fuel}
      />
      <FacetCheckboxGroup
        name="transmission"
        legend={paramLabels.transmission}
        options={withCounts(transmissions.map((t) => ({ value: t, label: transmissionLabels[t] })), counts.transmission)}
        selected={state.transmission}
      />
      <FacetCheckboxGroup
        name="drive"
        legend={paramLabels.drive}
        options={withCounts(drives.map((d) => ({ value: d, label: driveLabels[d] })), counts.drive)}
        selected={state.drive}
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
    </FilterSheetForm>
  );
}

/** The sort select above the results; part of the filter form through the form attribute. */
export function SortSelect({ state }: { state: SearchState }) {
  return (
    <FilterSortSelect
      id="f-sort"
      formId={SEARCH_FORM_ID}
      value={state.sort}
      sorts={searchSorts}
      labels={sortLabels}
      href={(sort) => searchUrl({ ...state, sort, page: 1 })}
    />
  );
}
