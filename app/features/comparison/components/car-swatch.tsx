// Each compared car gets a colour and a pattern (never colour alone) shared by its column header,
// the chart's bars and the chart's legend.
const CAR_COLOURS = ["#1f6feb", "#c2410c", "#7c3aed", "#be123c"] as const;

export const carPatternId = (index: number) => `cmp-pattern-${index}`;

/** The four fills, defined once per page (an invisible SVG) and referenced by url(#id). */
export function CarPatternDefs() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      <defs>
        {CAR_COLOURS.map((colour, index) => (
          <pattern key={colour} id={carPatternId(index)} patternUnits="userSpaceOnUse" width="8" height="8">
            <rect width="8" height="8" fill={colour} />
            {index === 1 ? <path d="M-2 10 L10 -2 M-2 2 L2 -2 M6 10 L10 6" stroke="#fff" strokeWidth="2" opacity="0.55" /> : null}
            {index === 2 ? <circle cx="4" cy="4" r="1.6" fill="#fff" opacity="0.65" /> : null}
            {index === 3 ? <path d="M0 4 H8 M4 0 V8" stroke="#fff" strokeWidth="1.5" opacity="0.55" /> : null}
          </pattern>
        ))}
      </defs>
    </svg>
  );
}

/** A small square in the car's fill, with its number for readers who cannot tell the fills apart. */
export function CarSwatch({ index }: { index: number }) {
  return (
    <span className="car-swatch" aria-hidden="true">
      <svg width="14" height="14" focusable="false">
        <rect width="14" height="14" fill={`url(#${carPatternId(index)})`} />
      </svg>
      <span>{index + 1}</span>
    </span>
  );
}
