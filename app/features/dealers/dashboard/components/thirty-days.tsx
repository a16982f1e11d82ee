import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { barHeights, type WeekComparison, weekComparisonText } from "../dashboard-rules";
import type { PictureDay } from "../stock-page.server";

// The dashboard's 30 days: this week against the week before for views, contacts and leads, one
// small bar chart a series (drawn here as inline SVG, each on its own scale, so a handful of leads
// is not flattened by thousands of views), and the same figures as a table for reading aloud.

type Series = "views" | "contacts" | "leads";

const series: { key: Series; label: string; long: string; tone: string }[] = [
  { key: "views", label: "Views", long: "Views of your ads", tone: "text-primary-600 dark:text-primary-400" },
  { key: "contacts", label: "Contacts", long: "Contacts: messages about your ads and on your page, and phone numbers shown", tone: "text-emerald-600 dark:text-emerald-400" },
  { key: "leads", label: "Leads", long: "Find-my-car requests sent to you", tone: "text-amber-600 dark:text-amber-400" },
];

const BAR_SLOT = 10;
const CHART_HEIGHT = 48;
const number = (n: number) => n.toLocaleString("en-ZA");

function Trend({ comparison }: { comparison: WeekComparison }) {
  const Icon = comparison.trend === "up" ? ArrowUpRight : comparison.trend === "down" ? ArrowDownRight : Minus;
  const tone =
    comparison.trend === "up" ? "text-emerald-800 dark:text-emerald-300" : comparison.trend === "down" ? "text-red-800 dark:text-red-300" : "text-slate-700 dark:text-slate-300";
  return (
    <p className={`mt-1 inline-flex items-center gap-1 text-sm font-semibold ${tone}`}>
      <Icon aria-hidden="true" className="size-4 shrink-0" strokeWidth={2} />
      {weekComparisonText(comparison)}
    </p>
  );
}

function BarChart({ days, item }: { days: PictureDay[]; item: (typeof series)[number] }) {
  const values = days.map((d) => d[item.key]);
  const heights = barHeights(values, CHART_HEIGHT);
  const total = values.reduce((a, b) => a + b, 0);
  const most = Math.max(0, ...values);
  const mostDay = days[values.indexOf(most)];
  const titleId = `chart-${item.key}-title`;
  const descId = `chart-${item.key}-desc`;
  const description =
    total === 0
      ? `None in the last ${days.length} days.`
      : `${number(total)} in the last ${days.length} days; the most in a day: ${number(most)}, on ${mostDay?.label}; today: ${number(values.at(-1) ?? 0)}.`;
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <p className="font-semibold">{item.label}</p>
        <p className="text-slate-600 dark:text-slate-400">most in a day: {number(most)}</p>
      </div>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${days.length * BAR_SLOT} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        className={`mt-1 h-14 w-full border-b border-slate-300 dark:border-slate-700 ${item.tone}`}
        data-testid={`chart-${item.key}`}
      >
        <title id={titleId}>{`${item.long}, a day over the last ${days.length} days`}</title>
        <desc id={descId}>{description}</desc>
        {heights.map((h, i) => (h > 0 ? <rect key={days[i]!.day} x={i * BAR_SLOT + 1.5} y={CHART_HEIGHT - h} width={BAR_SLOT - 3} height={h} rx={1} fill="currentColor" /> : null))}
      </svg>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600 dark:text-slate-400">
        <span>{days[0]?.label}</span>
        <span>Today</span>
      </div>
    </div>
  );
}

export function ThirtyDays({ days, weeks }: { days: PictureDay[]; weeks: Record<Series, WeekComparison> }) {
  return (
    <section aria-labelledby="thirty-days" className="card p-4 sm:p-5" data-testid="thirty-days">
      <h2 id="thirty-days" className="text-lg font-bold">
        The last 30 days
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-3 sm:gap-3" aria-label="This week against the week before">
        {series.map((item) => (
          <li key={item.key} className="rounded-[var(--radius-control)] bg-slate-50 px-3 py-2 sm:p-3 dark:bg-slate-800/60" data-testid={`week-${item.key}`}>
            <div className="flex items-baseline justify-between gap-2 sm:flex-col sm:items-start sm:gap-0">
              <p className="text-sm text-slate-700 dark:text-slate-300">{item.label} this week</p>
              <p className="tabular text-2xl font-extrabold">{number(weeks[item.key].thisWeek)}</p>
            </div>
            <Trend comparison={weeks[item.key]} />
          </li>
        ))}
      </ul>
      <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_21rem]">
        <div className="flex flex-col gap-4">
          {series.map((item) => (
            <BarChart key={item.key} days={days} item={item} />
          ))}
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Contacts are messages about your ads and on your page, and phone numbers shown; leads are the find-my-car requests sent to you. Days are South African days.
          </p>
        </div>
        {/* The same figures for screen readers and for reading exact numbers; newest first. */}
        <div className="max-h-64 overflow-y-auto lg:max-h-96 rounded-[var(--radius-control)] border border-slate-200 dark:border-slate-800" tabIndex={0} role="region" aria-labelledby="thirty-days-table">
          <table className="w-full text-sm">
            <caption id="thirty-days-table" className="sr-only">
              Views, contacts and leads a day, newest first
            </caption>
            <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-2.5 py-2 text-left font-semibold">
                  Day
                </th>
                <th scope="col" className="px-2.5 py-2 text-right font-semibold">
                  Views
                </th>
                <th scope="col" className="px-2.5 py-2 text-right font-semibold">
                  Contacts
                </th>
                <th scope="col" className="px-2.5 py-2 text-right font-semibold">
                  Leads
                </th>
              </tr>
            </thead>
            <tbody className="tabular">
              {[...days].reverse().map((d, i) => (
                <tr key={d.day} className="border-t border-slate-100 even:bg-slate-50 dark:border-slate-800 dark:even:bg-slate-800/40">
                  <th scope="row" className="px-2.5 py-1.5 text-left font-medium whitespace-nowrap">
                    {i === 0 ? "Today" : d.label}
                  </th>
                  <td className="px-2.5 py-1.5 text-right">{number(d.views)}</td>
                  <td className="px-2.5 py-1.5 text-right">{number(d.contacts)}</td>
                  <td className="px-2.5 py-1.5 text-right">{number(d.leads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
