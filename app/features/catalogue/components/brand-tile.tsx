import { Link } from "react-router";
import { formatPrice } from "~/lib/format";
import { BrandMonogram } from "~/ui/brand-monogram";
import type { BrandSummary } from "../model-cards.server";
import { brandUrl } from "../urls";

/** A brand in a grid: monogram, name, number of models and the lowest price on sale (classes in app.css). */
export function BrandTile({ brand }: { brand: BrandSummary }) {
  return (
    <Link to={brandUrl(brand)} className="brand-tile">
      <span className="brand-tile-mark">
        <BrandMonogram name={brand.name} colour={brand.colour} />
      </span>
      <span className="min-w-0">
        <span className="brand-tile-name">{brand.name}</span>
        <span className="brand-tile-note">
          {brand.modelCount} {brand.modelCount === 1 ? "model" : "models"}
        </span>
        <span className="brand-tile-note tabular">
          from <span className="whitespace-nowrap">{formatPrice(brand.minPrice, { withCurrency: true })}</span>
        </span>
      </span>
    </Link>
  );
}
