import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
} from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useHydrated } from "./use-hydrated";
import { Icon } from "~/ui/icon";

// The faceted searches' filter column (new cars, used cars, dealers): a left column on desktop, a
// bottom sheet on phones opened by a "Filters" toggle. The toggle is a checkbox, so the sheet opens
// and closes without scripts; once they run, Escape and a press beside the sheet close it too.

/** Closes the phone sheet (for a form's submit handler); Escape closes it while mounted. */
function useFilterSheet(toggleId: string): () => void {
  const close = useCallback(() => {
    const toggle = document.getElementById(toggleId) as HTMLInputElement | null;
    if (toggle) toggle.checked = false;
  }, [toggleId]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const toggle = document.getElementById(
        toggleId,
      ) as HTMLInputElement | null;
      if (event.key === "Escape" && toggle?.checked) toggle.checked = false;
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [toggleId]);
  return close;
}

/** The form's own classes: a sheet from the bottom on phones, the plain column from lg. */
const filterSheetFormClass =
  "absolute inset-x-0 bottom-0 flex max-h-[88dvh] flex-col rounded-t-2xl bg-white shadow-2xl lg:static lg:max-h-none lg:rounded-none lg:bg-transparent lg:shadow-none dark:bg-slate-900 lg:dark:bg-transparent";

/**
 * The toggle, the panel and its backdrop around the filter form (`children`, a form using
 * filterSheetFormClass whose first child is FilterSheetHeader).
 */
function FilterSheet({
  toggleId,
  panelId,
  activeCount,
  onClose,
  children,
}: {
  toggleId: string;
  panelId: string;
  activeCount: number;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <div>
      <input
        type="checkbox"
        id={toggleId}
        className="peer sr-only lg:hidden"
        aria-label="Show filters"
        aria-controls={panelId}
      />
      <label
        htmlFor={toggleId}
        className="btn-secondary w-full cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-primary-500 peer-focus-visible:ring-offset-2 lg:hidden"
      >
        <Icon name="sliders-horizontal" className="size-5" />
        Filters{activeCount > 0 ? ` (${activeCount})` : ""}
      </label>
      <div
        id={panelId}
        className="fixed inset-0 z-[1600] hidden bg-slate-950/50 peer-checked:block lg:static lg:z-auto lg:block lg:bg-transparent"
      >
        {/* The backdrop: a press beside the sheet closes it once scripts run (the sheet's close button works without). Not a
            label of the toggle: a label tied to a control is never hidden from assistive technology. */}
        <div
          className="absolute inset-0 cursor-pointer lg:hidden"
          aria-hidden="true"
          onClick={onClose}
        />
        {children}
      </div>
    </div>
  );
}

/** The sheet's title bar on phones (with its no-script close button) and the column's heading. */
function FilterSheetHeader({ toggleId }: { toggleId: string }) {
  return (
    <>
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 lg:hidden dark:border-slate-800">
        <h2 className="text-lg font-bold">Filters</h2>
        <label
          htmlFor={toggleId}
          className="cursor-pointer rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <Icon name="x" className="size-5" />
          <span className="sr-only">Close filters</span>
        </label>
      </div>
      <h2 className="sr-only lg:not-sr-only lg:mb-3 lg:text-lg lg:font-bold">
        Filters
      </h2>
    </>
  );
}

/**
 * The filter form in its sheet: a plain GET form to `action` (it works without JavaScript; the
 * footer's button submits it). Once scripts run, a submit or a changed select, box or radio hands
 * the form's fields to `apply` (which navigates); the form is drawn afresh for each search
 * (`formKey`), so with `restoreFocus` the control that changed gets the focus back.
 */
