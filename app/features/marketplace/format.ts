// Marketplace figures in words a South African buyer reads: "R 18 000", "86 000 km".
// Asking prices on cards and ad pages use the spec's price format (formatPrice in ~/lib/format);
// these are for sentences and key facts.

const group = (n: number) => String(Math.round(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

/** "R 18 000" (or "18 000" without the currency). */
export function formatRand(value: number, options: { currency?: boolean } = {}): string {
  const sign = value < 0 ? "-" : "";
  return options.currency === false ? `${sign}${group(value)}` : `${sign}R ${group(value)}`;
}

/** "86 000 km". */
export const formatKm = (km: number): string => `${group(km)} km`;
