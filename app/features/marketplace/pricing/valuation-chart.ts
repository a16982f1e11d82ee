import { formatRand } from "~/lib/format";
import type { MonthlyMedian } from "./valuation";

// The monthly medians of a valuation as chart geometry (pure; drawn as SVG by the server and
// mirrored by a table), and the month names the chart and table print.

const CHART = { width: 360, height: 200, left: 74, right: 12, top: 12, bottom: 34 } as const;

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const LONG_MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** "2026-11" → "Nov" (or "November 2026" when long). */
export function monthLabel(month: string, long = false): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return long ? `${LONG_MONTH_NAMES[m - 1]} ${year}` : (MONTH_NAMES[m - 1] ?? month);
}

export interface MedianChartGeometry {
  width: number;
  height: number;
  /** One path, broken where a month has no median. */
  line: string;
  points: { x: number; y: number; month: string; median: number }[];
  ticks: { y: number; label: string }[];
  /** Month marks along the bottom (every other month, so the labels never collide). */
  months: { x: number; label: string }[];
  baseline: number;
  plotLeft: number;
  plotRight: number;
}

/** The axis from a round R 10 000 under the lowest median to one over the highest. */
export function medianChartGeometry(medians: readonly MonthlyMedian[]): MedianChartGeometry | null {
  const known = medians.filter((m): m is MonthlyMedian & { median: number } => m.median !== null);
  if (known.length === 0) return null;
  const { width, height, left, right, top, bottom } = CHART;
  const step = 10_000;
  let low = Math.floor(Math.min(...known.map((m) => m.median)) / step) * step;
  let high = Math.ceil(Math.max(...known.map((m) => m.median)) / step) * step;
  if (high - low < 2 * step) {
    low = Math.max(0, low - step);
    high += step;
  }
  const plotRight = width - right;
  const baseline = height - bottom;
  const r = (n: number) => Math.round(n * 10) / 10;
  const sx = (i: number) => r(left + (medians.length <= 1 ? 0.5 : i / (medians.length - 1)) * (plotRight - left));
  const sy = (v: number) => r(top + (1 - (v - low) / (high - low)) * (baseline - top));
  const points: MedianChartGeometry["points"] = [];
  let line = "";
  let drawing = false;
  medians.forEach((m, i) => {
    if (m.median === null) {
      drawing = false;
      return;
    }
    const x = sx(i);
    const y = sy(m.median);
    points.push({ x, y, month: m.month, median: m.median });
    line += `${drawing ? "L" : "M"}${x} ${y}`;
    drawing = true;
  });
  const ticks = [0, 0.5, 1].map((f) => {
    const value = Math.round((low + (high - low) * f) / 1_000) * 1_000;
    return { y: sy(value), label: formatRand(value) };
  });
  const months = medians.flatMap((m, i) => ((medians.length - 1 - i) % 2 === 0 ? [{ x: sx(i), label: monthLabel(m.month) }] : []));
  return { width, height, line, points, ticks, months, baseline, plotLeft: left, plotRight };
}

/** The chart's text alternative: where the median started and ended over the months it has. */
export function medianSummary(medians: readonly MonthlyMedian[]): string {
  const known = medians.filter((m): m is MonthlyMedian & { median: number } => m.median !== null);
  if (known.length === 0) return "No month of the last twelve had five comparable ads asking a price.";
  const first = known[0]!;
  const last = known[known.length - 1]!;
  if (known.length === 1) return `The median asking price was ${formatRand(first.median)} in ${monthLabel(first.month, true)}, the only month with five comparable ads or more.`;
  return `The median asking price went from ${formatRand(first.median)} in ${monthLabel(first.month, true)} to ${formatRand(last.median)} in ${monthLabel(last.month, true)} (${known.length} of the last 12 months had five comparable ads or more).`;
}
