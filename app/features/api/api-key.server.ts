import crypto from "node:crypto";

/** The key a request presents: the API_KEY query parameter, else the API_KEY header. */
function presentedApiKey(request: Request): string | null {
  return new URL(request.url).searchParams.get("API_KEY") ?? request.headers.get("API_KEY");
}

/**
 * Whether the request may use the product API. Without a configured key the API is open (the
 * server's start log says so). Compared in constant time: both sides are hashed first so that
 * neither the content nor the length of the key leaks through timing.
 */
export function isAuthorised(request: Request, configuredKey: string | undefined): boolean {
  if (!configuredKey) return true;
  const presented = presentedApiKey(request);
  if (presented === null) return false;
  const a = crypto.createHash("sha256").update(presented).digest();
  const b = crypto.createHash("sha256").update(configuredKey).digest();
  return crypto.timingSafeEqual(a, b);
}
