import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { notify } from "~/ui/toasts";
import { compareSelection, useCompareSelection } from "../selection";
import { TRAY_FULL_MESSAGE, comparatorUrl, comparisonWith } from "../tray-text";
import { Icon } from "~/ui/icon";


/** Adds a car to the tray; a toast says when the tray is full. Returns what happened. */
function addToComparison(versionId: number, label: string) {
  const outcome = compareSelection.add({ id: versionId, label });
  if (outcome === "full") notify(TRAY_FULL_MESSAGE, { kind: "info" });
  // The shell's CompareTraySlot (TRAY_EVENT there) loads the tray; not imported, to keep it small.
  else window.dispatchEvent(new Event("compare-tray"));
  return outcome;
}

// Compare links inside server HTML that is not hydrated (StaticIsland grids) stay links; when
// one is clicked the island asks, through this event, to add the car instead of navigating.
const COMPARE_REQUEST_EVENT = "compare-request";
if (typeof window !== "undefined" && !(window as { __compareRequests?: true }).__compareRequests) {
  (window as { __compareRequests?: true }).__compareRequests = true;
  window.addEventListener(COMPARE_REQUEST_EVENT, (event) => {
    const { id, label } = (event as CustomEvent<{ id: number; label: string }>).detail;
    if (!Number.isInteger(id) || id <= 0) return;
    event.preventDefault();
    const outcome = addToComparison(id, label);
    if (outcome === "added") notify(`${label} added to the comparison`, { kind: "success" });
    if (outcome === "already") notify(`${label} is already in the comparison`, { kind: "info" });
  });
}

const noSubscription = () => () => {};
/** False in the server's HTML and while it hydrates, true once the app runs (and on client renders). */
const useInteractive = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const pressedClass =
  "aria-pressed:border-primary-500 aria-pressed:bg-primary-50 aria-pressed:text-primary-800 aria-pressed:hover:bg-primary-100 " +
  "dark:aria-pressed:border-primary-400 dark:aria-pressed:bg-primary-900/60 dark:aria-pressed:text-primary-100 dark:aria-pressed:hover:bg-primary-900";

/**
 * The "compare" action on model, version and search pages. The server renders a link to the
 * comparator with this version (visitors without JavaScript, crawlers, a click before the app
 * runs); once the app runs it is a toggle that adds the version to the compare tray or takes it
 * out. `label` is the car's full name ("Toyota Corolla Cross 1.8 Xi CVT"): the tray shows it.
 */
export function CompareLink({ versionId, label, className = "" }: { versionId: number; label: string; className?: string }) {
  const interactive = useInteractive();
  const selection = useCompareSelection();

  if (!interactive) {
    return (
      <Link
        to={comparatorUrl([versionId])}
        className={`btn-secondary ${className}`}
        rel="nofollow"
        data-compare-version={versionId}
        data-compare-label={label}
      >
        <Icon name="scale" className="size-4" />
        Compare<span className="sr-only"> {label}</span>
      </Link>
    );
  }

  const added = selection.some((v) => v.id === versionId);
  const toggle = () => {
    if (added) return compareSelection.remove(versionId);
    addToComparison(versionId, label);
  };
  return (
    <button type="button" aria-pressed={added} onClick={toggle} className={`btn-secondary ${pressedClass} ${className}`}>
      {added ? (
        <>
          Added<span className="sr-only"> to the comparison: {label}</span>
          <span aria-hidden="true">✓</span>
        </>
      ) : (
        <>
          <Icon name="scale" className="size-4" />
          Compare<span className="sr-only"> {label}</span>
        </>
      )}
    </button>
  );
}

/**
 * The primary "Compare the Corolla Cross" action of a model page: opens the comparator with the
 * cars already in the tray plus this one (a plain link to this car alone before the app runs).
 */
export function CompareWithTrayLink({ versionId, children, className = "" }: { versionId: number; children: React.ReactNode; className?: string }) {
  const interactive = useInteractive();
  const selection = useCompareSelection();
  const ids = interactive ? comparisonWith(selection.map((v) => v.id), versionId) : [versionId];
  return (
    <Link to={comparatorUrl(ids)} className={className} rel="nofollow">
      {children}
    </Link>
  );
}

/** A list card's "compare" action: the model's cheapest version on sale. */
export function EntryCompareLink({ model }: { model: { brandName: string; name: string; entryVersionId?: number; entryVersionName?: string } }) {
  if (!model.entryVersionId) return null;
  return <CompareLink versionId={model.entryVersionId} label={`${model.brandName} ${model.name} ${model.entryVersionName ?? ""}`.trim()} />;
}
