import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { IslandPrinterContext } from "./island-printer";
import { printIsland } from "./island-printer.server";

// For tests of printed static islands (not for the app).

/** A page holding `island`, rendered as entry.server renders documents (with the printer) or without it. */
export function renderIslandPage(island: ReactElement, withPrinter: boolean): string {
  return renderToString(<MemoryRouter>{withPrinter ? <IslandPrinterContext.Provider value={printIsland}>{island}</IslandPrinterContext.Provider> : island}</MemoryRouter>);
}
