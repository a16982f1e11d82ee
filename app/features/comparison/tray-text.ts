import { MAX_COMPARED } from "./selection";

/** The comparator URL for a set of version ids, order kept (spec: /comparateur). */
export const comparatorUrl = (versionIds: readonly number[]) => `/comparateur?versions=${versionIds.join(",")}`;

/** "1 car to compare", "3 cars to compare". */
export const trayCountText = (count: number) => `${count} ${count === 1 ? "car" : "cars"} to compare`;

/** The accessible name of a tray item's remove button. */
export const removeFromComparisonLabel = (label: string) => `Remove ${label} from the comparison`;

/** The toast when a fifth car is added. */
export const TRAY_FULL_MESSAGE = `You can compare up to ${MAX_COMPARED} cars. Remove one first.`;

/**
 * Where "Compare this car" goes: the cars already in the tray with this one added (when there is
 * room), so the visitor's choice is kept; just this car when the tray is empty or full.
 */
export function comparisonWith(selectedIds: readonly number[], versionId: number): number[] {
  if (selectedIds.includes(versionId)) return [...selectedIds];
  if (selectedIds.length === 0 || selectedIds.length >= MAX_COMPARED) return [versionId];
  return [...selectedIds, versionId];
}
