// A clean monogram for a brand without a logo file: initials on the brand colour. A styled span
// (`brand-monogram` in app.css), not an SVG: a grid of forty brands repeats it forty times.
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

/**
 * The brand's initials in a disc of its colour. Without `size` it takes `--monogram-size` from its
 * container (a brand tile's is smaller on a phone).
 */
export function BrandMonogram({ name, colour, size }: { name: string; colour: string; size?: number }) {
  const initials = brandInitials(name);
  const style: React.CSSProperties & Record<`--monogram-${string}`, string> = { background: colour, color: monogramTextColour(colour) };
  if (size) style["--monogram-size"] = `${size}px`;
  // One letter is set a little larger, as it has the disc to itself.
  if (initials.length === 1) style["--monogram-scale"] = "0.45";
  return (
    <span aria-hidden="true" className="brand-monogram" style={style}>
      {initials}
    </span>
  );
}
