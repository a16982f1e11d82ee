import { Link } from "react-router";
import { formatPrice } from "~/lib/format";
import { CarIllustration } from "~/ui/car-illustration";
import { bodyTypeLabels, fuelLabels, type ModelCard, type PromotionCard } from "../types";
import { modelUrl, versionUrl } from "../urls";

// The chip utility (app.css): the same classes in a twelfth of the bytes, repeated on every card.
const chipClass = "chip";

/**
 * A model as a card: illustration, name, chips (body type, fuels, number of versions), optional
 * extra lines from the list (`children`) and the entry price. With `priceRange` the price reads
 * "From … to …" when the versions' prices differ.
 */
export function ModelCardView({
  model,
  headingLevel = 3,
  priceRange = false,
  children,
  action,
}: {
  model: ModelCard;
  headingLevel?: 2 | 3;
  priceRange?: boolean;
  /** Extra lines a list adds under the chips (range and battery, launch month…). */
  children?: React.ReactNode;
  /** A control under the price (the list pages' "compare"), above the card's whole-card link. */
  action?: React.ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card group relative flex flex-col overflow-hidden transition-shadow hover:shadow-lg">
      <div className="aspect-[16/9] bg-gradient-to-b from-slate-50 to-slate-100 px-4 pt-4 dark:from-slate-800 dark:to-slate-900">
        <CarIllustration bodyType={model.bodyType} colour={model.colour} className="h-full w-full" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-base font-bold">
          <Link to={modelUrl(model.brandSlug, model)} className="card-link" prefetch="intent">
            <span className="text-slate-600 dark:text-slate-400">{model.brandName}</span> {model.name}
          </Link>
        </Heading>
        <ul className="flex flex-wrap gap-1.5" aria-label="Characteristics">
          <li className={chipClass}>{bodyTypeLabels[model.bodyType]}</li>
          {model.fuels.map((fuel) => (
            <li key={fuel} className={chipClass}>
              {fuelLabels[fuel]}
            </li>
          ))}
          <li className={chipClass}>
            {model.versionCount} {model.versionCount === 1 ? "version" : "versions"}
          </li>
        </ul>
        {children}
        <p className="mt-auto pt-1 text-sm text-slate-600 dark:text-slate-400">
          From{" "}
          <span className="tabular text-lg font-extrabold text-slate-900 dark:text-white">{formatPrice(model.minPrice, { withCurrency: true })}</span>
          {priceRange && model.maxPrice > model.minPrice ? (
            <>
              {" "}
              to <span className="tabular font-bold text-slate-900 dark:text-white">{formatPrice(model.maxPrice, { withCurrency: true })}</span>
            </>
          ) : null}
        </p>
        {action ? <div className="relative z-10 self-start">{action}</div> : null}
      </div>
    </article>
  );
}

/** A promotion as a card; `headingLevel` 2 where the cards sit right under the page's h1 (the promotions list). */
export function PromotionCardView({
  promotion,
  headingLevel = 3,
  action,
}: {
  promotion: PromotionCard;
  headingLevel?: 2 | 3;
  action?: React.ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const saving = promotion.oldPriceZar - promotion.newPriceZar;
  const ends = new Date(`${promotion.endsOn}T00:00:00`).toLocaleDateString("en-ZA", { day: "numeric", month: "long", year: "numeric" });
  return (
    <article className="card group relative flex flex-col overflow-hidden">
      <p className="absolute top-3 left-3 z-10 rounded-full bg-amber-400 px-2.5 py-1 text-xs font-bold text-slate-950">
        Save {formatPrice(saving)} ZAR
      </p>
      <div className="aspect-[16/9] bg-gradient-to-b from-amber-50 to-slate-100 px-4 pt-6 dark:from-slate-800 dark:to-slate-900">
        <CarIllustration bodyType={promotion.bodyType} colour={promotion.colour} className="h-full w-full" />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <Heading className="text-base font-bold">
          <Link
            to={versionUrl(promotion.brandSlug, promotion.modelSlug, { id: promotion.versionId, slug: promotion.versionSlug })}
            className="card-link"
          >
            {promotion.brandName} {promotion.modelName} <span className="font-medium">{promotion.versionName}</span>
          </Link>
        </Heading>
        <p className="text-sm text-slate-600 dark:text-slate-400">{promotion.title}</p>
        <p className="tabular mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
          <span className="text-lg font-extrabold">{formatPrice(promotion.newPriceZar, { withCurrency: true })}</span>
          <span className="text-sm text-slate-600 line-through dark:text-slate-400">
            <span className="sr-only">was </span>
            {formatPrice(promotion.oldPriceZar, { withCurrency: true })}
          </span>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">Until {ends}</p>
        {action ? <div className="relative z-10 mt-1 self-start">{action}</div> : null}
      </div>
    </article>
  );
}
