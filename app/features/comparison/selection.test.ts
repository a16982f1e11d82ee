import { describe, expect, it } from "vitest";
import { MAX_COMPARED, addVersion, parseSelection, removeVersion } from "./selection";

const v = (id: number) => ({ id, label: `Car ${id}` });

describe("compare selection rules", () => {
  it("adds in order, refuses a repeat and a fifth car", () => {
    let list = addVersion([], v(3)).list;
    list = addVersion(list, v(1)).list;
    expect(list.map((x) => x.id)).toEqual([3, 1]);
    expect(addVersion(list, v(3)).outcome).toBe("already");
    for (const id of [7, 8]) list = addVersion(list, v(id)).list;
    expect(list).toHaveLength(MAX_COMPARED);
    const full = addVersion(list, v(9));
    expect(full.outcome).toBe("full");
    expect(full.list).toEqual(list);
  });

  it("removes one car and keeps the order of the others", () => {
    expect(removeVersion([v(1), v(2), v(3)], 2).map((x) => x.id)).toEqual([1, 3]);
  });

  it("reads back only well-formed, distinct entries, four at most", () => {
    expect(parseSelection(null)).toEqual([]);
    expect(parseSelection("not json")).toEqual([]);
    expect(parseSelection('{"id":1}')).toEqual([]);
    const raw = JSON.stringify([v(1), { id: "2", label: "x" }, { id: 3 }, v(1), { id: -4, label: "y" }, v(5), v(6), v(7), v(8)]);
    expect(parseSelection(raw).map((x) => x.id)).toEqual([1, 5, 6, 7]);
  });
});
