import { type ReactNode, useId } from "react";
import { Meta, Outlet, Scripts } from "react-router";

/**
 * The root route module of a hand-made build (tests/setup/server-build.ts) whose documents are
 * whole pages: html, head with the routes' meta, body with React Router's scripts under `nonce`.
 */
export function documentRootModule(nonce: string, loader: () => unknown, more: Record<string, unknown> = {}) {
  return {
    loader,
    Layout: ({ children }: { children: ReactNode }) => (
      <html lang="en-ZA">
        <head>
          <meta charSet="utf-8" />
          <Meta />
        </head>
        <body>
          {children}
          <Scripts nonce={nonce} />
        </body>
      </html>
    ),
    default: () => <Outlet />,
    ...more,
  };
}

/** A labelled field: its id comes from useId, so a page rendered twice must give it the same. */
export function LabelledPrice() {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>Price</label>
      <input id={id} defaultValue="R 415 900" />
    </p>
  );
}
