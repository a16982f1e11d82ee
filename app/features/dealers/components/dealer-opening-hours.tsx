import { Clock } from "lucide-react";
import { useEffect, useState } from "react";
import type { OpeningHours } from "../../../../db/schema/vocabulary";
import { hasOpeningHours, openingStatus, openingWeek } from "../opening-hours";

// The dealer's week and "open now". The page's HTML is shared and cached, so it carries only the
// week; the status and today's row are worked out in the browser from its clock (in South African
// time whatever the visitor's zone), and again every minute.

function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const shortDate = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return d.toLocaleDateString("en-ZA", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
};

/**
 * "Open now · closes 17:00" in green, "Closed · opens Mon 08:00" in slate. Before the page runs an
 * empty badge of the same height holds its place, so the content below does not move (CLS).
 */
export function OpeningStatusBadge({ hours, className = "" }: { hours: OpeningHours | null; className?: string }) {
  const now = useNow();
  if (!hasOpeningHours(hours)) return null;
  if (!now) {
    return (
      <p aria-hidden="true" className={`invisible inline-flex px-3 py-1 text-sm ${className}`}>
        {"\u00a0"}
      </p>
    );
  }
  const status = openingStatus(hours, now);
  return (
    <p
      data-testid="opening-status"
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ${
        status.open
          ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200"
          : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"
      } ${className}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${status.open ? "bg-green-600" : "bg-slate-500"}`} />
      {status.label}
    </p>
  );
}

export function DealerOpeningHours({ hours, phone }: { hours: OpeningHours | null; phone: string | null }) {
  const now = useNow();
  if (!hasOpeningHours(hours)) {
    return (
      <p className="text-slate-700 dark:text-slate-300">
        This dealer has not given us its opening hours{phone ? ": call before you visit." : "."}
      </p>
    );
  }
  const { rows, holidayHours } = openingWeek(hours, now ?? undefined);
  return (
    <div>
      {/* From 1024 px the heading's status sits just above. */}
      <OpeningStatusBadge hours={hours} className="mb-3 lg:hidden" />
      <table className="w-full max-w-md text-sm" data-testid="opening-hours">
        <caption className="sr-only">Opening hours, South African time</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day} className={row.today ? "bg-primary-50 font-semibold dark:bg-primary-900/40" : undefined} aria-current={row.today ? "date" : undefined}>
              <th scope="row" className="py-1.5 pr-4 pl-2 text-left align-top font-medium">
                {row.name}
                {row.today ? <span className="ml-1.5 text-xs font-semibold text-primary-700 dark:text-primary-300">Today</span> : null}
              </th>
              <td className="tabular py-1.5 pr-2 text-right align-top">
                {row.hours}
                {row.holiday ? (
                  <span className="block text-xs font-medium text-amber-800 dark:text-amber-300">
                    {row.holiday.name}, {shortDate(row.holiday.date)}: {row.holiday.hours}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
          <tr className="border-t border-slate-200 dark:border-slate-800">
            <th scope="row" className="py-1.5 pr-4 pl-2 text-left font-medium">
              Public holidays
            </th>
            <td className="tabular py-1.5 pr-2 text-right">{holidayHours}</td>
          </tr>
        </tbody>
      </table>
      <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
        <Clock aria-hidden="true" className="size-3.5" strokeWidth={1.75} /> South African time (SAST).
      </p>
    </div>
  );
}
