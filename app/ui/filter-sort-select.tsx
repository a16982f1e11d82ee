import { useNavigate } from "react-router";
import { useHydrated } from "./use-hydrated";

/**
 * The sort select above the results, part of the filter form through the form attribute: with
 * scripts a change navigates to `href(sort)`; without, the Sort button submits the form.
 */
export function FilterSortSelect<S extends string>({
  id,
  formId,
  value,
  sorts,
  labels,
  href,
  replace = false,
  className = "flex items-center gap-2",
}: {
  id: string;
  formId: string;
  value: S;
  sorts: readonly S[];
  labels: Record<S, string>;
  href: (sort: S) => string;
  /** Replace the history entry rather than add one. */
  replace?: boolean;
  className?: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold whitespace-nowrap">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        form={formId}
        key={value}
        defaultValue={value}
        className="input w-auto py-1.5 text-sm"
        onChange={
          hydrated
            ? (event) =>
                void navigate(href(event.currentTarget.value as S), {
                  replace,
                  preventScrollReset: true,
                })
            : undefined
        }
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {labels[sort]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button
          type="submit"
          form={formId}
          className="btn-secondary px-3 py-1.5"
        >
          Sort
        </button>
      )}
    </div>
  );
}
