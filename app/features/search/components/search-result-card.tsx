import { Link } from "react-router";
import { CompareLink } from "~/features/comparison/components/compare-link";
import { bodyTypeLabels, fuelLabels } from "~/features/catalogue/types";
import { modelUrl } from "~/features/catalogue/urls";
import { formatPrice } from "~/lib/format";
import { CarIllustration } from "~/ui/car-illustration";
import type { SearchResult } from "../new-car-search.server";

// The chip utility (app.css): the same classes in a twelfth of the bytes, repeated on every card.
const chipClass = "chip";

/** The compare toggle's place in a card: above the card's whole-card link. */
export const RESULT_COMPARE_CLASS = "relative z-10 px-3 py-1.5";

/** A model in the search results: how many of its versions match, from what price, and a compare action. */
export function SearchResultCard({ result }: { result: SearchResult }) {
  const all = result.matching === result.versionCount;
  return (
    <article className="card group relative flex w-full flex-row overflow-hidden transition-shadow hover:shadow-lg sm:flex-col">
      {/* Phones: the drawing beside the text, so a screen shows more results. */}
      <div className="flex w-20 shrink-0 items-center min-[400px]:w-28 bg-gradient-to-b from-slate-50 to-slate-100 px-2 sm:aspect-[16/9] sm:w-auto sm:items-stretch sm:px-4 sm:pt-4 dark:from-slate-800 dark:to-slate-900">
        <CarIllustration bodyType={result.bodyType} colour={result.colour} className="h-full w-full" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="text-base font-bold">
          <Link to={modelUrl(result.brandSlug, result)} className="card-link">
            <span className="text-slate-600 dark:text-slate-400">{result.brandName}</span> {result.name}
          </Link>
        </h3>
        <ul className="flex flex-wrap gap-1.5" aria-label="Characteristics">
          <li className={chipClass}>{bodyTypeLabels[result.bodyType]}</li>
          {result.fuels.map((fuel) => (
            <li key={fuel} className={chipClass}>
              {fuelLabels[fuel]}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {all
            ? `${result.matching} ${result.matching === 1 ? "version matches" : "versions match"}`
            : `${result.matching} of ${result.versionCount} versions match`}
          {" · up to "}
          <span className="tabular whitespace-nowrap">{result.maxPowerKw} kW</span>
          {result.minConsumption !== null ? (
            <>
              {" · from "}
              <span className="tabular whitespace-nowrap">{result.minConsumption.toFixed(1)} l/100 km</span>
            </>
          ) : null}
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-1">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            From{" "}
            <span className="tabular text-lg font-extrabold whitespace-nowrap text-slate-900 dark:text-white">{formatPrice(result.minPrice, { withCurrency: true })}</span>
          </p>
          <CompareLink
            versionId={result.compareVersionId}
            label={`${result.brandName} ${result.name} ${result.compareVersionName}`}
            className={RESULT_COMPARE_CLASS}
          />
        </div>
      </div>
    </article>
  );
}

/** A result in the list. */
export function SearchResultItem({ result }: { result: SearchResult }) {
  return (
    <li className="flex">
      <SearchResultCard result={result} />
    </li>
  );
}
