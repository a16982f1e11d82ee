import { niceCeiling } from "~/features/editorial/finance-chart";
import { formatPrice } from "~/lib/format";
import type { CostLine, OwnershipYear } from "./cost-of-ownership";

// The cost of ownership as stacked bars, one per year of ownership, one segment per line, as
// chart geometry (pure; drawn as SVG on the server by the cost section). The axis tops out at a
// "nice" value, as the finance calculator's chart does.

const CHART = { width: 360, height: 200, left: 56, right: 8, top: 10, bottom: 28 } as const;

export interface CostBar {
  year: number;
  x: number;
  width: number;
  total: number;
  segments: { line: CostLine; y: number; height: number }[];
}

export interface CostChartGeometry {
  width: number;
  height: number;
  baseline: number;
  plotLeft: number;
  plotRight: number;
  ticks: { y: number; label: string }[];
  bars: CostBar[];
}

export function costChartGeometry(years: readonly OwnershipYear[], lines: readonly CostLine[]): CostChartGeometry {
  const { width, height, left, right, top, bottom } = CHART;
  const totals = years.map((y) => lines.reduce((sum, line) => sum + Math.max(0, y.lines[line]), 0));
  const max = niceCeiling(Math.max(1, ...totals));
  const baseline = height - bottom;
  const plotRight = width - right;
  const r = (n: number) => Math.round(n * 10) / 10;
  const slot = (plotRight - left) / Math.max(1, years.length);
  const barWidth = r(Math.min(40, slot * 0.6));
  const scale = (amount: number) => (amount / max) * (baseline - top);
  const bars = years.map((year, index) => {
    let y = baseline;
    const segments = lines
      .filter((line) => year.lines[line] > 0)
      .map((line) => {
        const h = scale(year.lines[line]);
        y -= h;
        return { line, y: r(y), height: r(h) };
      });
    return { year: year.year, x: r(left + slot * index + (slot - barWidth) / 2), width: barWidth, total: totals[index]!, segments };
  });
  const ticks = [0, 0.5, 1].map((f) => ({ y: r(baseline - scale(max * f)), label: f === 0 ? "0" : formatPrice(max * f) }));
  return { width, height, baseline, plotLeft: left, plotRight, ticks, bars };
}
