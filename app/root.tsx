import { useEffect } from "react";
import "./app.css";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { guideTaxonomyMenu, newsCategoryMenu } from "~/features/editorial/menu.server";
import { type ColourMode, colourModeFromCookie, colourModeScript, serverResolvedMode } from "~/lib/colour-mode";
import { env, publicUrl } from "~/lib/env.server";
import { errorTitle, documentTitle } from "~/lib/seo";
import { site } from "~/lib/site";
import { currentUser } from "~/features/accounts/accounts.server";
import { configuredSocialProviders } from "~/features/accounts/auth.server";
import { replayEarlyInput } from "~/lib/early-input";
import { escapeHtml } from "~/lib/html";
import { useServerRender } from "~/lib/server-render";
import { ErrorPage } from "~/ui/error-page";
import { useErrorReference } from "~/lib/request-reference";
import { customPhotoBase, PHOTO_BASE_META } from "~/features/marketplace/photos";
import { AppShell } from "~/shell/app-shell";
import type { RootData } from "~/shell/root-data";
import { useChunkReloadGuard, useNewBuildCheck } from "~/shell/build-updates";

export async function loader({ request }: Route.LoaderArgs) {
  const [newsCategories, guideTaxonomies, user] = await Promise.all([newsCategoryMenu(), guideTaxonomyMenu(), currentUser(request)]);
  const e = env();
  const rootData: RootData = {
    origin: publicUrl(),
    colourMode: colourModeFromCookie(request.headers.get("cookie")),
    captcha: e.CAPTCHA === "on",
    messagingUrl: e.MESSAGING_CHANNEL_URL ?? site.messagingChannelUrl,
    // The brand menu is fetched by the browser on first use (menus/brands.json): it is large.
    menus: { newsCategories, guideTaxonomies },
    // The signed-in user (null for visitors: their requests carry no session cookie, no lookup).
    user,
    socialProviders: configuredSocialProviders(),
  };
  return data(rootData);
}

// Menus and settings change rarely: reload them only after a form submission.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/atom+xml", title: `${site.name} news`, href: "/atom.xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/** A route may force a colour mode with `handle: { colourMode: "dark" }`. */
function useForcedColourMode(): ColourMode | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { colourMode?: ColourMode } | undefined;
    if (handle?.colourMode) return handle.colourMode;
  }
  return undefined;
}

/**
 * A route may send browsers without scripts elsewhere at once with
 * `handle: { noscriptRedirect: (data) => path }` (the selling gate sends visitors to the login
 * page; with scripts the login popup opens instead). A refresh in <noscript> belongs in <head>.
 */
function useNoscriptRedirect(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = match?.handle as { noscriptRedirect?: (data: unknown) => string | undefined } | undefined;
    if (handle?.noscriptRedirect) return handle.noscriptRedirect(match?.loaderData);
  }
  return undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useServerRender().nonce;
  const forced = useForcedColourMode();
  const resolved = serverResolvedMode(root?.colourMode ?? "system", forced);
  const photoBase = customPhotoBase();
  const noscriptRedirect = useNoscriptRedirect();
  return (
    <html
      lang="en-ZA"
      className={resolved === "dark" ? "dark" : undefined}
      data-forced-mode={forced}
      data-colour-mode={root?.colourMode ?? "system"}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        {photoBase ? <meta name={PHOTO_BASE_META} content={photoBase} /> : null}
        {/* Must run before the body paints: resolves "system" and applies the dark class. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: colourModeScript }} suppressHydrationWarning />
        <Meta />
        <Links />
        {noscriptRedirect ? <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="0; url=${escapeHtml(noscriptRedirect)}">` }} /> : null}
      </head>
      <body>
        {root ? <AppShell root={root}>{children}</AppShell> : children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useNewBuildCheck();
  useHydratedMarker();
  return <Outlet />;
}

export function meta({ error, location }: Route.MetaArgs) {
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : status === 404 ? `Page not found: ${location.pathname}` : "Internal Server Error";
    return [{ title: documentTitle(errorTitle(status, message)) }, { name: "robots", content: "noindex" }];
  }
  return [{ title: documentTitle(undefined) }, { name: "description", content: site.description }];
}

/**
 * `<html data-hydrated>` once the app runs in the browser (tests and scripts wait for it). The
 * root's effect runs after every other of the first render: the fields' handlers are in place
 * for the input a visitor made before the app ran, sent again from here.
 */
function useHydratedMarker() {
  useEffect(() => {
    // In a task of its own, outside React's commit: each change then renders before the next
    // (two changes in one batch would each start from the same state).
    const replay = setTimeout(replayEarlyInput, 0);
    document.documentElement.dataset.hydrated = "";
    return () => clearTimeout(replay);
  }, []);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useChunkReloadGuard(error);
  useHydratedMarker();
  // The failed request's id, for the visitor to quote (the same id is in every log line it wrote).
  const reference = useErrorReference(error);
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} message={typeof error.data === "string" ? error.data : error.statusText} reference={reference} />;
  }
  return <ErrorPage status={500} reference={reference} />;
}
