import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { QuickSearchData } from "../../hub.server";
import { MARKETPLACE_PATH, MARKETPLACE_SEARCH_PATH } from "../../urls";
import { groupDigits } from "~/lib/format";

// The hub's quick search: make → model → maximum price → province, each choice with its ads.
// A plain GET form to the search page (the search answers with its canonical URL); once scripts
// run, the model select lists the chosen make's models.

const n = (count: number) => groupDigits(count);

/** `data.models` is null in the page's first load: the hub's data is fetched again on the first make chosen. */
export function QuickSearch({ data, total }: { data: Omit<QuickSearchData, "models"> & { models: QuickSearchData["models"] | null }; total: number }) {
  const [make, setMake] = useState("");
  const fetcher = useFetcher<{ quick?: { models?: QuickSearchData["models"] | null } }>();
  const allModels = data.models ?? fetcher.data?.quick?.models ?? null;
  // Most visitors never choose a make here: the models of every make (half the hub's hydration
  // data) come with the hub's data when one is chosen, as after a client-side navigation.
  useEffect(() => {
    if (make !== "" && allModels === null && fetcher.state === "idle" && fetcher.data === undefined) void fetcher.load(MARKETPLACE_PATH);
  }, [make, allModels, fetcher]);
  const models = make ? (allModels?.[make] ?? []) : [];
  const field = "input py-2.5";
  const label = "mb-1 block text-sm font-semibold";
  return (
    <form method="get" action={MARKETPLACE_SEARCH_PATH} className="card grid gap-3 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end" aria-label="Quick search">
      <div>
        <label htmlFor="qs-make" className={label}>
          Make
        </label>
        <select id="qs-make" name="make1" className={field} value={make} onChange={(e) => setMake(e.currentTarget.value)}>
          <option value="">Any make</option>
          {data.makes.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label} ({n(m.count)})
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="qs-model" className={label}>
          Model
        </label>
        {/* Filled once a make is chosen (with scripts); without them the model is picked on the search page. */}
        <select id="qs-model" name="model1" className={field} defaultValue="" key={make} disabled={make !== "" && models.length === 0}>
          <option value="">Any model</option>
          {models.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label} ({n(m.count)})
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="qs-price" className={label}>
          Maximum price
        </label>
        <select id="qs-price" name="price_max" className={field} defaultValue="">
          <option value="">No maximum</option>
          {data.priceMax.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label} ({n(p.count)})
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="qs-province" className={label}>
          Province
        </label>
        <select id="qs-province" name="province" className={field} defaultValue="">
          <option value="">All of South Africa</option>
          {data.provinces.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label} ({n(p.count)})
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary sm:col-span-2 lg:col-span-1">
        <Search className="size-5" strokeWidth={1.75} aria-hidden="true" />
        <span>
          Search <span className="tabular">{n(total)}</span> cars
        </span>
      </button>
    </form>
  );
}
