import { Link } from "react-router";
import { formatPrice } from "~/lib/format";
import { BrandMonogram } from "~/ui/brand-monogram";
import type { BrandSummary } from "../model-cards.server";
import { brandUrl } from "../urls";

/** A brand in a grid: monogram, name, number of models and the lowest price on sale. */
export function BrandTile({ brand }: { brand: BrandSummary }) {
  return (
    <Link to={brandUrl(brand)} className="card flex h-full items-center gap-2.5 p-2.5 hover:border-primary-400 sm:gap-3 sm:p-3">
      <span className="flex shrink-0 [&>svg]:size-7 sm:[&>svg]:size-9">
        <BrandMonogram name={brand.name} colour={brand.colour} size={36} />
      </span>
      <span className="min-w-0">
        <span className="block text-sm leading-tight font-semibold break-words sm:text-base">{brand.name}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {brand.modelCount} {brand.modelCount === 1 ? "model" : "models"}
        </span>
        <span className="tabular block text-xs text-slate-600 dark:text-slate-400">
          from <span className="whitespace-nowrap">{formatPrice(brand.minPrice, { withCurrency: true })}</span>
        </span>
      </span>
    </Link>
  );
}
