import { Check } from "lucide-react";
import type { ResolvedGroup } from "../spec-groups";

// Zebra rows, labels left, values right in tabular numerals, units muted: styled once on the table.
const tableClass = [
  "w-full text-sm [&_tr:nth-child(odd)]:bg-slate-50 dark:[&_tr:nth-child(odd)]:bg-slate-900",
  "[&_th]:w-1/2 [&_th]:px-2 [&_th]:py-2 [&_th]:text-left [&_th]:font-medium [&_th]:text-slate-700 dark:[&_th]:text-slate-300",
  "[&_td]:tabular-nums [&_td]:px-2 [&_td]:py-2 [&_td]:text-right [&_td]:font-semibold",
  "[&_td_span]:font-normal [&_td_span]:text-slate-600 dark:[&_td_span]:text-slate-400",
].join(" ");

/** One version's specification: a two-column table per group, then the equipment by category. */
export function SpecSections({ groups, idPrefix }: { groups: ResolvedGroup[]; idPrefix: string }) {
  const specs = groups.filter((g) => g.kind === "spec");
  const equipment = groups.filter((g) => g.kind === "equipment");
  return (
    <div className="space-y-10">
      <div className="grid gap-x-8 gap-y-8 md:grid-cols-2">
        {specs.map((group) => (
          <section key={group.key} aria-labelledby={`${idPrefix}-${group.key}`} className="min-w-0">
            <h3 id={`${idPrefix}-${group.key}`} className="mb-2 border-b-2 border-primary-600 pb-1.5 text-lg font-bold">
              {group.title}
            </h3>
            <table className={tableClass}>
              <tbody>
                {group.rows.map((row) => {
                  const cell = row.cells[0]!;
                  return (
                    <tr key={row.key}>
                      <th scope="row">{row.label}</th>
                      <td>
                        {cell.text}
                        {cell.unit ? <span> {cell.unit}</span> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        ))}
      </div>

      {equipment.length > 0 ? (
        <section aria-labelledby={`${idPrefix}-equipment`}>
          <h3 id={`${idPrefix}-equipment`} className="mb-4 border-b-2 border-primary-600 pb-1.5 text-lg font-bold">
            Equipment
          </h3>
          <div className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
            {equipment.map((group) => (
              <section key={group.key} aria-labelledby={`${idPrefix}-${group.key}`}>
                <h4 id={`${idPrefix}-${group.key}`} className="mb-2 text-sm font-bold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                  {group.title}
                </h4>
                <ul className="space-y-1.5 text-sm">
                  {group.rows
                    .filter((row) => row.cells[0]?.value === true)
                    .map((row) => (
                      <li key={row.key} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" strokeWidth={1.75} aria-hidden="true" />
                        <span>{row.label}</span>
                      </li>
                    ))}
                </ul>
              </section>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
