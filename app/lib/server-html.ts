import { useState } from "react";
import { useServerRender } from "./server-render";

/**
 * Pre-rendered HTML fragments the server provides for large, static parts of the shell. On the
 * client the fragment is taken from the DOM the server sent, so React neither re-renders nor
 * hydrates its children.
 */
export interface ServerHtml {
  /** The footer's content (app/shell/footer.server.tsx). */
  footer?: string;
}

export function useServerHtml(key: keyof ServerHtml, elementId: string): string {
  const fromServer = useServerRender().fragments?.[key];
  const [html] = useState(() => {
    if (fromServer !== undefined) return fromServer;
    if (typeof document === "undefined") return "";
    return document.getElementById(elementId)?.innerHTML ?? "";
  });
  return html;
}
