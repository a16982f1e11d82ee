import { type FormEvent, useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import {
  FacetCheckboxGroup,
  FacetCount,
  FilterSheet,
  FilterSheetHeader,
  filterLegendClass,
  filterSectionClass,
  filterSheetFormClass,
  groupedCount,
  useFilterSheet,
} from "~/ui/filter-sheet";
import { useHydrated } from "~/ui/use-hydrated";
import { dealerServices } from "../../../../db/schema/vocabulary";
import { provinces } from "../../marketplace/places";
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

// The directory's filter form: a plain GET form to /concessionnaires (it works without
// JavaScript; "Apply" submits it). With JavaScript a changed select, box or radio applies at
// once through a client navigation to the canonical address (history replaced, focus put back
// on the control that changed). On phones it is the shared bottom sheet (app/ui/filter-sheet).

export const DIRECTORY_FORM_ID = "dealer-directory";
const SHEET_TOGGLE_ID = "directory-filters-open";
const smallLabel = "mb-1.5 block text-sm font-bold";
const optionLabel = (o: DirectoryFacetChoice) => `${o.label} (${groupedCount(o.count)})`;

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
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();
  const focusId = useRef<string | null>(null);
  const pending = navigation.state !== "idle" && navigation.location?.pathname === DEALER_DIRECTORY_PATH;
  const closeSheet = useFilterSheet(SHEET_TOGGLE_ID);

  // The form is drawn afresh for each search; the control that changed gets the focus back.
  useEffect(() => {
    const id = focusId.current;
    focusId.current = null;
    if (id && (document.activeElement === document.body || document.activeElement === null)) document.getElementById(id)?.focus();
  }, [location.search]);

  const apply = (form: HTMLFormElement, changed?: string) => {
    const data = new FormData(form);
    const sort = document.getElementById("df-sort") as HTMLSelectElement | null;
    if (sort && !data.has("sort")) data.set("sort", sort.value);
    // A new province starts with any of its towns.
    if (changed === "province") data.delete("city");
    const fields = [...data].filter((entry): entry is [string, string] => typeof entry[1] === "string");
    void navigate(directoryUrlFromForm(fields), { replace: true, preventScrollReset: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    closeSheet();
    apply(event.currentTarget);
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target instanceof HTMLSelectElement || target.type === "checkbox" || target.type === "radio") {
      focusId.current = target.id;
      apply(event.currentTarget, target.name);
    }
  };

  const resultsLabel = `Show ${groupedCount(total)} ${total === 1 ? "dealer" : "dealers"}`;
  const formKey = directorySearchUrl({ ...search, page: 1, sort: "name" });
  const brandChoices = search.brand && !facets.brand.some((b) => b.value === search.brand) ? [...facets.brand, { value: search.brand, label: search.brand, count: 0 }] : facets.brand;

  return (
    <FilterSheet toggleId={SHEET_TOGGLE_ID} panelId="directory-filters-panel" activeCount={activeCount} onClose={closeSheet}>
      <Form
        key={formKey}
        id={DIRECTORY_FORM_ID}
        method="get"
        action={DEALER_DIRECTORY_PATH}
        onSubmit={hydrated ? onSubmit : undefined}
        onChange={hydrated ? onChange : undefined}
        aria-label="Dealer filters"
        className={filterSheetFormClass}
      >
        <FilterSheetHeader toggleId={SHEET_TOGGLE_ID} />

        <div className="flex-1 space-y-4 overflow-y-auto px-4 py-4 lg:overflow-visible lg:p-0">
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

          <fieldset className={filterSectionClass}>
            <legend className={filterLegendClass}>{directoryParamLabels.sells}</legend>
            <ul className="clear-both space-y-0.5">
              {[{ value: "", label: "Any", count: 0 }, ...sellsChoices.map((s) => ({ value: s, label: sellsLabels[s], count: facets.sells[s] }))].map((option) => (
                <li key={option.value || "any"}>
                  <label htmlFor={`df-sells-${option.value || "any"}`} className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
                    <input
                      id={`df-sells-${option.value || "any"}`}
                      type="radio"
                      name="sells"
                      value={option.value}
                      defaultChecked={(search.sells ?? "") === option.value}
                      className="size-4 shrink-0 accent-primary-600"
                    />
                    <span>{option.label}</span>
                    {option.value ? <FacetCount count={option.count} /> : null}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>

          <FacetCheckboxGroup
            idPrefix="df"
            name="services"
            legend={directoryParamLabels.services}
            options={dealerServices.map((s) => ({ value: s, label: dealerServiceLabels[s], count: facets.services[s] }))}
            selected={search.services}
          />

          <div className={filterSectionClass}>
            <label htmlFor="df-marketplace" className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800">
              <input id="df-marketplace" type="checkbox" name="marketplace" value="1" defaultChecked={search.marketplace} className="size-4 shrink-0 accent-primary-600" />
              <span>On Voitura’s marketplace</span>
              <FacetCount count={facets.marketplace} />
            </label>
          </div>
        </div>

        <div className="flex items-center gap-3 border-t border-slate-200 px-4 py-3 lg:sticky lg:bottom-0 lg:mt-4 lg:border-0 lg:bg-white lg:px-0 lg:dark:bg-slate-950 dark:border-slate-800">
          <button type="submit" className="btn-primary flex-1" aria-busy={pending || undefined}>
            <span className="lg:hidden">{resultsLabel}</span>
            <span className="hidden lg:inline">Apply filters</span>
          </button>
          <Link to={directorySearchUrl(withoutDirectoryFilters(search))} className="link text-sm">
            Reset all
          </Link>
        </div>
      </Form>
    </FilterSheet>
  );
}

/** The sort select above the results; part of the filter form through the form attribute. */
export function DirectorySortSelect({ search }: { search: DirectorySearch }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <div className="flex min-h-10 items-center gap-2">
      <label htmlFor="df-sort" className="text-sm font-semibold whitespace-nowrap">
        Sort by
      </label>
      <select
        id="df-sort"
        name="sort"
        form={DIRECTORY_FORM_ID}
        key={search.sort}
        defaultValue={search.sort}
        className="input w-auto py-1.5 text-sm"
        onChange={
          hydrated
            ? (event) => void navigate(directorySearchUrl({ ...search, sort: event.currentTarget.value as DirectorySearch["sort"], page: 1 }), { replace: true, preventScrollReset: true })
            : undefined
        }
      >
        {directorySorts.map((sort) => (
          <option key={sort} value={sort}>
            {directorySortLabels[sort]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" form={DIRECTORY_FORM_ID} className="btn-secondary px-3 py-1.5">
          Sort
        </button>
      )}
    </div>
  );
}
