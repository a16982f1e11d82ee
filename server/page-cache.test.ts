import { describe, expect, it } from "vitest";
import { LIVE_PAGE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { pageTtlMs } from "./page-cache";

describe("page cache freshness", () => {
  it("keeps catalogue pages a minute and live marketplace pages ten seconds", () => {
    expect(pageTtlMs(PUBLIC_PAGE_CACHE_CONTROL)).toBe(60_000);
    expect(pageTtlMs(LIVE_PAGE_CACHE_CONTROL)).toBe(10_000);
    expect(pageTtlMs("public")).toBe(60_000);
    expect(pageTtlMs("public, s-maxage=0")).toBe(0);
  });
});
