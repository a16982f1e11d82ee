import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { ServerRenderContext } from "./server-render";
import { printIsland } from "./island-printer.server";

// For tests of printed static islands (not for the app).

/** A page holding `island`, rendered as entry.server renders documents (with the printer) or without it. */
export function renderIslandPage(island: ReactElement, withPrinter: boolean): string {
  return renderToString(<MemoryRouter>{withPrinter ? <ServerRenderContext.Provider value={{ printIsland }}>{island}</ServerRenderContext.Provider> : island}</MemoryRouter>);
}
