import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { ReactElement } from "react";
import type { AppLoadContext, EntryContext, ServerBuild, ServerInstrumentation } from "react-router";
import { ServerRouter, isRouteErrorResponse, type HandleErrorFunction } from "react-router";
import { logger } from "~/lib/logger.server";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/lib/database-outage.server";
import { footerCatalogueHtml } from "~/features/catalogue/footer.server";
import { printedFooter } from "~/shell/footer.server";
import { applyCachePolicy, type DocumentCachePolicy, documentCachePolicy, ifNoneMatchMatches } from "~/lib/http-cache";
import { documentEtag } from "~/lib/http-cache.server";
import { deferredScriptPieces, deferScriptsInBytes, deferScriptsStream } from "~/lib/deferred-scripts.server";
import { documentSink } from "~/lib/document-sink.server";
import { readHandoffAhead, renderWholeDocument } from "~/lib/whole-document.server";
import { type DocumentApart, documentApart, entryContextFor } from "~/lib/document-apart.server";
import type { ServerHtml } from "~/lib/server-render";
import { ServerRenderContext } from "~/lib/server-render";
import { printIsland } from "~/lib/island-printer.server";
import { documentsRendered, routePatternLabel } from "~/lib/metrics.server";
import { nameCurrentRoute } from "~/lib/request-context.server";

export const streamTimeout = 5_000;

/**
 * The metrics' route label: the pattern of the route React Router matched ("/voitures-neuves/:brand",
 * "/*" for the 404 route), named by its loaders and actions, never the raw URL.
 */
export const instrumentations: ServerInstrumentation[] = [
  {
    route(route) {
      const name = async (run: () => Promise<unknown>, info: { pattern: string }) => {
        nameCurrentRoute(routePatternLabel(info.pattern));
        await run();
      };
      route.instrument({ loader: name, action: name });
    },
  },
];

async function serverHtml(): Promise<ServerHtml> {
  try {
    return { footer: printedFooter(await footerCatalogueHtml()) };
  } catch {
    // Database unavailable: the error page's footer has no brand list.
    return { footer: printedFooter("") };
  }
}

function policyFor(request: Request, status: number, headers: Headers): DocumentCachePolicy {
  return documentCachePolicy({
    method: request.method,
    status,
    routeCacheControl: headers.get("Cache-Control"),
    setsCookie: headers.has("Set-Cookie"),
    requestCookies: request.headers.get("cookie"),
  });
}

/**
 * A form posted without JavaScript and refused with 429: React Router builds the document's
 * headers from the routes' `headers` exports only, so the action's Retry-After is passed on here,
 * for every form at once.
 */
function forwardRetryAfter(routerContext: EntryContext, responseHeaders: Headers): void {
  for (const actionHeaders of Object.values(routerContext.staticHandlerContext.actionHeaders ?? {})) {
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter) responseHeaders.set("Retry-After", retryAfter);
  }
}

