import { type MouseEvent, useState } from "react";
import { type NavigateFunction, useNavigate } from "react-router";
import { useServerRender } from "~/lib/server-render";

/** For plain-HTML link lists: a same-site left click goes through the router like <Link>. */
export function followSameSiteLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element).closest("a");
  const href = anchor?.getAttribute("href");
  if (!anchor || anchor.target || !href?.startsWith("/")) return;
  // A compare link asks to add its car to the compare tray (handled where compare links live).
  const compareVersion = anchor.dataset.compareVersion;
  if (compareVersion) {
    const request = new CustomEvent("compare-request", {
      cancelable: true,
      detail: { id: Number(compareVersion), label: anchor.dataset.compareLabel ?? "" },
    });
    window.dispatchEvent(request);
    if (request.defaultPrevented) {
      event.preventDefault();
      return;
    }
  }
  event.preventDefault();
  void navigate(href);
}

/**
 * Server-rendered content that never changes on the client (card grids, long link lists). On
 * the first load the browser keeps the server's HTML as it is: React takes it as
 * dangerouslySetInnerHTML and does not hydrate its children, which saves most of the page's
 * start-up work on phones. After a client-side navigation the children render normally.
 * Links inside stay in-app: same-site clicks go through the router. An island whose content
 * changes with the URL needs a key and an id of its own per URL (the state reads its HTML once).
 * A `printed` island's content is printed once on the server and reused by every render given the
 * same props (~/lib/island-printer.server.tsx): only for content that reads no request state.
 */
export function StaticIsland({
  id,
  className,
  onSubmit,
  printed = false,
  children,
}: {
  id: string;
  /** The content depends on its props alone (no signed-in user, URL or nonce read inside). */
  printed?: boolean;
  className?: string;
  /** Forms inside the server's HTML submit here (React does not manage them). */
  onSubmit?: React.FormEventHandler<HTMLDivElement>;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const printer = useServerRender().printIsland;
  const [serverHtml] = useState(() => (typeof document === "undefined" ? null : (document.getElementById(id)?.innerHTML ?? null)));

  const followInApp = (event: MouseEvent<HTMLDivElement>) => followSameSiteLink(event, navigate);

  const printedHtml = printed && printer ? printer(id, children) : null;
  if (printedHtml !== null) return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: printedHtml }} />;
  if (serverHtml === null) {
    return (
      <div id={id} className={className} onSubmit={onSubmit}>
        {children}
      </div>
    );
  }
  return <div id={id} className={className} onClick={followInApp} onSubmit={onSubmit} dangerouslySetInnerHTML={{ __html: serverHtml }} />;
}
