import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { flatString } from "./html";
import type { IslandPrinter } from "./island-printer";
import { logger } from "./logger.server";

// A static island's content is the same HTML for every render given the same props: the model
// page's reviews and similar models, a version's specification, an article's body. React costs
// about as much per element whether or not the browser hydrates it, so the content is printed once
// and kept, keyed by the island's id and everything its elements were given (a change of data
// prints it again). Only islands whose content reads no request state (the signed-in user, the
// URL, the nonce) may ask for this (StaticIsland's `printed`): a printed island sees none of it.

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

export const printIsland: IslandPrinter = (id, children) => {
  let key: string;
  try {
    key = `${id}\u0000${contentKey(children)}`;
  } catch {
    return null;
  }
  const known = kept.get(key);
  if (known !== undefined) return known;
  // Links need a router; any will do, island links are absolute. Ids from useId start with the
  // island's own id, so two islands printed apart never share one.
  let html: string;
  try {
    html = flatString(renderToStaticMarkup(<MemoryRouter>{children}</MemoryRouter>, { identifierPrefix: `${id}-` }));
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
  keptChars = 0;
}
