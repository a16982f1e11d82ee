import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { flatString } from "./html";

/**
 * The HTML of content printed apart from any request, to be kept and put into pages (the footer,
 * result cards, static islands). Its links need a router; any will do, as every link printed this
 * way is absolute. `identifierPrefix` keeps useId's ids apart from the page's and from other prints.
 */
export function printedMarkup(content: ReactNode, identifierPrefix?: string): string {
  return flatString(renderToStaticMarkup(<MemoryRouter>{content}</MemoryRouter>, { identifierPrefix }));
}
