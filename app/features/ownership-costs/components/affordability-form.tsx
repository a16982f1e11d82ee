import { FinanceNote } from "~/ui/finance-note";

/**
 * "What can I afford?": a monthly budget and a deposit, and two buttons that open the used-car
 * and the new-car search with them (a plain GET form: each button names its search). The searches
 * turn the budget into the highest price that fits on the stated terms, and say so. Their
 * addresses come from the page, so this feature imports neither search.
 */
export function AffordabilityForm({ usedSearchPath, newSearchPath, note, className = "" }: { usedSearchPath: string; newSearchPath: string; note: string; className?: string }) {
  return (
    <section aria-labelledby="afford-heading" className={`card p-4 sm:p-6 ${className}`}>
      <h2 id="afford-heading" className="text-2xl font-extrabold tracking-tight">
        What can I <span className="text-primary-700 dark:text-primary-300">afford?</span>
      </h2>
      <p className="mt-1 mb-4 text-slate-600 dark:text-slate-400">Say what you can pay each month and what you have down: the searches show the cars that fit on our stated terms*.</p>
      <form method="get" action={usedSearchPath} aria-label="What can I afford" className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="afford-budget" className="mb-1.5 block text-sm font-bold">
            Monthly budget (ZAR)
          </label>
          <input id="afford-budget" name="budget" type="text" inputMode="numeric" autoComplete="off" required placeholder="e.g. 6 500" className="input tabular" />
        </div>
        <div>
          <label htmlFor="afford-deposit" className="mb-1.5 block text-sm font-bold">
            Cash you can put down (ZAR)
          </label>
          <input id="afford-deposit" name="deposit" type="text" inputMode="numeric" autoComplete="off" placeholder="e.g. 30 000" className="input tabular" />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary">
            Used cars
          </button>
          <button type="submit" formAction={newSearchPath} className="btn-secondary">
            New cars
          </button>
        </div>
      </form>
      <FinanceNote note={note} className="mt-3" />
    </section>
  );
}
