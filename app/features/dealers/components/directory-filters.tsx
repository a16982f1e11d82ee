import { useNavigate } from "react-router";
import { FilterSheetForm } from "~/ui/filter-sheet";
import { FacetCheckboxGroup, FacetRadioGroup, FacetToggle, filterSectionClass } from "~/ui/filter-facets";
import { FilterSortSelect } from "~/ui/filter-sort-select";
import { dealerServices } from "../../../../db/schema/vocabulary";
import { provinces } from "~/lib/places";
import {
  DIRECTORY_LIMITS,
  type DirectoryFacetChoice,
  type DirectoryFacets,
  type DirectorySearch,
  directoryParamLabels,
  directorySearchUrl,
  directorySortLabels,
  directorySorts,
  directoryUrlFromForm,
  sellsChoices,
  sellsLabels,
  withoutDirectoryFilters,
} from "../directory-params";
import { dealerServiceLabels } from "../dealer-labels";
import { DEALER_DIRECTORY_PATH } from "../urls";
import { groupDigits } from "~/lib/format";

// The directory's filter form: a plain GET form to /concessionnaires (it works without
// JavaScript; "Apply" submits it). With JavaScript a changed select, box or radio applies at
// once through a client navigation to the canonical address (history replaced, focus put back
// on the control that changed). On phones it is the shared bottom sheet (app/ui/filter-sheet).

const DIRECTORY_FORM_ID = "dealer-directory";
const smallLabel = "mb-1.5 block text-sm font-bold";
const optionLabel = (o: DirectoryFacetChoice) => `${o.label} (${groupDigits(o.count)})`;

function FacetSelect({ id, name, label, value, anyLabel, children }: { id: string; name: string; label: string; value: string; anyLabel: string; children: React.ReactNode }) {
  return (
    <div className={filterSectionClass}>
      <label htmlFor={id} className={smallLabel}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="input py-2">
        <option value="">{anyLabel}</option>
        {children}
      </select>
    </div>
  );
}

const options = (choices: readonly DirectoryFacetChoice[]) =>
  choices.map((o) => (
    <option key={o.value} value={o.value}>
      {optionLabel(o)}
    </option>
  ));

/** Towns: those of the chosen province, else every town grouped by province. */
function townOptions(search: DirectorySearch, facets: DirectoryFacets) {
  if (search.province) return options(facets.city.filter((c) => c.province === search.province));
  return provinces.map((p) => {
    const towns = facets.city.filter((c) => c.province === p.slug);
    return towns.length === 0 ? null : (
      <optgroup key={p.slug} label={p.name}>
        {options(towns)}
      </optgroup>
    );
  });
}

export function DirectoryFilters({ search, facets, total, activeCount }: { search: DirectorySearch; facets: DirectoryFacets; total: number; activeCount: number }) {
  const navigate = useNavigate();

  const apply = (fields: [string, string][], changed?: string) => {
    // A new province starts with any of its towns.
    const kept = changed === "province" ? fields.filter(([key]) => key !== "city") : fields;
    void navigate(directoryUrlFromForm(kept), { replace: true, preventScrollReset: true });
  };

  const resultsLabel = `Show ${groupDigits(total)} ${total === 1 ? "dealer" : "dealers"}`;
  const formKey = directorySearchUrl({ ...search, page: 1, sort: "name" });
  const brandChoices = search.brand && !facets.brand.some((b) => b.value === search.brand) ? [...facets.brand, { value: search.brand, label: search.brand, count: 0 }] : facets.brand;

  return (
    <FilterSheetForm
      id={DIRECTORY_FORM_ID}
      action={DEALER_DIRECTORY_PATH}
      label="Dealer filters"
      formKey={formKey}
      toggleId="directory-filters-open"
      panelId="directory-filters-panel"
      activeCount={activeCount}
      resultsLabel={resultsLabel}
      resetTo={directorySearchUrl(withoutDirectoryFilters(search))}
      sortId="df-sort"
      restoreFocus
      apply={apply}
    >
      <div className={filterSectionClass}>
        <label htmlFor="df-q" className={smallLabel}>
          {directoryParamLabels.q}
        </label>
        <input id="df-q" name="q" type="search" defaultValue={search.q} maxLength={DIRECTORY_LIMITS.qMax} placeholder="e.g. Menlyn, Durban" className="input py-2" />
      </div>

      <FacetSelect id="df-brand" name="brand" label={directoryParamLabels.brand} value={search.brand ?? ""} anyLabel="Any brand">
        {options(brandChoices)}
      </FacetSelect>
      <FacetSelect id="df-province" name="province" label={directoryParamLabels.province} value={search.province ?? ""} anyLabel="All provinces">
        {options(facets.province)}
      </FacetSelect>
      <FacetSelect id="df-city" name="city" label={directoryParamLabels.city} value={search.city ?? ""} anyLabel="Any town">
        {townOptions(search, facets)}
      </FacetSelect>

      <FacetRadioGroup
        name="sells"
        legend={directoryParamLabels.sells}
        options={[{ value: "", label: "Any" }, ...sellsChoices.map((s) => ({ value: s, label: sellsLabels[s], count: facets.sells[s] }))]}
        selected={search.sells ?? ""}
      />

      <FacetCheckboxGroup
        name="services"
        legend={directoryParamLabels.services}
        options={dealerServices.map((s) => ({ value: s, label: dealerServiceLabels[s], count: facets.services[s] }))}
        selected={search.services}
      />

      <FacetToggle id="df-marketplace" name="marketplace" label="On Voitura’s marketplace" checked={search.marketplace} count={facets.marketplace} />
    </FilterSheetForm>
  );
}

/** The sort select above the results; part of the filter form through the form attribute. */
export function DirectorySortSelect({ search }: { search: DirectorySearch }) {
  return (
    <FilterSortSelect
      id="df-sort"
      formId={DIRECTORY_FORM_ID}
      value={search.sort}
      sorts={directorySorts}
      labels={directorySortLabels}
      href={(sort) => directorySearchUrl({ ...search, sort, page: 1 })}
      replace
      // Keeps its height when the no-script Sort button leaves.
      className="flex min-h-10 items-center gap-2"
    />
  );
}