/** A 503 (the database unreachable) tells browsers, crawlers and proxies when to come back. */
function askToRetryWhenUnavailable(status: number, headers: Headers): void {
  if (status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
}

/** The document is an error boundary's: a loader, action or render threw (a 404 included). */
function rendersErrorPage(routerContext: EntryContext, status: number): boolean {
  return status >= 400 && status !== 429 && routerContext.staticHandlerContext.errors != null;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  forwardRetryAfter(routerContext, responseHeaders);
  askToRetryWhenUnavailable(responseStatusCode, responseHeaders);
  const nonce = loadContext?.cspNonce;
  const userAgent = request.headers.get("user-agent");
  // Crawlers never get the error page (spec section 8): the status and a minimal body, the error
  // only logged. Only the error page: a form's own answer (a 400 with its messages, a 429) or a
  // loader's 400 page is rendered for every visitor, and isbot() also knows headless browsers.
  if (rendersErrorPage(routerContext, responseStatusCode) && userAgent && isbot(userAgent)) {
    logger.warn({ status: responseStatusCode, url: new URL(request.url).pathname, requestId: loadContext?.requestId }, "error answered to a crawler");
    responseHeaders.set("Content-Type", "text/plain; charset=utf-8");
    applyCachePolicy(responseHeaders, policyFor(request, responseStatusCode, responseHeaders));
    return new Response(`${responseStatusCode}\n`, { status: responseStatusCode, headers: responseHeaders });
  }
  const fragments = await serverHtml();
  // Pages that may be cached are rendered whole, so their ETag can be computed and a 304 sent;
  // the others keep streaming. The policy is settled again once rendering ended (an error may occur).
  const cacheable = policyFor(request, responseStatusCode, responseHeaders).kind !== "no-store";
  const requestId = loadContext?.requestId;
  const printed = loadContext?.printed;
  const app = documentApp({ routerContext, url: request.url, nonce, requestId, fragments, printed });

  /** The document's type and cache policy, once rendering has settled the status. */
  const settleHeaders = (): DocumentCachePolicy => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const policy = policyFor(request, responseStatusCode, responseHeaders);
    applyCachePolicy(responseHeaders, policy);
    return policy;
  };

  /**
   * A whole document, its scripts deferred and its headers settled: the bytes, or a 304 when the client has them (by the
   * ETag of a page a cache may keep; a signed-in visitor's page, kept by none, gets none).
   */
  const answerWhole = async (html: Buffer, policy: DocumentCachePolicy): Promise<Response> => {
    if (policy.kind !== "no-store") {
      const etag = await documentEtag(html, nonce);
      responseHeaders.set("ETag", etag);
      if (ifNoneMatchMatches(request.headers.get("If-None-Match"), etag)) {
        // The browser or CDN keeps its copy (and the CSP that came with it: see server/app.ts).
        responseHeaders.delete("Content-Type");
        return new Response(null, { status: 304, headers: responseHeaders });
      }
    }
    if (loadContext?.takeDocument) {
      // The server sends the bytes itself: no web stream around them.
      loadContext.takeDocument(html);
      return new Response(null, { headers: responseHeaders, status: responseStatusCode });
    }
    return new Response(html as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode });
  };

  if (!routerContext.isSpaMode) {
    // In one synchronous pass (app/lib/whole-document.server.tsx), the hydration data read first.
    // Every document, a signed-in visitor's too: nothing on the server waits for data while it
    // renders, so streaming the shell first would gain nothing and cost React's byte-by-byte
    // output. A render that suspends anyway is streamed below.
    const handoffReads = await readHandoffAhead(routerContext);
    // On a render thread when the server has them (decision 021), else here; the scripts'
    // deferral is done as the document is copied out of the renderer's buffer.
    const apart = loadContext?.renderApart && handoffReads ? documentApart(routerContext, handoffReads, { url: request.url, nonce, requestId, fragments, printed }) : null;
    const renderedApart = apart && (await loadContext.renderApart!(apart));
    documentsRendered.inc({ thread: renderedApart ? "render" : "main" });
    const bytes = renderedApart ?? renderWholeDocument(app, deferredScriptPieces);
    if (bytes !== null) {
      return answerWhole(bytes, settleHeaders());
    }
  } else documentsRendered.inc({ thread: "main" });

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Crawlers get the whole document at once; browsers get the shell streamed.
    const readyOption = cacheable || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const policy = settleHeaders();
        if (!cacheable || policy.kind === "no-store") {
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body.pipe(deferScriptsStream()));
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
          return;
        }
        // React uses write, end, destroy and on of its destination (a whole stream is not needed).
        pipe(documentSink((rendered) => resolve(answerWhole(deferScriptsInBytes(rendered), policy)), reject) as unknown as NodeJS.WritableStream);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** The document's element: React Router's, inside what the app's render reads of the request and the server. */
function documentApp(document: {
  routerContext: EntryContext;
  url: string;
  nonce: string | undefined;
  requestId: string | undefined;
  fragments: ServerHtml;
  printed: Map<string, unknown> | undefined;
}): ReactElement {
  const { routerContext, url, nonce, requestId, fragments, printed } = document;
  return (
    <ServerRenderContext.Provider value={{ nonce, requestId, fragments, printed, printIsland }}>
      <ServerRouter context={routerContext} url={url} nonce={nonce} />
    </ServerRenderContext.Provider>
  );
}

/**
 * A document handed over by another thread's request (decision 021), rendered whole here with
 * this thread's copy of the build: its bytes, or null when it needs the streaming renderer.
 */
export function renderDocumentApart(document: DocumentApart, build: ServerBuild): Buffer | null {
  const routerContext = entryContextFor(document, build);
  return renderWholeDocument(documentApp({ ...document, routerContext }), deferredScriptPieces);
}

/**
 * Client-side navigations fetch loader data (`*.data`) with the same route headers as the
 * document: the same rules apply, so a signed-in visitor's data is never marked public.
 */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  const policy = policyFor(request, response.status, response.headers);
  try {
    applyCachePolicy(response.headers, policy);
    askToRetryWhenUnavailable(response.status, response.headers);
  } catch {
    // immutable headers (a Response passed through untouched): leave it
  }
  return response;
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A 503 is the database outage, logged once when it began (app/lib/database-outage.server.ts).
  if (isRouteErrorResponse(error) && (error.status < 500 || error.status === 503)) return;
  // React Router refuses cross-site form posts itself (400): expected, not a server fault.
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    logger.warn({ url: new URL(request.url).pathname }, "cross-site form post refused");
    return;
  }
  logger.error({ err: error, url: new URL(request.url).pathname }, "unhandled error");
};
