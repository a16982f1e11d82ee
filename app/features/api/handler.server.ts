import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { isAuthorised } from "./api-key.server";
import { ApiError, endpoints } from "./endpoints.server";

// GET /api.php?endpoint=… (spec section 7, brief "Contracts"). Every answer is JSON; errors are
// `{ error }` with a 4xx status (a 500 says nothing about its cause).

const ALLOW = "GET, HEAD";

function errorResponse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

interface ApiRequestOptions {
  requestId?: string;
  /** The configured key; the API_KEY environment variable by default. */
  apiKey?: string | undefined;
}

export async function handleApiRequest(request: Request, options: ApiRequestOptions = {}): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return errorResponse(405, "Method not allowed: use GET.", { Allow: ALLOW });

  const apiKey = "apiKey" in options ? options.apiKey : env().API_KEY;
  if (!isAuthorised(request, apiKey)) {
    return errorResponse(401, "A valid API_KEY is required (query parameter or header).", { "WWW-Authenticate": "API_KEY" });
  }

  const params = new URL(request.url).searchParams;
  const name = params.get("endpoint");
  if (!name) return errorResponse(400, "The endpoint parameter is required.");
  const endpoint = Object.hasOwn(endpoints, name) ? endpoints[name] : undefined;
  if (!endpoint) return errorResponse(400, `Unknown endpoint: ${name.slice(0, 60)}.`);

  try {
    const body = await endpoint.handle(params);
    // With a key the answer is for that client only: a shared cache must not hand it to others.
    const cacheControl = apiKey ? `private, max-age=${endpoint.maxAge}` : `public, max-age=${endpoint.maxAge}`;
    return Response.json(body, { headers: { "Cache-Control": cacheControl, Vary: "API_KEY" } });
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error.status, error.message);
    logger.error({ err: error, requestId: options.requestId, endpoint: name }, "api.php endpoint failed");
    return errorResponse(500, "The server could not answer this request. Try again later.");
  }
}
