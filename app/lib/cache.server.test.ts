import { afterEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { MAX_CACHE_ENTRIES, bumpRevision, cached, invalidate, setRevisionCheckInterval } from "./cache.server";

const database = useTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
  invalidate();
  setRevisionCheckInterval(5_000);
});

function counter() {
  let n = 0;
  return async () => ++n;
}

describe("cached", () => {
  it("serves a hit until invalidated in-process", async () => {
    const load = counter();
    expect(await cached("a", { ttlMs: 60_000, tags: ["catalogue"] }, load)).toBe(1);
    expect(await cached("a", { ttlMs: 60_000, tags: ["catalogue"] }, load)).toBe(1);
    invalidate("catalogue");
    expect(await cached("a", { ttlMs: 60_000, tags: ["catalogue"] }, load)).toBe(2);
  });

  it("keeps at most MAX_CACHE_ENTRIES entries, forgetting the least recently read first", async () => {
    const options = { ttlMs: 60_000, tags: ["content"] };
    const loads = new Map<string, number>();
    const read = (key: string) =>
      cached(key, options, async () => {
        loads.set(key, (loads.get(key) ?? 0) + 1);
        return key;
      });
    await read("first");
    for (let i = 0; i < MAX_CACHE_ENTRIES - 1; i++) await read(`page-${i}`);
    await read("first"); // read again: now the most recent
    await read("one-more"); // over the bound: page-0, the least recently read, goes
    await read("first");
    await read("page-0");
    expect(loads.get("first")).toBe(1);
    expect(loads.get("page-0")).toBe(2);
  });

  it("reloads a catalogue entry once another process bumped the stored revision", async () => {
    setRevisionCheckInterval(0);
    const load = counter();
    const options = { ttlMs: 60_000, tags: ["catalogue"] };
    expect(await cached("b", options, load)).toBe(1);
    expect(await cached("b", options, load)).toBe(1);
    // What the importer does in its transaction (here without touching this process's cache).
    await bumpRevision(database().db, "catalogue");
    expect(await cached("b", options, load)).toBe(2);
    expect(await cached("b", options, load)).toBe(2);
  });

  it("compares the revision at most once per interval, not on every read", async () => {
    setRevisionCheckInterval(5_000);
    const load = counter();
    const options = { ttlMs: 60_000, tags: ["catalogue"] };
    let now = Date.now();
    vi.spyOn(Date, "now").mockImplementation(() => now);
    expect(await cached("c", options, load)).toBe(1);
    await bumpRevision(database().db, "catalogue");
    now += 1_000;
    expect(await cached("c", options, load)).toBe(1); // within the interval: not checked yet
    now += 5_000;
    expect(await cached("c", options, load)).toBe(2);
  });

  it("leaves entries of other tags alone when the catalogue revision moves", async () => {
    setRevisionCheckInterval(0);
    const load = counter();
    const other = counter();
    await cached("d", { ttlMs: 60_000, tags: ["catalogue"] }, load);
    await cached("e", { ttlMs: 60_000, tags: ["editorial"] }, other);
    await bumpRevision(database().db, "catalogue");
    expect(await cached("d", { ttlMs: 60_000, tags: ["catalogue"] }, load)).toBe(2);
    expect(await cached("e", { ttlMs: 60_000, tags: ["editorial"] }, other)).toBe(1);
  });

  it("does not store a value whose load started before an invalidation", async () => {
    let release!: () => void;
    let started!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loading = new Promise<void>((resolve) => (started = resolve));
    const first = cached("f", { ttlMs: 60_000, tags: ["catalogue"] }, async () => {
      started();
      await gate;
      return "old";
    });
    await loading;
    invalidate("catalogue");
    release();
    expect(await first).toBe("old");
    expect(await cached("f", { ttlMs: 60_000, tags: ["catalogue"] }, async () => "new")).toBe("new");
  });

  it("shares a running load for a second only: a load that never settles holds no later caller", async () => {
    const never = () => new Promise<number>(() => {});
    const options = { ttlMs: 60_000, tags: ["editorial"] };
    void cached("stuck", options, never);
    // Within the second, a caller waits for the same load (its own is not called).
    let called = false;
    void cached("stuck", options, async () => {
      called = true;
      return 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(called).toBe(false);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 1_500);
    expect(await cached("stuck", options, async () => 2)).toBe(2);
    expect(await cached("stuck", options, async () => 3)).toBe(2);
  });

  it("bumpRevision counts up from 1", async () => {
    const a = await bumpRevision(database().db, "catalogue");
    const b = await bumpRevision(database().db, "catalogue");
    expect(b).toBe(a + 1);
  });
});
