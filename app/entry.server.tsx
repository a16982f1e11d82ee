import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter, isRouteErrorResponse, type HandleErrorFunction } from "react-router";
import { logger } from "~/lib/logger.server";
import { footerCatalogueHtml } from "~/features/catalogue/footer.server";
import { NonceContext } from "~/lib/nonce";
import { type ServerHtml, ServerHtmlContext } from "~/lib/server-html";

export const streamTimeout = 5_000;

async function serverHtml(): Promise<ServerHtml> {
  try {
    return { footerCatalogue: await footerCatalogueHtml() };
  } catch {
    // Database unavailable: the error page renders without the list.
    return {};
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce;
  const userAgent = request.headers.get("user-agent");
  // Crawlers never get the error page: the status and a minimal body, the error only logged.
  if (responseStatusCode >= 400 && userAgent && isbot(userAgent)) {
    logger.warn({ status: responseStatusCode, url: new URL(request.url).pathname, requestId: loadContext?.requestId }, "error answered to a crawler");
    responseHeaders.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(`${responseStatusCode}\n`, { status: responseStatusCode, headers: responseHeaders });
  }
  const fragments = await serverHtml();
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Crawlers get the whole document at once; browsers get the shell streamed.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerHtmlContext.Provider value={fragments}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerHtmlContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router refuses cross-site form posts itself (400): expected, not a server fault.
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    logger.warn({ url: new URL(request.url).pathname }, "cross-site form post refused");
    return;
  }
  logger.error({ err: error, url: new URL(request.url).pathname }, "unhandled error");
};
