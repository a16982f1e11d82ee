import { useSyncExternalStore } from "react";

/**
 * The versions a visitor has picked to compare (the compare tray), kept in localStorage so the
 * choice survives navigation and reloads and follows other tabs. Pure rules first (tested), then
 * the browser store and its React hook.
 */
export const MAX_COMPARED = 4;
export const SELECTION_STORAGE_KEY = "compare-versions";

export interface ComparedVersion {
  id: number;
  /** What the tray shows: "Toyota Corolla Cross 1.8 Xi CVT". */
  label: string;
}

type AddOutcome = "added" | "already" | "full";

export function addVersion(list: readonly ComparedVersion[], version: ComparedVersion): { list: ComparedVersion[]; outcome: AddOutcome } {
  if (list.some((v) => v.id === version.id)) return { list: [...list], outcome: "already" };
  if (list.length >= MAX_COMPARED) return { list: [...list], outcome: "full" };
  return { list: [...list, version], outcome: "added" };
}

export function removeVersion(list: readonly ComparedVersion[], id: number): ComparedVersion[] {
  return list.filter((v) => v.id !== id);
}

/** A stored value read back: anything malformed is dropped, duplicates and extras too. */
export function parseSelection(raw: string | null): ComparedVersion[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const list: ComparedVersion[] = [];
  for (const item of value) {
    const { id, label } = (item ?? {}) as { id?: unknown; label?: unknown };
    if (typeof id !== "number" || !Number.isInteger(id) || id <= 0 || typeof label !== "string") continue;
    if (list.some((v) => v.id === id)) continue;
    list.push({ id, label: label.slice(0, 200) });
    if (list.length === MAX_COMPARED) break;
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// Browser store

const EMPTY: ComparedVersion[] = [];
let current: ComparedVersion[] | undefined;
const listeners = new Set<() => void>();

function read(): ComparedVersion[] {
  if (current === undefined) {
    try {
      current = parseSelection(window.localStorage.getItem(SELECTION_STORAGE_KEY));
    } catch {
      current = [];
    }
  }
  return current;
}

function write(next: ComparedVersion[]): void {
  current = next;
  try {
    window.localStorage.setItem(SELECTION_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the selection lasts for this page only
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SELECTION_STORAGE_KEY) return;
    current = parseSelection(event.newValue);
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export const compareSelection = {
  get: read,
  add(version: ComparedVersion): AddOutcome {
    const { list, outcome } = addVersion(read(), version);
    if (outcome === "added") write(list);
    return outcome;
  },
  remove(id: number): void {
    write(removeVersion(read(), id));
  },
  /** Replaces the selection (the comparator page makes the tray match what it shows). */
  set(list: readonly ComparedVersion[]): void {
    write(parseSelection(JSON.stringify(list)));
  },
  clear(): void {
    write([]);
  },
};

/** The current selection; empty during server rendering and hydration's first pass. */
export function useCompareSelection(): ComparedVersion[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
