import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { bumpRevision, invalidate, setRevisionCheckInterval } from "./cache.server";
import { revisionMemo } from "./revision-memo.server";

// The memo behind the catalogue's and the dealer directory's answers: kept until a scope it
// follows changes, here or in another process, and never beyond its size.

const database = useTestDatabase();

afterEach(() => {
  invalidate();
  setRevisionCheckInterval(5_000);
});

function counter() {
  let n = 0;
  return async () => ++n;
}

describe("revisionMemo", () => {
  it("loads an answer once, concurrent callers included, until one of its scopes changes", async () => {
    const answer = revisionMemo(["dealers", "catalogue"], 10);
    const load = counter();
    expect(await Promise.all([answer("a", load), answer("a", load)])).toEqual([1, 1]);
    invalidate("editorial");
    expect(await answer("a", load)).toBe(1);
    invalidate("dealers");
    expect(await answer("a", load)).toBe(2);
    invalidate("catalogue");
    expect(await answer("a", load)).toBe(3);
  });

  it("loads again once another process bumped a scope's stored revision", async () => {
    setRevisionCheckInterval(0);
    const answer = revisionMemo(["dealers"], 10);
    const load = counter();
    expect(await answer("b", load)).toBe(1);
    expect(await answer("b", load)).toBe(1);
    // What the dealer import does in its transaction, without telling this process.
    await bumpRevision(database().db, "dealers");
    expect(await answer("b", load)).toBe(2);
  });

  it("keeps no failed load and forgets the least recently used answer beyond its size", async () => {
    const answer = revisionMemo(["catalogue"], 2);
    await expect(answer("broken", () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    expect(await answer("broken", async () => "read")).toBe("read");
    const load = counter();
    expect(await answer("x", load)).toBe(1);
    expect(await answer("y", load)).toBe(2);
    expect(await answer("x", load)).toBe(1);
    expect(await answer("z", load)).toBe(3);
    // "y" was the least recently used of three: it is read again.
    expect(await answer("y", load)).toBe(4);
    expect(await answer("z", load)).toBe(3);
  });
});
