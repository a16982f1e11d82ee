import { useState } from "react";
import { type ServerHtml, useServerRender } from "./server-render";

/**
 * A pre-rendered fragment of the shell (ServerHtml): on the server the one the document's render
 * was given; in the browser the HTML of the element the server printed it in, so React neither
 * re-renders nor hydrates its children.
 */
export function useServerHtml(key: keyof ServerHtml, elementId: string): string {
  const fromServer = useServerRender().fragments?.[key];
  const [html] = useState(() => {
    if (fromServer !== undefined) return fromServer;
    if (typeof document === "undefined") return "";
    return document.getElementById(elementId)?.innerHTML ?? "";
  });
  return html;
}
