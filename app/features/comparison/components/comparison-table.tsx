import { X } from "lucide-react";
import { Link } from "react-router";
import { versionUrl } from "~/features/catalogue/urls";
import { formatPrice } from "~/lib/format";
import { CarIllustration } from "~/ui/car-illustration";
import type { ComparedCar } from "../comparison.server";
import type { ComparedGroup } from "../rules";
import { CarSwatch } from "./car-swatch";
import { type Instalment, InstalmentLink } from "~/ui/finance-note";
import { Icon } from "~/ui/icon";

interface CarColumn {
  car: ComparedCar;
  label: string;
  /** The same comparison without this car. */
  removeUrl: string;
}

/**
 * The comparison as one table: a sticky header row of cars (scope col), a row per figure (its
 * label scope row), grouped like the version page (each group's title scope rowgroup), so every
 * figure is read with its car, its group and its label. On phones the table scrolls sideways
 * inside its own box with the labels pinned.
 * Plain markup only (no handlers): the page keeps it as static server HTML. A remove link carries
 * data-remove-id for the page's delegated listener.
 */
export function ComparisonTable({
  columns,
  groups,
  instalments,
}: {
  columns: CarColumn[];
  groups: ComparedGroup[];
  /** Each car's instalment estimate, a row after the price (issue 47); the page states the assumptions. */
  instalments?: readonly (Instalment | null)[];
}) {
  const count = columns.length;
  return (
    <div className="cmp-scroll" data-cars={count} tabIndex={0} role="region" aria-label="Comparison table (scrolls sideways on small screens)">
      <table className="cmp-table">
        <caption className="sr-only">Specifications of {columns.map((c) => c.label).join(", ")} side by side. The best value of a row is marked “Best”.</caption>
        <thead>
          <tr>
            <td className="cmp-corner">
              <span className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">
                {count} {count === 1 ? "car" : "cars"}
              </span>
            </td>
            {columns.map((column, index) => (
              <th key={column.car.id} scope="col" className="cmp-car">
                <CarHeader column={column} index={index} />
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.key}>
            {/* The group's title heads its rows from the label column; the empty cell beside it
                carries the band across. (A title spanning every column would be one more header
                over each car's column, and a data cell could no longer be tied to its headers.) */}
            <tr className="cmp-group">
              <th scope="rowgroup">{group.title}</th>
              <td colSpan={count} />
            </tr>
            {group.rows.map((row) => [
              <tr key={row.key} className="cmp-row">
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, index) => {
                  const best = row.best.includes(index);
                  if (group.kind === "equipment") {
                    return (
                      <td key={index} className={cell.value === true ? "cmp-yes" : "cmp-no"}>
                        <span>{cell.value === true ? "Yes" : "No"}</span>
                      </td>
                    );
                  }
                  return (
                    <td key={index} className={best ? "cmp-best" : undefined}>
                      <span className="cmp-value">{cell.text}</span>
                      {cell.unit ? <span className="cmp-unit"> {cell.unit}</span> : null}
                      {best ? (
                        <span className="cmp-badge">
                          <Icon name="award" className="size-3.5" />
                          Best
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>,
              row.key === "price" && instalments?.some(Boolean) ? (
                <tr key="finance" className="cmp-row" data-testid="compare-finance">
                  <th scope="row">On finance*</th>
                  {columns.map((column, index) => {
                    const instalment = instalments[index];
                    return <td key={column.car.id}>{instalment ? <InstalmentLink instalment={instalment} /> : "-"}</td>;
                  })}
                </tr>
              ) : null,
            ])}
          </tbody>
        ))}
      </table>
    </div>
  );
}

function CarHeader({ column, index }: { column: CarColumn; index: number }) {
  const { car, label } = column;
  return (
    <div className="cmp-car-inner">
      <div className="cmp-car-picture">
        <CarIllustration bodyType={car.bodyType} colour={car.colour} className="h-full w-full" />
      </div>
      <p className="flex min-w-0 items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        <CarSwatch index={index} />
        <span className="min-w-0 truncate" title={car.brandName}>
          {car.brandName}
        </span>
      </p>
      <Link to={versionUrl(car.brandSlug, car.modelSlug, car)} className="cmp-car-name link" prefetch="intent">
        <span className="sr-only">{car.brandName} </span>
        {car.modelName} <span className="font-normal">{car.name}</span>
      </Link>
      <p className="tabular text-sm font-extrabold">
        <span className="sr-only">Price: </span>
        {formatPrice(car.priceZar, { withCurrency: true })}
      </p>
      <Link
        to={column.removeUrl}
        className="cmp-remove"
        preventScrollReset
        rel="nofollow"
        aria-label={`Remove ${label} from the comparison`}
        data-remove-id={car.id}
      >
        <X className="size-4" strokeWidth={1.75} aria-hidden="true" />
        Remove
      </Link>
    </div>
  );
}
