import { AsyncLocalStorage } from "node:async_hooks";

// What the server knows of the request being handled, wherever the code runs while handling it
// (loaders, actions, mails, error handlers): the logger adds its id to every line, the metrics
// read the route it matched.

export interface RequestScope {
  /** The request id (also the `x-request-id` response header and the error page's reference). */
  readonly requestId: string;
  /** The matched route's pattern ("/voitures-neuves/:brand"), or a fixed name for the server's own paths. */
  route?: string;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (and everything it starts) inside the request's scope. */
export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** The scope of the request being handled; undefined outside a request (start-up, jobs). */
export function currentRequest(): RequestScope | undefined {
  return scopes.getStore();
}

/** Names the route that answers the request being handled, for the metrics. */
export function nameCurrentRoute(route: string): void {
  const scope = scopes.getStore();
  if (scope) scope.route = route;
}
