import { useEffect, useLayoutEffect, useState } from "react";
import { createPortal } from "react-dom";
import { CompareLink } from "./compare-link";

interface Slot {
  element: HTMLElement;
  link: HTMLAnchorElement;
  versionId: number;
  label: string;
}

/**
 * The compare toggles of a static island's cards. The browser keeps the island's server HTML as
 * it is, where each compare action is a link (CompareLink before the app runs); once the app runs
 * each link is swapped for the same toggle a rendered card has (pressed when the car is in the
 * tray), rendered here through a portal. An island rendered by the browser (after a navigation)
 * has its toggles already and no such links, so nothing is swapped.
 */
export function CompareToggles({ islandId, className = "" }: { islandId: string; className?: string }) {
  const [slots, setSlots] = useState<Slot[]>([]);
  // The island is the server's HTML only when it is in the document before this first renders (the
  // page's hydration); an island rendered by the browser is React's, and its links are not ours.
  const [fromServer] = useState(() => typeof document !== "undefined" && document.getElementById(islandId) !== null);

  useEffect(() => {
    const island = fromServer ? document.getElementById(islandId) : null;
    if (!island) return;
    const found: Slot[] = [];
    for (const link of island.querySelectorAll<HTMLAnchorElement>("a[data-compare-version]")) {
      const versionId = Number(link.dataset.compareVersion);
      if (!Number.isInteger(versionId) || versionId <= 0) continue;
      // A box that adds nothing to the layout, beside the link: the toggle lays out as it did.
      const element = document.createElement("span");
      element.className = "contents";
      link.after(element);
      found.push({ element, link, versionId, label: link.dataset.compareLabel ?? "" });
    }
    setSlots(found);
  }, [fromServer, islandId]);

  // Each link leaves once its toggle is in place, before the browser paints again: a card that
  // showed neither for a frame was shorter, and the cards below it moved up and back.
  useLayoutEffect(() => {
    for (const slot of slots) slot.link.remove();
  }, [slots]);

  return <>{slots.map((slot) => createPortal(<CompareLink versionId={slot.versionId} label={slot.label} className={className} />, slot.element, String(slot.versionId)))}</>;
}
