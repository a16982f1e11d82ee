// Price history of a version as a step chart: pure geometry and wording, rendered as SVG on the
// server (no client code). Dates are "YYYY-MM-DD" strings, read as UTC days.
import { formatPrice } from "~/lib/format";
import { formatLongDate, MONTHS } from "~/lib/south-african-time";

export interface HistoryPoint {
  priceZar: number;
  effectiveOn: string;
}

/** "2024-04-01" → "Apr 2024". */
function formatShortMonth(isoDay: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(isoDay);
  if (!m) return isoDay;
  return `${(MONTHS[Number(m[2]) - 1] ?? "").slice(0, 3)} ${m[1]}`;
}

const dayNumber = (isoDay: string) => Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/** One sentence describing the history, used as the chart's text alternative. */
export function priceHistorySummary(points: readonly HistoryPoint[]): string {
  if (points.length === 0) return "No price changes recorded.";
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (points.every((p) => p.priceZar === first.priceZar)) {
    return `The price has not changed since ${formatLongDate(first.effectiveOn)}.`;
  }
  const change = ((last.priceZar - first.priceZar) / first.priceZar) * 100;
  const verb = change >= 0 ? "rose" : "fell";
  const changes = points.length - 1;
  return (
    `The price ${verb} from ${formatPrice(first.priceZar, { withCurrency: true })} on ${formatLongDate(first.effectiveOn)} ` +
    `to ${formatPrice(last.priceZar, { withCurrency: true })} on ${formatLongDate(last.effectiveOn)} ` +
    `(${change >= 0 ? "+" : "−"}${Math.abs(change).toFixed(1)} %, ${changes} ${changes === 1 ? "change" : "changes"}).`
  );
}

interface ChartGeometry {
  width: number;
  height: number;
  /** The step line (SVG path data). */
  line: string;
  /** The area under the line, closed at the bottom. */
  area: string;
  dots: { x: number; y: number; point: HistoryPoint }[];
  /** Horizontal guide lines with their price label. */
  ticks: { y: number; label: string }[];
  /** Date labels along the bottom. */
  dates: { x: number; label: string; anchor: "start" | "end" }[];
}

const CHART = { width: 360, height: 180, left: 56, right: 12, top: 14, bottom: 26 } as const;

/**
 * A step chart: each price holds until the next change, the last one until `today`.
 * Needs at least two points (one point is a sentence, not a chart).
 */
export function priceChartGeometry(points: readonly HistoryPoint[], today: string): ChartGeometry | null {
  if (points.length < 2) return null;
  const { width, height, left, right, top, bottom } = CHART;
  const x0 = dayNumber(points[0]!.effectiveOn);
  const lastDay = dayNumber(points[points.length - 1]!.effectiveOn);
  // The last step stays visible even when "today" is the day of the last change (or earlier).
  const x1 = Math.max(dayNumber(today), lastDay + Math.max(30, (lastDay - x0) * 0.15));
  const prices = points.map((p) => p.priceZar);
  let low = Math.min(...prices);
  let high = Math.max(...prices);
  const pad = Math.max((high - low) * 0.15, high * 0.02);
  low -= pad;
  high += pad;
  const sx = (day: number) => left + ((day - x0) / (x1 - x0)) * (width - left - right);
  const sy = (price: number) => top + (1 - (price - low) / (high - low)) * (height - top - bottom);
  const r = (n: number) => Math.round(n * 10) / 10;

  const dots = points.map((point) => ({ x: r(sx(dayNumber(point.effectiveOn))), y: r(sy(point.priceZar)), point }));
  let line = `M${dots[0]!.x} ${dots[0]!.y}`;
  for (const dot of dots.slice(1)) line += `H${dot.x}V${dot.y}`;
  line += `H${r(sx(x1))}`;
  const baseline = r(height - bottom);
  const area = `${line}V${baseline}H${dots[0]!.x}Z`;

  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const ticks = [...new Set([max, min])].map((price) => ({ y: r(sy(price)), label: formatPrice(price) }));
  const dates = [
    { x: dots[0]!.x, label: formatShortMonth(points[0]!.effectiveOn), anchor: "start" as const },
    { x: r(sx(x1)), label: "Today", anchor: "end" as const },
  ];
  return { width, height, line, area, dots, ticks, dates };
}
