// A clean monogram for a brand without a logo file: initials on the brand colour, drawn in SVG
// so it stays crisp at any size.
function relativeLuminance(hex: string): number {
  const m = hex.replace("#", "").match(/^([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i);
  if (!m) return 0;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => {
    const c = parseInt(h!, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** White or near-black initials, whichever contrasts more with the brand colour. */
export function monogramTextColour(background: string): string {
  const l = relativeLuminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (relativeLuminance("#0f172a") + 0.05);
  return onWhite >= onDark ? "#ffffff" : "#0f172a";
}

export function brandInitials(name: string): string {
  const words = name.replace(/[^\p{L}\p{N}\s-]/gu, "").split(/[\s-]+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  return (words[0] ?? "?").slice(0, 2).toUpperCase();
}

export function BrandMonogram({ name, colour, size = 32 }: { name: string; colour: string; size?: number }) {
  const initials = brandInitials(name);
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="shrink-0">
      <circle cx="20" cy="20" r="20" fill={colour} />
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontWeight="700"
        fontSize={initials.length > 1 ? 15 : 18}
        fill={monogramTextColour(colour)}
      >
        {initials}
      </text>
    </svg>
  );
}
