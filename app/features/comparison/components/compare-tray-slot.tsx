import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";

// This file ships on every page, the home page included: it stays tiny and imports neither the
// selection store nor anything the compare actions import. It only decides when the tray's code
// is needed: the stored selection holds a car (checked on load and on every navigation), another
// tab stored one, or a compare action on this page dispatched TRAY_EVENT. The tray itself then
// follows the store and shows nothing while the selection is empty.
const CompareTray = lazy(() => import("./compare-tray"));

/** The selection's localStorage key (the store's SELECTION_STORAGE_KEY; a test keeps them equal). */
export const TRAY_STORAGE_KEY = "compare-versions";
/** Dispatched on window by a compare action that added a car (CompareLink). */
const TRAY_EVENT = "compare-tray";

const holdsCars = (raw: string | null) => raw !== null && raw !== "" && raw !== "[]";

/** The compare tray's place in the app shell: every page but the comparator's own. */
export function CompareTraySlot() {
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(false);

  useEffect(() => {
    if (needed) return;
    const check = () => {
      try {
        if (holdsCars(window.localStorage.getItem(TRAY_STORAGE_KEY))) setNeeded(true);
      } catch {
        // storage disabled: only a compare action on this page brings the tray
      }
    };
    const open = () => setNeeded(true);
    check();
    window.addEventListener("storage", check);
    window.addEventListener(TRAY_EVENT, open);
    return () => {
      window.removeEventListener("storage", check);
      window.removeEventListener(TRAY_EVENT, open);
    };
  }, [needed, pathname]);

  if (!needed || pathname.replace(/\/+$/, "") === "/comparateur") return null;
  return (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  );
}
