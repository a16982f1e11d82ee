import { describe, expect, it } from "vitest";
import { mayShare, SHARE_LOADS_FOR_MS, startSharedLoad } from "./shared-load";

describe("a load shared by concurrent callers", () => {
  it("is shared while young, and once settled whatever its age", async () => {
    let finish!: (value: number) => void;
    const shared = startSharedLoad(() => new Promise<number>((resolve) => (finish = resolve)), 1_000);
    expect(mayShare(shared, 1_000)).toBe(true);
    expect(mayShare(shared, 1_000 + SHARE_LOADS_FOR_MS - 1)).toBe(true);
    // Still running past the limit: a later caller starts its own.
    expect(mayShare(shared, 1_000 + SHARE_LOADS_FOR_MS)).toBe(false);
    finish(42);
    expect(await shared.promise).toBe(42);
    expect(mayShare(shared, 1_000_000)).toBe(true);
    expect(mayShare(undefined)).toBe(false);
  });

  it("counts a failed load as settled", async () => {
    const shared = startSharedLoad(() => Promise.reject(new Error("connection reset")), 0);
    await expect(shared.promise).rejects.toThrow("connection reset");
    expect(shared.settled).toBe(true);
  });
});
