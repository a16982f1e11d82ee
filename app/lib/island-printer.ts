import type { ReactNode } from "react";

/**
 * On the server, during a document's render: the HTML of a static island's content, printed once
 * and kept for the next render that asks for the same content (island-printer.server.tsx); null
 * when it cannot be printed apart (the island then renders as usual). Absent in the browser.
 */
export type IslandPrinter = (id: string, children: ReactNode) => string | null;
