import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../tests/setup/app-instance";
import { databaseShortCircuited, isDatabaseUnavailableError, noteDatabaseReachable, noteDatabaseUnreachable, resetDatabaseOutageForTests } from "./database-outage.server";
import { openDatabase } from "./db.server";

describe("isDatabaseUnavailableError", () => {
  it("knows a refused connection from postgres.js, wrapped by Drizzle or not", async () => {
    const port = await freePort();
    const sql = postgres(`postgres://postgres@127.0.0.1:${port}/none`, { max: 1, connect_timeout: 2, onnotice: () => {} });
    const refused = await sql`select 1`.then(
      () => undefined,
      (error: unknown) => error,
    );
    await sql.end({ timeout: 1 });
    expect((refused as { code?: string }).code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailableError(refused)).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error("Failed query: select 1"), { cause: refused }))).toBe(true);
  });

  it("knows the server's shutdown and start-up states and postgres.js's connection codes", () => {
    for (const code of ["57P01", "57P03", "CONNECTION_ENDED", "CONNECTION_CLOSED", "CONNECT_TIMEOUT", "ECONNRESET"]) {
      expect(isDatabaseUnavailableError(Object.assign(new Error(code), { code })), code).toBe(true);
    }
  });

  it("leaves a real query error a server error", async () => {
    const handle = await openDatabase({});
    try {
      const error = await handle.db.execute("select * from no_such_table" as never).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailableError(error)).toBe(false);
    } finally {
      await handle.close();
    }
    expect(isDatabaseUnavailableError(Object.assign(new Error("unique"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailableError(new Error("plain"))).toBe(false);
    expect(isDatabaseUnavailableError(undefined)).toBe(false);
  });
});

describe("the short circuit", () => {
  afterEach(resetDatabaseOutageForTests);

  it("answers at once for a second after a connection failure, then lets a request try again", () => {
    const t0 = 1_000_000;
    expect(databaseShortCircuited(t0)).toBe(false);
    noteDatabaseUnreachable(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }), t0);
    expect(databaseShortCircuited(t0 + 500)).toBe(true);
    expect(databaseShortCircuited(t0 + 1_000)).toBe(false);
    noteDatabaseReachable(t0 + 1_200);
    expect(databaseShortCircuited(t0 + 1_300)).toBe(false);
  });
});
