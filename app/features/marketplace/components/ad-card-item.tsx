import { createContext, useContext } from "react";
import type { AdCardData } from "../types";
import { AdCard } from "./ad-card";

export type AdCardProps = Parameters<typeof AdCard>[0];

/**
 * On the server, a card's HTML printed once and kept (ad-card-html.server.tsx); absent in the
 * browser, where cards render normally.
 */
export const AdCardHtmlContext = createContext<((props: AdCardProps) => string) | null>(null);

/**
 * A card in a list printed as a static island: on the server its HTML comes from the kept copy
 * (a result page's 24 cards are half its markup), in the browser after a navigation it renders.
 * Only inside a StaticIsland: printed HTML lacks the markers React needs to hydrate text.
 */
export function AdCardItem({ className, ...props }: AdCardProps & { className?: string; ad: AdCardData }) {
  const printed = useContext(AdCardHtmlContext);
  // A priority card's photo preload belongs in the document's head, which only the page's own render
  // puts it in: the first cards render every time.
  if (printed && !props.priority) return <li className={className} dangerouslySetInnerHTML={{ __html: printed(props) }} />;
  return (
    <li className={className}>
      <AdCard {...props} />
    </li>
  );
}
