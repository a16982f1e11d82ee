import { Link } from "react-router";
import { formatKm, formatRand, groupDigits } from "~/lib/format";
import type { CarValuation } from "../valuation.server";
import { carName } from "./valuation-answer";

/** The car a trade-in offers, with what the valuation says, as the dealers will read it. */
export function TradeInCar({ valuation, valuationUrl }: { valuation: CarValuation; valuationUrl: string }) {
  const { car } = valuation;
  const range = valuation.valuation;
  return (
    <div className="card mt-5 p-4" data-testid="trade-in-car">
      <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">Your car</p>
      <p className="mt-0.5 text-lg font-bold">{carName(car)}</p>
      <p className="tabular text-slate-700 dark:text-slate-300">{formatKm(car.km)}</p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {range.kind === "few" ? (
          "Not enough similar ads on Voitura to give a price range: the dealers will value it themselves."
        ) : (
          <>
            A good or fair asking price on Voitura now:{" "}
            <strong className="tabular whitespace-nowrap">
              {formatRand(range.low)} – {formatRand(range.high)}
            </strong>{" "}
            (from {groupDigits(range.comparables)} similar ads). Dealers offer less than an asking price: they sell the car on.
          </>
        )}
      </p>
      <p className="mt-2 text-sm">
        <Link to={valuationUrl} className="link">
          Change the car
        </Link>
      </p>
    </div>
  );
}
