import type { AdCardData } from "../types";
import { AdCard } from "./ad-card";

export type AdCardProps = Parameters<typeof AdCard>[0];

/** A card in a list of cards. */
export function AdCardItem({ className, ...props }: AdCardProps & { className?: string; ad: AdCardData }) {
  return (
    <li className={className}>
      <AdCard {...props} />
    </li>
  );
}
