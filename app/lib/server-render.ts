import { createContext, useContext } from "react";
import type { IslandPrinter } from "./island-printer";

/**
 * What a document's render reads on the server besides the routes' data, given in one provider by
 * app/entry.server.tsx (on a render thread too). In the browser there is none: each field is then
 * undefined, and a reader that needs the server's value takes it from the HTML the server sent.
 */
export interface ServerRender {
  /** The request's CSP nonce, for the inline scripts the document needs before first paint. */
  nonce?: string;
  /** The request's id, shown on the error page as its reference (request-reference.ts). */
  requestId?: string;
  /** Large static parts of the shell, printed apart (server-html.ts). */
  fragments?: ServerHtml;
  /** What loaders kept for this render only (printed-data.ts). */
  printed?: Map<string, unknown>;
  /** Prints a static island's content once and keeps it (island-printer.server.tsx). */
  printIsland?: IslandPrinter;
}

/**
 * Pre-rendered HTML fragments the server provides for large, static parts of the shell. On the
 * client the fragment is taken from the DOM the server sent, so React neither re-renders nor
 * hydrates its children.
 */
export interface ServerHtml {
  /** The footer's content (app/shell/footer.server.tsx). */
  footer?: string;
}

export const ServerRenderContext = createContext<ServerRender>({});

export function useServerRender(): ServerRender {
  return useContext(ServerRenderContext);
}
