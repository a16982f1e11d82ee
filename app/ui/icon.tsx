import spriteUrl from "./icons.svg?no-inline";

/** The icons of `icons.svg`, by lucide's names. */
export const ICON_NAMES = [
  "arrow-right",
  "award",
  "badge-check",
  "bell-plus",
  "car-front",
  "check",
  "chevron-left",
  "chevron-right",
  "circle-user-round",
  "external-link",
  "flag",
  "info",
  "map-pin",
  "menu",
  "phone",
  "scale",
  "search",
  "sliders-horizontal",
  "star",
  "store",
  "thumbs-up",
  "x",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/**
 * A decorative icon in the text colour, drawn from the one cached sprite file (decision 027). Give
 * it a size (`size-4`) or let its parent's `[&>[aria-hidden]]:size-4` do so; `icon-filled` fills it.
 * The two icons of every ad card stay stylesheet masks (`icon-heart`, `icon-camera`), for bytes.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden="true">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
