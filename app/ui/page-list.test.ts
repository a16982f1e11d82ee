import { describe, expect, it } from "vitest";
import { pageList } from "./page-list";

describe("pageList", () => {
  it("lists first, last and neighbours with gaps", () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageList(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageList(12, 12)).toEqual([1, null, 10, 11, 12]);
  });
});
