import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";
import { type TextPatch, textPatchHooks } from "./text-patches";

// postgres.js, as the server build bundles it, with a lost-query bug fixed (decision 012).
//
// A connection's socket reports a reset with 'error' (the queries in flight fail) and, a turn of
// the event loop later, 'close', which takes the connection out of the pool's open list. A query
// given to the connection in between is written to the dead socket, and 'close', told the socket
// had an error, fails nothing more: the query never settled, and after the database's return the
// new connection's start-up answer resolved it with no rows. A write pending at the close also
// stayed scheduled-but-cleared, so the reconnected socket never sent its start-up message.
// Found by the database-outage test, which hung when a page's reads fell into that window.

const require = createRequire(import.meta.url);

// The package exports no package.json: its CommonJS entry is cjs/src/index.js, the ES module one
// (which the build bundles) src/index.js beside it.
export const POSTGRES_CONNECTION = path.resolve(path.dirname(require.resolve("postgres")), "..", "..", "src", "connection.js");

export const PATCHES: TextPatch[] = [
  {
    // The pending write belongs to the dead socket: forget it, or the next socket's first write
    // (the start-up message) is appended to it and never scheduled.
    find: `    clearImmediate(nextWriteTimer)
    socket.removeListener('data', data)`,
    replace: `    clearImmediate(nextWriteTimer)
    nextWriteTimer = chunk = null
    socket.removeListener('data', data)`,
  },
  {
    // Whatever is still given to the connection fails at its close, error or not, and the failed
    // query is forgotten so the next connection's answers are not taken for its own.
    find: `    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))`,
    replace: `    if (query || sent.length)
      error(Errors.connection('CONNECTION_CLOSED', options, socket))
    query = null`,
  },
];

export function postgresConnectionFixes(): Plugin {
  return {
    name: "voitura:postgres-connection",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    ...textPatchHooks({
      label: "postgres-connection",
      dependency: "postgres.js",
      source: "server/postgres-connection.vite.ts",
      appliesTo: (id) => path.resolve(id.split("?")[0]) === POSTGRES_CONNECTION,
      patches: PATCHES,
    }),
  };
}