export function FilterSheetForm({
  id,
  action,
  label,
  formKey,
  toggleId,
  panelId,
  activeCount,
  resultsLabel,
  resetTo,
  sortId,
  restoreFocus = false,
  apply,
  onFocus,
  onPointerEnter,
  children,
}: {
  id: string;
  action: string;
  label: string;
  formKey: string;
  toggleId: string;
  panelId: string;
  activeCount: number;
  /** The apply button's text on phones ("Show 12 cars"). */
  resultsLabel: string;
  resetTo: string;
  /** The sort select outside the form, whose value is added when the form's data lacks it. */
  sortId?: string;
  restoreFocus?: boolean;
  /** The form's string fields; `changed` names the control that changed (none on submit). */
  apply: (fields: [string, string][], changed?: string) => void;
  onFocus?: () => void;
  onPointerEnter?: () => void;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();
  // The control that changed, found again by its name (and value, for a box) once the new search
  // has rendered: facet boxes carry no id (their label wraps them).
  const focusSelector = useRef<string | null>(null);
  const pending =
    navigation.state !== "idle" && navigation.location?.pathname === action;
  const closeSheet = useFilterSheet(toggleId);

  useEffect(() => {
    const selector = focusSelector.current;
    focusSelector.current = null;
    if (
      selector &&
      (document.activeElement === document.body ||
        document.activeElement === null)
    )
      document.querySelector<HTMLElement>(selector)?.focus();
  }, [location.search]);

  const submit = (form: HTMLFormElement, changed?: string) => {
    const data = new FormData(form);
    const sort = sortId
      ? (document.getElementById(sortId) as HTMLSelectElement | null)
      : null;
    if (sort && !data.has("sort")) data.set("sort", sort.value);
    apply(
      [...data].filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
      changed,
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    closeSheet();
    submit(event.currentTarget);
  };

  // A changed select, box or radio applies at once. A native listener, not React's onChange: the
  // used-car search prints its fields in a static island, and React hears changes only from the
  // inputs it rendered. Registered once hydrated, for each form (a new search renders a new one).
  const formRef = useRef<HTMLFormElement>(null);
  const onChange = useRef<(event: Event) => void>(() => {});
  onChange.current = (event: Event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (
      target instanceof HTMLSelectElement ||
      target.type === "checkbox" ||
      target.type === "radio"
    ) {
      if (restoreFocus) {
        const named = `#${CSS.escape(id)} [name="${CSS.escape(target.name)}"]`;
        focusSelector.current = target instanceof HTMLSelectElement ? named : `${named}[value="${CSS.escape(target.value)}"]`;
      }
      submit(event.currentTarget as HTMLFormElement, target.name);
    }
  };
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const listener = (event: Event) => onChange.current(event);
    form.addEventListener("change", listener);
    return () => form.removeEventListener("change", listener);
  }, [formKey]);

  return (
    <FilterSheet
      toggleId={toggleId}
      panelId={panelId}
      activeCount={activeCount}
      onClose={closeSheet}
    >
      <Form
        key={formKey}
        ref={formRef}
        id={id}
        method="get"
        action={action}
        onSubmit={hydrated ? onSubmit : undefined}
        onFocus={onFocus}
        onPointerEnter={onPointerEnter}
        aria-label={label}
        className={filterSheetFormClass}
      >
        <FilterSheetHeader toggleId={toggleId} />

        <div className="flex-1 space-y-4 overflow-y-auto px-4 py-4 lg:overflow-visible lg:p-0">
          {children}
        </div>

        <div className="flex items-center gap-3 border-t border-slate-200 px-4 py-3 lg:sticky lg:bottom-0 lg:mt-4 lg:border-0 lg:bg-white lg:px-0 lg:dark:bg-slate-950 dark:border-slate-800">
          <button
            type="submit"
            className="btn-primary flex-1"
            aria-busy={pending || undefined}
          >
            <span className="lg:hidden">{resultsLabel}</span>
            <span className="hidden lg:inline">Apply filters</span>
          </button>
          <Link to={resetTo} className="link text-sm">
            Reset all
          </Link>
        </div>
      </Form>
    </FilterSheet>
  );
}
