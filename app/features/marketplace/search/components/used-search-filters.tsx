import { useNavigate } from "react-router";
import { FilterSheetForm } from "~/ui/filter-sheet";
import { ChoiceSelect, FacetCheckboxGroup, FacetRadioGroup, FacetToggle, filterLabelClass, filterLegendClass, filterSectionClass } from "~/ui/filter-facets";
import { FilterSortSelect } from "~/ui/filter-sort-select";
import { useHydrated } from "~/ui/use-hydrated";
import { StaticIsland } from "~/ui/static-island";
import {
  MAX_VEHICLES,
  PRICE_STEPS,
  USED_LIMITS,
  type UsedSearch,
  usedParamLabels,
  usedSearchUrl,
  usedSortLabels,
  usedSorts,
  withoutFilters,
} from "../search-params";
import type { FacetOption } from "../search-view";
import { MARKETPLACE_SEARCH_PATH } from "../../urls";
import { groupDigits } from "~/lib/format";

// The used-car filter form: a plain GET form (works without JavaScript; "Apply" submits it).
// With JavaScript a changed select, box or radio applies at once through a client navigation
// (the URL written canonically, history replaced, focus put back on the control that changed).
// On phones it is a bottom sheet opened by a "Filters" toggle (a checkbox: no script needed).

const USED_FORM_ID = "used-search";
const loadSearchParse = () => import("../search-parse");

interface FilterFacets {
  makes: FacetOption[];
  models: Record<string, FacetOption[]>;
  fuel: FacetOption[];
  transmission: FacetOption[];
  body: FacetOption[];
  drive: FacetOption[];
  colour: FacetOption[];
  province: FacetOption[];
  city: FacetOption[];
  /** Whether the town list leaves towns out (no province chosen). */
  moreCities: boolean;
  seller: FacetOption[];
  photos: number;
  priceMax: FacetOption[];
  kmMax: FacetOption[];
  yearMin: FacetOption[];
}

const n = (count: number) => groupDigits(count);

const sectionClass = filterSectionClass;
const legendClass = filterLegendClass;
const smallLabel = filterLabelClass;

function CheckboxGroup(props: { name: string; legend: string; options: FacetOption[]; selected: readonly string[]; scroll?: boolean; note?: string }) {
  return props.options.length === 0 ? null : <FacetCheckboxGroup {...props} />;
}

function Select({
  id,
  name,
  label,
  value,
  options,
  anyLabel = "Any",
  className = "",
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  anyLabel?: string;
  className?: string;
}) {
  // A value from the URL that is not a listed choice stays selectable.
  const all = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <div className={className}>
      <label htmlFor={id} className={smallLabel}>
        {label}
      </label>
      <ChoiceSelect id={id} name={name} value={value} className="input py-2" choices={[{ value: "", label: anyLabel }, ...all]} />
    </div>
  );
}

const withCount = (o: FacetOption) => ({ value: o.value, label: `${o.label} (${n(o.count)})` });

