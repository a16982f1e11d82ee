import { Link } from "react-router";
import { CarDrawingSet } from "./car-illustration";
import { SectionTitle } from "./section-title";
import { StaticIsland } from "./static-island";
import { Icon } from "~/ui/icon";

/** A section's two-part title with an optional "see all" link beside it. */
export function SectionHeader({ first, highlight, id, to, linkLabel }: { first: string; highlight?: string; id: string; to?: string; linkLabel?: string }) {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <SectionTitle first={first} highlight={highlight} id={id} />
      {to && linkLabel ? (
        <Link to={to} className="link inline-flex shrink-0 items-center gap-1 text-sm">
          {linkLabel} <Icon name="arrow-right" className="size-4" />
        </Link>
      ) : null}
    </div>
  );
}

/**
 * A titled grid of cards, optionally with a "see all" link; kept out of hydration. The island is
 * keyed by its id so a grid whose content changes with the URL is rendered afresh.
 */
export function CardGridSection({
  scope,
  name,
  first,
  highlight,
  to,
  linkLabel,
  gridClassName = "sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
  carBodyTypes,
  children,
}: {
  /** The page's own prefix: island ids must differ between pages (client navigation keeps them apart). */
  scope: string;
  name: string;
  first: string;
  highlight?: string;
  to?: string;
  linkLabel?: string;
  /** Column classes of the grid. */
  gridClassName?: string;
  /** The body types the cards draw: each is drawn once for the grid (CarDrawingSet). */
  carBodyTypes?: readonly string[];
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${name}-heading`}>
      <SectionHeader first={first} highlight={highlight} id={`${name}-heading`} to={to} linkLabel={linkLabel} />
      <StaticIsland printed key={`${scope}-${name}`} id={`${scope}-${name}`} className={`grid gap-4 ${gridClassName}`}>
        {carBodyTypes ? (
          <CarDrawingSet id={`${scope}-${name}-car`} bodyTypes={carBodyTypes}>
            {children}
          </CarDrawingSet>
        ) : (
          children
        )}
      </StaticIsland>
    </section>
  );
}
