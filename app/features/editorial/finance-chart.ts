// The outstanding balance over the term as chart geometry (pure, drawn as SVG by the calculator)
// and its wording for assistive technology.
import { formatPrice } from "~/lib/format";
import type { BalancePoint, FinanceResult } from "./finance";

const BALANCE_CHART = { width: 360, height: 210, left: 60, right: 14, top: 14, bottom: 40 } as const;

/** Rand amounts the house way ("360.000 ZAR"); zero shows as "0 ZAR", not "-". */
export const formatRand = (value: number) => (Math.round(value) === 0 ? "0 ZAR" : formatPrice(value, { withCurrency: true }));

interface BalanceChartGeometry {
  width: number;
  height: number;
  line: string;
  area: string;
  /** Horizontal guides with their rand label. */
  ticks: { y: number; label: string }[];
  /** Year marks along the bottom. */
  years: { x: number; label: string }[];
  /** The balloon still owed at the end (absent without one). */
  balloon?: { x: number; y: number };
  baseline: number;
  plotLeft: number;
  plotRight: number;
}

/** A "nice" top for the axis: 1, 2, 2.5 or 5 times a power of ten, at or above `value`. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function balanceChartGeometry(schedule: readonly BalancePoint[]): BalanceChartGeometry {
  const { width, height, left, right, top, bottom } = BALANCE_CHART;
  const months = Math.max(1, schedule.at(-1)?.month ?? 1);
  const max = niceCeiling(schedule[0]?.balance ?? 1);
  const plotRight = width - right;
  const baseline = height - bottom;
  const r = (n: number) => Math.round(n * 10) / 10;
  const sx = (month: number) => r(left + (month / months) * (plotRight - left));
  const sy = (balance: number) => r(top + (1 - balance / max) * (baseline - top));

  const line = schedule.map((p, i) => `${i === 0 ? "M" : "L"}${sx(p.month)} ${sy(p.balance)}`).join("");
  const area = `${line}V${baseline}H${sx(0)}Z`;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => ({ y: sy(max * f), label: f === 0 ? "0" : formatPrice(max * f) }));
  // A mark every year; every second year when the term is long, so labels never collide.
  const totalYears = Math.ceil(months / 12);
  const every = totalYears > 6 ? 2 : 1;
  const years: { x: number; label: string }[] = [];
  for (let y = 0; y * 12 <= months; y += every) years.push({ x: sx(y * 12), label: String(y) });
  const last = schedule.at(-1);
  const balloon = last && last.balance > 0 ? { x: sx(last.month), y: sy(last.balance) } : undefined;
  return { width, height, line, area, ticks, years, balloon, baseline, plotLeft: left, plotRight };
}

const yearsText = (months: number) => {
  const years = months / 12;
  const whole = Number.isInteger(years);
  return whole ? `${years} ${years === 1 ? "year" : "years"}` : `${months} months`;
};

/** One sentence for the chart's text alternative. */
export function balanceSummary(result: FinanceResult, termMonths: number): string {
  const half = result.schedule[Math.floor(termMonths / 2)];
  const end =
    result.balloon > 0 ? `down to the balloon of ${formatRand(result.balloon)}, due with the last instalment` : "down to nothing at the end of the term";
  return (
    `The balance falls from ${formatRand(result.amountFinanced)} over ${yearsText(termMonths)}, ` +
    `${half ? `is ${formatRand(half.balance)} halfway through, ` : ""}${end}.`
  );
}
