import { Link } from "react-router";
import { CompareLink } from "~/features/comparison/components/compare-link";
import { bodyTypeLabels, fuelLabels } from "~/features/catalogue/types";
import { modelUrl } from "~/features/catalogue/urls";
import { formatPrice } from "~/lib/format";
import { CarIllustration } from "~/ui/car-illustration";
import type { SearchResult } from "../new-car-search.server";

// The card's parts are named utilities of app.css (`result-card-*`, `chip`): a page of results
// repeats them 24 times (decision 025).

/** The compare toggle's place in a card: above the card's whole-card link. */
export const RESULT_COMPARE_CLASS = "relative z-10 px-3 py-1.5";

/** A model in the search results: how many of its versions match, from what price, and a compare action. */
export function SearchResultCard({ result }: { result: SearchResult }) {
  const all = result.matching === result.versionCount;
  return (
    <article className="result-card">
      {/* Phones: the drawing beside the text, so a screen shows more results. */}
      <div className="result-card-picture">
        <CarIllustration bodyType={result.bodyType} colour={result.colour} className="h-full w-full" />
      </div>
      <div className="result-card-body">
        <h3 className="result-card-title">
          <Link to={modelUrl(result.brandSlug, result)} className="card-link">
            <span>{result.brandName}</span> {result.name}
          </Link>
        </h3>
        <ul className="flex flex-wrap gap-1.5" aria-label="Characteristics">
          <li className="chip">{bodyTypeLabels[result.bodyType]}</li>
          {result.fuels.map((fuel) => (
            <li key={fuel} className="chip">
              {fuelLabels[fuel]}
            </li>
          ))}
        </ul>
        <p className="result-card-note">
          {all
            ? `${result.matching} ${result.matching === 1 ? "version matches" : "versions match"}`
            : `${result.matching} of ${result.versionCount} versions match`}
          {" · up to "}
          <span>{result.maxPowerKw} kW</span>
          {result.minConsumption !== null ? (
            <>
              {" · from "}
              <span>{result.minConsumption.toFixed(1)} l/100 km</span>
            </>
          ) : null}
        </p>
        <div className="result-card-foot">
          <p className="result-card-note">
            From{" "}
            <span className="result-card-price">{formatPrice(result.minPrice, { withCurrency: true })}</span>
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
