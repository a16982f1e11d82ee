import { ArrowRight, ChevronUp, Scale, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { type ComparedVersion, MAX_COMPARED, compareSelection, useCompareSelection } from "../selection";
import { comparatorUrl, removeFromComparisonLabel, trayCountText } from "../tray-text";

const focusMain = () => document.getElementById("main")?.focus({ preventScroll: true });

/**
 * The compare tray: a bar fixed at the bottom of every page while the selection holds cars.
 * Phones and tablets see a compact bar ("2 cars to compare", "Compare now") that unfolds to the list;
 * from 1024 px the cars show as chips in four places. Loaded on demand by CompareTraySlot; shows nothing while
 * the selection is empty.
 */
export default function CompareTray() {
  const selection = useCompareSelection();
  return selection.length > 0 ? <TrayBar selection={selection} /> : null;
}

function TrayBar({ selection }: { selection: ComparedVersion[] }) {
  const [expanded, setExpanded] = useState(false);
  const [height, setHeight] = useState(0);
  const trayRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  const listId = useId();
  const { pathname } = useLocation();

  // The page keeps room for the tray: a spacer as tall as the tray ends the document, and
  // --compare-tray-height tells other fixed elements how far above it to stay.
  useLayoutEffect(() => {
    const tray = trayRef.current;
    if (!tray) return;
    const root = document.documentElement;
    const update = () => {
      setHeight(tray.offsetHeight);
      root.style.setProperty("--compare-tray-height", `${tray.offsetHeight}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(tray);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--compare-tray-height");
    };
  }, []);

  // Each page starts with the phone bar folded.
  useEffect(() => setExpanded(false), [pathname]);

  // After a removal, focus goes to the next car's remove button (or the previous one's).
  useEffect(() => {
    const id = focusAfterRemove.current;
    if (id === null) return;
    focusAfterRemove.current = null;
    trayRef.current?.querySelector<HTMLButtonElement>(`[data-remove="${id}"]`)?.focus();
  }, [selection]);

  const remove = (id: number) => {
    const index = selection.findIndex((v) => v.id === id);
    const neighbour = selection[index + 1] ?? selection[index - 1];
    if (neighbour) focusAfterRemove.current = neighbour.id;
    else focusMain(); // the tray is about to go
    compareSelection.remove(id);
  };
  const clear = () => {
    focusMain();
    compareSelection.clear();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !expanded) return;
    setExpanded(false);
    toggleRef.current?.focus();
  };

  const count = trayCountText(selection.length);
  return (
    <>
      <div aria-hidden="true" data-compare-tray-spacer="" className="print:hidden" style={{ height }} />
      <section
        ref={trayRef}
        aria-label="Compare tray"
        onKeyDown={onKeyDown}
        className="fixed inset-x-0 bottom-0 z-[1300] border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] text-slate-900 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] backdrop-blur transition-transform duration-200 starting:translate-y-full print:hidden dark:border-slate-800 dark:bg-slate-900/95 dark:text-slate-100"
      >
        <div className="container-page flex flex-wrap items-center gap-x-3 gap-y-2 py-2 lg:flex-nowrap lg:py-3">
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((open) => !open)}
            className="flex min-h-11 min-w-0 flex-1 items-center gap-1.5 rounded-[var(--radius-control)] text-left text-sm font-semibold lg:hidden"
          >
            <Scale className="size-5 shrink-0 text-primary-700 dark:text-primary-300" strokeWidth={1.75} aria-hidden="true" />
            <span className="truncate">{count}</span>
            <ChevronUp className={`size-4 shrink-0 transition-transform duration-200 ${expanded ? "rotate-180" : ""}`} strokeWidth={1.75} aria-hidden="true" />
          </button>
          <p className="hidden shrink-0 items-center gap-2 text-sm font-semibold lg:flex lg:max-xl:sr-only">
            <Scale className="size-5 text-primary-700 dark:text-primary-300" strokeWidth={1.75} aria-hidden="true" />
            {count}
          </p>
          <div id={listId} className={`${expanded ? "" : "hidden"} order-last w-full pb-1 lg:order-none lg:flex lg:w-auto lg:min-w-0 lg:flex-1 lg:items-center lg:gap-3 lg:pb-0`}>
            <ul className="flex flex-col gap-1.5 lg:grid lg:min-w-0 lg:flex-1 lg:grid-cols-4 lg:gap-2">
              {selection.map((version) => (
                <li
                  key={version.id}
                  className="flex min-h-11 items-center gap-2 rounded-[var(--radius-control)] bg-slate-100 py-1 pr-1 pl-3 text-sm font-medium lg:min-w-0 lg:text-[0.8125rem] lg:leading-tight dark:bg-slate-800"
                >
                  <span className="min-w-0 flex-1 lg:line-clamp-2" title={version.label}>
                    {version.label}
                  </span>
                  <button
                    type="button"
                    data-remove={version.id}
                    aria-label={removeFromComparisonLabel(version.label)}
                    onClick={() => remove(version.id)}
                    className="grid size-9 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 lg:size-7 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
                  >
                    <X className="size-4" strokeWidth={1.75} aria-hidden="true" />
                  </button>
                </li>
              ))}
              {/* Wide screens: the free places, so the tray shows how many cars it takes. */}
              {Array.from({ length: MAX_COMPARED - selection.length }, (_, i) => (
                <li key={`free-${i}`} aria-hidden="true" className="hidden rounded-[var(--radius-control)] border border-dashed border-slate-300 lg:block dark:border-slate-700" />
              ))}
            </ul>
            <button
              type="button"
              onClick={clear}
              className="mt-1 ml-auto block rounded-[var(--radius-control)] px-2 py-2 text-sm font-semibold text-primary-700 hover:underline lg:mt-0 lg:shrink-0 dark:text-primary-300"
            >
              Clear
            </button>
          </div>
          <Link to={comparatorUrl(selection.map((v) => v.id))} rel="nofollow" className="btn-primary shrink-0 px-3 sm:px-4">
            Compare now
            <ArrowRight className="size-4 max-sm:hidden" strokeWidth={1.75} aria-hidden="true" />
          </Link>
        </div>
      </section>
    </>
  );
}
