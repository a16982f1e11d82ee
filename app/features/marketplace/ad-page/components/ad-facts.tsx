import type { AdDetail } from "../ad-page.server";
import { adDriveLabels, bodyTypeLabels, colourName, fuelLabels, serviceHistoryLabels, transmissionLabels } from "../../vocabulary";
import { formatKm, groupDigits } from "~/lib/format";

// The ad's key facts as a definition list, and its equipment as a ticked list.

function owners(n: number | null): string | null {
  if (n === null) return null;
  return n === 0 ? "None (new)" : n === 1 ? "1 owner" : `${n} owners`;
}

function keyFacts(ad: AdDetail): { label: string; value: string }[] {
  const rows: [string, string | null][] = [
    ["Year", String(ad.year)],
    ["Mileage", formatKm(ad.mileageKm)],
    ["Fuel", fuelLabels[ad.fuel]],
    ["Gearbox", transmissionLabels[ad.transmission]],
    ["Body type", bodyTypeLabels[ad.bodyType]],
    ["Drive", adDriveLabels[ad.drive]],
    ["Colour", colourName(ad.colour)],
    ["Engine", ad.engineCc ? `${(ad.engineCc / 1000).toFixed(1)} l (${groupDigits(ad.engineCc)} cc)` : null],
    ["Doors", ad.doors === null ? null : String(ad.doors)],
    ["Seats", ad.seats === null ? null : String(ad.seats)],
    ["Service history", serviceHistoryLabels[ad.serviceHistory]],
    ["Previous owners", owners(ad.previousOwners)],
  ];
  return rows.flatMap(([label, value]) => (value === null ? [] : [{ label, value }]));
}

export function AdKeyFacts({ ad }: { ad: AdDetail }) {
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-slate-200 sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-800" data-testid="key-facts">
      {keyFacts(ad).map((fact) => (
        <div key={fact.label} className="flex flex-col bg-white p-3 dark:bg-slate-900">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{fact.label}</dt>
          <dd className="tabular mt-0.5 font-semibold">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AdEquipment({ items }: { items: string[] }) {
  if (items.length === 0) return <p className="text-slate-600 dark:text-slate-400">The seller listed no equipment.</p>;
  return (
    <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="tick-item">
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
