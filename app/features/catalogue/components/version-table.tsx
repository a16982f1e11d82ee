import type { ChangeEvent, ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { formatPrice } from "~/lib/format";
import type { FuelType, Transmission } from "../../../../db/schema/catalogue";
import { filterOptions, filterVersions, readVersionFilters } from "../page-rules";
import type { VersionSummary } from "../pages.server";
import { formatDecimal, gearboxLabel, transmissionLabels } from "../spec-groups";
import { fuelLabels } from "../types";
import { versionUrl } from "../urls";

// Styles of the cells and rows are set once on the table and its body (descendant variants)
// rather than repeated on every cell, and a row's cells are named utilities of app.css
// (`version-*`): the table is most of the model page's markup.
const tableClass = [
  "w-full text-sm max-sm:block",
  "[&_td]:px-3 [&_td]:py-2.5 max-sm:[&_td]:p-0",
  // Phones: every cell shows its column name above the value.
  "max-sm:[&_td]:before:block max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-normal max-sm:[&_td]:before:text-slate-600",
  "max-sm:[&_td]:before:content-[attr(data-label)] dark:max-sm:[&_td]:before:text-slate-400",
].join(" ");
const bodyClass = [
  "max-sm:block max-sm:space-y-3",
  "[&>tr]:border-b [&>tr]:border-slate-200 dark:[&>tr]:border-slate-800 sm:[&>tr:nth-child(odd)]:bg-slate-50 sm:dark:[&>tr:nth-child(odd)]:bg-slate-900/60",
  // Phones: each row is a card of two columns.
  "max-sm:[&>tr]:grid max-sm:[&>tr]:grid-cols-2 max-sm:[&>tr]:gap-x-4 max-sm:[&>tr]:gap-y-2 max-sm:[&>tr]:rounded-[var(--radius-card)] max-sm:[&>tr]:border max-sm:[&>tr]:p-4",
].join(" ");

function Consumption({ version }: { version: VersionSummary }) {
  if (version.consumptionL100km !== null) {
    return (
      <>
        {formatDecimal(1)(version.consumptionL100km)} <span className="version-unit">l/100 km</span>
      </>
    );
  }
  if (version.electricConsumptionKwh100km !== null) {
    return (
      <>
        {formatDecimal(1)(version.electricConsumptionKwh100km)} <span className="version-unit">kWh/100 km</span>
      </>
    );
  }
  return <>–</>;
}

/**
 * Every version of a model with fuel and transmission filters. The filters are GET parameters:
 * without JavaScript the form submits; with it the table filters at once and the URL follows.
 * Below 640 px each row is a stacked card so nothing overflows. The last cell of each row is the
 * page's (the comparison's "Compare" link), so the catalogue does not depend on the comparison.
 */
export function VersionTable({
  versions,
  brandSlug,
  modelSlug,
  modelLabel,
  path,
  rowAction,
}: {
  versions: VersionSummary[];
  brandSlug: string;
  modelSlug: string;
  modelLabel: string;
  path: string;
  rowAction: (version: VersionSummary, label: string) => ReactNode;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readVersionFilters(searchParams);
  const options = filterOptions(versions);
  // An active filter stays selectable even when this model has no such version.
  const fuels: FuelType[] = filters.fuel && !options.fuels.includes(filters.fuel) ? [...options.fuels, filters.fuel] : options.fuels;
  const boxes: Transmission[] =
    filters.transmission && !options.transmissions.includes(filters.transmission) ? [...options.transmissions, filters.transmission] : options.transmissions;
  const shown = filterVersions(versions, filters);
  const showFuel = fuels.length > 1 || filters.fuel !== undefined;
  const showBox = boxes.length > 1 || filters.transmission !== undefined;
  const filtered = filters.fuel !== undefined || filters.transmission !== undefined;

  const onFilterChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = new URLSearchParams(searchParams);
    const { name, value } = event.currentTarget;
    if (value) next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <div>
      {showFuel || showBox ? (
        <Form method="get" action={path} preventScrollReset className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter versions">
          {showFuel ? (
            <div className="min-w-40 flex-1 sm:flex-none">
              <label htmlFor="version-filter-fuel" className="mb-1 block text-sm font-medium">
                Fuel
              </label>
              <select id="version-filter-fuel" name="fuel" className="input py-2" value={filters.fuel ?? ""} onChange={onFilterChange}>
                <option value="">All fuels</option>
                {fuels.map((fuel) => (
                  <option key={fuel} value={fuel}>
                    {fuelLabels[fuel]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {showBox ? (
            <div className="min-w-40 flex-1 sm:flex-none">
              <label htmlFor="version-filter-transmission" className="mb-1 block text-sm font-medium">
                Transmission
              </label>
              <select
                id="version-filter-transmission"
                name="transmission"
                className="input py-2"
                value={filters.transmission ?? ""}
                onChange={onFilterChange}
              >
                <option value="">All transmissions</option>
                {boxes.map((box) => (
                  <option key={box} value={box}>
                    {transmissionLabels[box]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {/* With scripts the table filters as a select changes; the button stays for keyboard and
              screen-reader users (a form is sent by its button, not only by a change of value),
              out of sight until it has the focus. The media query (scripting: none) shows it, not
              hydration, so nothing moves when the scripts start. */}
          <button
            type="submit"
            className="sr-only focus:not-sr-only focus:btn-secondary noscript:not-sr-only noscript:btn-secondary"
          >
            Apply filters
          </button>
        </Form>
      ) : null}

      <p role="status" className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        {filtered ? `${shown.length} of ${versions.length} versions match` : `${versions.length} ${versions.length === 1 ? "version" : "versions"}`}
      </p>

      {shown.length === 0 ? (
        <div className="card flex flex-col items-start gap-3 p-6">
          <p className="font-semibold">No version of the {modelLabel} matches these filters.</p>
          <Link to={path} replace preventScrollReset className="btn-secondary">
            Show all versions
          </Link>
        </div>
      ) : (
        // Between the phone cards and a wide screen the table scrolls inside its box, never the page.
        <div className="sm:overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Versions of the {modelLabel} with price, fuel, transmission, power and consumption</caption>
            <thead className="max-sm:sr-only">
              <tr className="border-b-2 border-slate-200 text-left text-xs tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-400">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Version
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Price
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Fuel
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Transmission
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Power
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Consumption
                </th>
                <th scope="col" className="py-2 pl-3">
                  <span className="sr-only">Compare</span>
                </th>
              </tr>
            </thead>
            <tbody className={bodyClass}>
              {shown.map((version) => (
                <tr key={version.id} className="tabular">
                  <th scope="row" className="version-name">
                    <Link to={versionUrl(brandSlug, modelSlug, version)} className="link" prefetch="intent">
                      {version.name}
                    </Link>
                  </th>
                  <td data-label="Price" className="version-price">
                    {formatPrice(version.priceZar, { withCurrency: true })}
                  </td>
                  <td data-label="Fuel">{fuelLabels[version.fuel]}</td>
                  <td data-label="Transmission">{gearboxLabel(version.transmission, version.gears)}</td>
                  <td data-label="Power" className="version-number">
                    {version.powerKw} <span className="version-unit">kW</span>
                  </td>
                  <td data-label="Consumption" className="version-number">
                    <Consumption version={version} />
                  </td>
                  <td className="version-action">
                    {rowAction(version, `${modelLabel} ${version.name}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