function VehiclePairs({ search, facets }: { search: UsedSearch; facets: FilterFacets }) {
  // The chosen pairs, then one empty pair to add another (up to three).
  const rows = search.vehicles.length < MAX_VEHICLES ? [...search.vehicles, undefined] : search.vehicles;
  return (
    <fieldset className={sectionClass}>
      <legend className={legendClass}>Make and model</legend>
      <div className="clear-both space-y-3">
        {rows.map((vehicle, i) => {
          const models = vehicle ? (facets.models[vehicle.make] ?? []) : [];
          return (
            <div key={i} className="grid grid-cols-2 gap-2">
              <Select
                id={`uf-make${i + 1}`}
                name={`make${i + 1}`}
                label={i === 0 ? "Make" : `Make ${i + 1}`}
                value={vehicle?.make ?? ""}
                anyLabel={i === 0 ? "Any" : "Add…"}
                options={facets.makes.map(withCount)}
              />
              <Select
                id={`uf-model${i + 1}`}
                name={`model${i + 1}`}
                label={i === 0 ? "Model" : `Model ${i + 1}`}
                value={vehicle?.model ?? ""}
                anyLabel="Any"
                options={models.map(withCount)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The filter form. `total` is the result count, shown on the phone sheet's apply button. Its
 * fields are printed, not hydrated, on the first load: the browser keeps the server's HTML and
 * `facets` is null there (the loader keeps them for printing only). The form's own handlers read
 * the fields from the page, and a new search renders them afresh (an island per search).
 */
export function UsedSearchFilters({ search, facets, total, activeCount }: { search: UsedSearch; facets: FilterFacets | null; total: number; activeCount: number }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();

  const apply = (fields: [string, string][]) => {
    const params = new URLSearchParams(fields);
    // The reading of a search loads with the first change (the page starts without zod); should
    // it fail to load, the form goes as it is and the server writes the address canonically.
    void loadSearchParse().then(
      ({ parseUsedSearch }) => navigate(usedSearchUrl({ ...parseUsedSearch(params).search, page: 1 }), { replace: true, preventScrollReset: true }),
      () => navigate(`${MARKETPLACE_SEARCH_PATH}?${params}`, { replace: true, preventScrollReset: true }),
    );
  };

  // Fetched as soon as a shopper reaches for a filter, so the first change does not wait.
  const preloadSearchParse = hydrated ? () => void loadSearchParse().catch(() => {}) : undefined;

  const resultsLabel = `Show ${n(total)} ${total === 1 ? "car" : "cars"}`;
  const formKey = usedSearchUrl({ ...search, page: 1, sort: "newest" });

  return (
    <FilterSheetForm
      id={USED_FORM_ID}
      action={MARKETPLACE_SEARCH_PATH}
      label="Search filters"
      formKey={formKey}
      toggleId="used-filters-open"
      panelId="used-filters-panel"
      activeCount={activeCount}
      resultsLabel={resultsLabel}
      resetTo={usedSearchUrl(withoutFilters(search))}
      sortId="uf-sort"
      restoreFocus
      apply={apply}
      onFocus={preloadSearchParse}
      onPointerEnter={preloadSearchParse}
    >
      <StaticIsland key={formKey} id={`used-filter-fields${formKey.slice(MARKETPLACE_SEARCH_PATH.length).replace(/[^a-z0-9]+/gi, "-")}`} className="space-y-4">
        {facets ? <UsedFilterFields search={search} facets={facets} /> : null}
      </StaticIsland>
    </FilterSheetForm>
  );
}

/** The form's fields, with each choice's count. */
function UsedFilterFields({ search, facets }: { search: UsedSearch; facets: FilterFacets }) {
  const priceMin = search.priceMin !== undefined ? String(search.priceMin) : "";
  return (
    <>
      <VehiclePairs search={search} facets={facets} />

      <div className={sectionClass}>
        <label htmlFor="uf-q" className="mb-1.5 block text-sm font-bold">
          Keyword
        </label>
        <input id="uf-q" name="q" type="search" defaultValue={search.q} maxLength={USED_LIMITS.qMax} placeholder="e.g. service book, tow bar" className="input py-2" />
      </div>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Price</legend>
        <div className="clear-both grid grid-cols-2 gap-2">
          <Select
            id="uf-price-min"
            name="price_min"
            label="From"
            value={priceMin}
            anyLabel="No min"
            options={PRICE_STEPS.map((step) => ({ value: String(step), label: `R ${n(step)}` }))}
          />
          <Select id="uf-price-max" name="price_max" label="Up to" value={search.priceMax !== undefined ? String(search.priceMax) : ""} anyLabel="No max" options={facets.priceMax.map(withCount)} />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>On finance</legend>
        <div className="clear-both grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="uf-budget" className={smallLabel}>
              {usedParamLabels.budget} (R)
            </label>
            <input id="uf-budget" name="budget" type="text" inputMode="numeric" autoComplete="off" defaultValue={search.budget ?? ""} placeholder="e.g. 6 500" className="input py-2 tabular" />
          </div>
          <div>
            <label htmlFor="uf-deposit" className={smallLabel}>
              {usedParamLabels.deposit} (R)
            </label>
            <input id="uf-deposit" name="deposit" type="text" inputMode="numeric" autoComplete="off" defaultValue={search.deposit ?? ""} placeholder="e.g. 30 000" className="input py-2 tabular" />
          </div>
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Year and mileage</legend>
        <div className="clear-both grid grid-cols-2 gap-2">
          <Select id="uf-year-min" name="year_min" label="From year" value={search.yearMin !== undefined ? String(search.yearMin) : ""} options={facets.yearMin.map(withCount)} />
          <Select
            id="uf-year-max"
            name="year_max"
            label="To year"
            value={search.yearMax !== undefined ? String(search.yearMax) : ""}
            options={facets.yearMin.map((o) => ({ value: o.value, label: o.value }))}
          />
          <Select
            id="uf-km-max"
            name="km_max"
            label="Mileage up to"
            value={search.kmMax !== undefined ? String(search.kmMax) : ""}
            options={facets.kmMax.map(withCount)}
            className="col-span-2"
          />
        </div>
      </fieldset>

      <CheckboxGroup name="body" legend={usedParamLabels.body} options={facets.body} selected={search.body} />
      <CheckboxGroup name="fuel" legend={usedParamLabels.fuel} options={facets.fuel} selected={search.fuel} />
      <CheckboxGroup name="transmission" legend={usedParamLabels.transmission} options={facets.transmission} selected={search.transmission} />
      <CheckboxGroup name="drive" legend={usedParamLabels.drive} options={facets.drive} selected={search.drive} />
      <CheckboxGroup name="province" legend={usedParamLabels.province} options={facets.province} selected={search.province} />
      <CheckboxGroup
        name="city"
        legend={usedParamLabels.city}
        options={facets.city}
        selected={search.city}
        scroll
        note={facets.moreCities ? "The towns with the most ads. Choose a province to see all of its towns." : undefined}
      />
      <CheckboxGroup name="colour" legend={usedParamLabels.colour} options={facets.colour} selected={search.colour} scroll />

      <FacetRadioGroup
        name="seller"
        legend={usedParamLabels.seller}
        options={[{ value: "", label: "Any seller", count: facets.seller.reduce((a, o) => a + o.count, 0) }, ...facets.seller]}
        selected={search.seller ?? ""}
      />

      <FacetToggle id="uf-photos" name="photos" label="With photos only" checked={search.photos} count={facets.photos} />
    </>
  );
}

/** The sort select above the results; part of the filter form through the form attribute. */
export function UsedSortSelect({ search }: { search: UsedSearch }) {
  return (
    <FilterSortSelect
      id="uf-sort"
      formId={USED_FORM_ID}
      value={search.sort}
      sorts={usedSorts}
      labels={usedSortLabels}
      href={(sort) => usedSearchUrl({ ...search, sort, page: 1 })}
      replace
    />
  );
}
