import type { ServerBuild } from "react-router";
import {
  databaseShortCircuited,
  databaseUnavailableResponse,
  isDatabaseUnavailableError,
  noteDatabaseReachable,
  noteDatabaseUnreachable,
} from "~/lib/database-outage.server";

type Handler = (args: unknown) => unknown;

/**
 * Every loader and action of the build, wrapped once: a connection-level database failure becomes
 * a thrown 503 Response, which React Router turns into the error page for documents and `.data`
 * requests, and hands back as it is from resource routes. Other errors pass through unchanged.
 */
function answeringOutages(handler: Handler): Handler {
  return async (args) => {
    if (databaseShortCircuited()) throw databaseUnavailableResponse();
    try {
      const result = await handler(args);
      noteDatabaseReachable();
      return result;
    } catch (error) {
      if (!isDatabaseUnavailableError(error)) throw error;
      noteDatabaseUnreachable(error);
      throw databaseUnavailableResponse();
    }
  };
}

export function answerDatabaseOutages(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module as { loader?: Handler; action?: Handler };
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: answeringOutages(loader) } : {}),
        ...(action ? { action: answeringOutages(action) } : {}),
      } as typeof route.module,
    };
  }
  return { ...build, routes };
}
