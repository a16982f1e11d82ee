import { useState } from "react";
import { type FieldErrors, TextField } from "~/ui/form";
import { type StepValues, valueOf } from "../../ad-draft-steps";
import { AD_FORM_LIMITS } from "../../../ad-form-rules";
import { type PriceOutlook, priceOutlookView, typedPrice } from "../../../pricing/ad-price-outlook";
import { priceRatingLabels } from "../../../pricing/price-rating";
import { formatRand } from "~/lib/format";

// The price in rand, negotiable or not, and the rating the ad would get at that price against
// the comparable ads for sale (followed as the seller types when scripts run).

export function PriceOutlookPanel({ outlook, price }: { outlook: PriceOutlook; price: number | undefined }) {
  const view = priceOutlookView(outlook, price);
  return (
    <div className="rounded-[var(--radius-card)] border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800/60" data-testid="price-outlook">
      <h2 className="text-base font-bold">How your price compares</h2>
      <p className="mt-2" aria-live="polite">
        {view.sentence}
      </p>
      {view.bands ? (
        <ul className="mt-3 grid gap-1 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-300">
          {view.bands.map((band) => (
            <li key={band.rating} className="tabular">
              <span className="font-semibold">{priceRatingLabels[band.rating]}</span>: {band.upTo === null ? "above the fair price" : `up to ${formatRand(band.upTo)}`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function PriceStep({ values, errors, outlook }: { values: StepValues | undefined; errors: FieldErrors; outlook: PriceOutlook }) {
  const [price, setPrice] = useState(() => typedPrice(valueOf(values, "priceZar")));
  return (
    <div className="space-y-5">
      <TextField
        label="Price (rand)"
        name="priceZar"
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        defaultValue={valueOf(values, "priceZar")}
        error={errors.priceZar}
        onInput={(e) => setPrice(typedPrice(e.currentTarget.value))}
        hint={`The asking price in rand, for example 159 000 (${formatRand(AD_FORM_LIMITS.priceMin)} to ${formatRand(AD_FORM_LIMITS.priceMax)}).`}
      />
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input type="checkbox" name="negotiable" value="yes" defaultChecked={valueOf(values, "negotiable") === "yes"} className="size-5 accent-primary-600" />
        <span>The price is negotiable</span>
      </label>
      <PriceOutlookPanel outlook={outlook} price={price} />
    </div>
  );
}
