import { type Crumb, Breadcrumbs } from "~/ui/breadcrumbs";

/** Breadcrumbs, heading and intro of a car-guide page. */
export function GuidePageHeader({
  crumbs,
  path,
  title,
  intro,
  children,
}: {
  crumbs: Crumb[];
  path: string;
  title: string;
  intro: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <header className="mb-8">
      <Breadcrumbs crumbs={crumbs} currentPath={path} />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-3 max-w-3xl text-slate-600 dark:text-slate-400">{intro}</div>
      {children}
    </header>
  );
}

export const GUIDE_CRUMB: Crumb = { label: "Car guide", to: "/guide-auto" };

/** A list page with nothing to show: what happened and where to go next. */
export function ListEmptyState({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-[var(--radius-card)] border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">{icon}</div>
      <h2 className="mt-3 text-lg font-bold text-slate-900 dark:text-slate-100">{title}</h2>
      <div className="mt-2">{children}</div>
    </div>
  );
}

const MONTH = new Intl.DateTimeFormat("en-ZA", { month: "long", year: "numeric", timeZone: "UTC" });

/** "March 2026" from an ISO date. */
export function formatMonth(isoDate: string): string {
  return MONTH.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

const number = new Intl.NumberFormat("en-ZA", { maximumFractionDigits: 1 });

/** "320 km" or "320–450 km" across a model's versions; null when unknown. */
export function formatSpan(min: number | null, max: number | null, unit: string): string | null {
  if (min === null || max === null) return null;
  return min === max ? `${number.format(min)} ${unit}` : `${number.format(min)}–${number.format(max)} ${unit}`;
}
