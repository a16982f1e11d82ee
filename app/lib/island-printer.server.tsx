import type { ReactNode } from "react";
import { printedMarkup } from "./printed-markup.server";
import type { IslandPrinter } from "./island-printer";
import { logger } from "./logger.server";

// A static island's content is the same HTML for every render given the same props: the model
// page's reviews and similar models, a version's specification, an article's body. React costs
// about as much per element whether or not the browser hydrates it, so the content is printed once
// and kept, keyed by the island's id and everything its elements were given (a change of data
// prints it again). Only islands whose content reads no request state (the signed-in user, the
// URL, the nonce) may ask for this (StaticIsland's `printed`): a printed island sees none of it.
// What an island is given is never changed in place once rendered: given the same objects again,
// it is not read again (sameElements).

/** Printed HTML kept, in characters (two bytes each at most): about 16 MB. */
const MAX_KEPT_CHARS = 8_000_000;
const kept = new Map<string, string>();
let keptChars = 0;

/**
 * What the elements were given, as text: component functions by name, Sets and Maps as their
 * entries (JSON would print both as `{}`), React's own bookkeeping left out. Throws on a cycle.
 */
export function contentKey(children: ReactNode): string {
  return JSON.stringify(children, (key, value: unknown) => {
    if (key === "_owner" || key === "_store" || key === "_debugInfo" || key === "_debugStack" || key === "_debugTask") return undefined;
    if (typeof value === "function") return `ƒ${(value as { displayName?: string }).displayName ?? value.name}`;
    if (value instanceof Set) return { set: [...value] };
    if (value instanceof Map) return { map: [...value] };
    return value;
  });
}

function keep(key: string, html: string): void {
  kept.set(key, html);
  keptChars += key.length + html.length;
  // Map keeps insertion order: the oldest prints go first.
  for (const [oldKey, oldHtml] of kept) {
    if (keptChars <= MAX_KEPT_CHARS) break;
    kept.delete(oldKey);
    keptChars -= oldKey.length + oldHtml.length;
  }
}

// What each island was last given, and under which key its print is kept. Most islands are given
// the same content render after render, often the very objects the caches keep (decision 012), and
// comparing the elements is far cheaper than serialising what they were given: a twentieth of a
// model page.
const LAST_GIVEN_MAX = 500;
const lastGiven = new Map<string, { children: ReactNode; key: string }>();

/**
 * The same content as before: the same element types and keys, props and children equal by
 * value where they are plain data (strings, numbers, plain objects and arrays) and the same
 * object otherwise (functions, dates, sets, class instances). Nothing is built on the way, so it
 * costs far less than serialising: false whenever unsure, the content is then keyed by its text.
 */
export function sameElements(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (depth > 64 || typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameElements(a[i], b[i], depth + 1)) return false;
    return true;
  }
  const x = a as { $$typeof?: symbol; type?: unknown; key?: unknown; props?: Record<string, unknown> };
  const y = b as typeof x;
  if (x.$$typeof !== undefined || y.$$typeof !== undefined) {
    if (x.$$typeof !== y.$$typeof || x.type !== y.type || x.key !== y.key || !x.props || !y.props) return false;
    return sameElements(x.props, y.props, depth + 1);
  }
  const prototype = Object.getPrototypeOf(a);
  if ((prototype !== Object.prototype && prototype !== null) || Object.getPrototypeOf(b) !== prototype) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let count = 0;
  for (const name in left) {
    count++;
    if (!(name in right) || !sameElements(left[name], right[name], depth + 1)) return false;
  }
  for (const _ in right) count--;
  return count === 0;
}

export const printIsland: IslandPrinter = (id, children) => {
  const last = lastGiven.get(id);
  if (last && sameElements(children, last.children)) {
    const known = kept.get(last.key);
    if (known !== undefined) return known;
  }
  let key: string;
  try {
    key = `${id}\u0000${contentKey(children)}`;
  } catch {
    return null;
  }
  lastGiven.delete(id);
  lastGiven.set(id, { children, key });
  if (lastGiven.size > LAST_GIVEN_MAX) lastGiven.delete(lastGiven.keys().next().value!);
  const known = kept.get(key);
  if (known !== undefined) return known;
  // Ids from useId start with the island's own id, so two islands printed apart never share one.
  let html: string;
  try {
    html = printedMarkup(children, `${id}-`);
  } catch (err) {
    // Content that needs the request after all: it renders with the page, as unprinted islands do.
    logger.warn({ err, island: id }, "a static island could not be printed apart");
    return null;
  }
  keep(key, html);
  return html;
};

/** For tests: forget every print. */
export function forgetPrintedIslands(): void {
  kept.clear();
  lastGiven.clear();
  keptChars = 0;
}
