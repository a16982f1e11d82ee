import { describe, expect, it } from "vitest";
import { TRAY_STORAGE_KEY } from "./components/compare-tray-slot";
import { SELECTION_STORAGE_KEY } from "./selection";
import { TRAY_FULL_MESSAGE, comparatorUrl, removeFromComparisonLabel, trayCountText, comparisonWith } from "./tray-text";

describe("compare tray texts and URLs", () => {
  it("builds the comparator URL with the ids in the order given", () => {
    expect(comparatorUrl([12])).toBe("/comparateur?versions=12");
    expect(comparatorUrl([34, 12, 7])).toBe("/comparateur?versions=34,12,7");
  });

  it("the tray's slot watches the store's storage key", () => {
    expect(TRAY_STORAGE_KEY).toBe(SELECTION_STORAGE_KEY);
  });

  it("counts cars in words and names the car a remove button removes", () => {
    expect(trayCountText(1)).toBe("1 car to compare");
    expect(trayCountText(3)).toBe("3 cars to compare");
    expect(removeFromComparisonLabel("Toyota Corolla Cross 1.8 Xi")).toBe("Remove Toyota Corolla Cross 1.8 Xi from the comparison");
  });

  it("says how many cars fit when the tray is full", () => {
    expect(TRAY_FULL_MESSAGE).toBe("You can compare up to 4 cars. Remove one first.");
  });
});

describe("compare this car", () => {
  it("adds the car to the tray's cars, keeps the tray when it is already there, starts afresh when full", () => {
    expect(comparisonWith([], 5)).toEqual([5]);
    expect(comparisonWith([1, 2], 5)).toEqual([1, 2, 5]);
    expect(comparisonWith([1, 5], 5)).toEqual([1, 5]);
    expect(comparisonWith([1, 2, 3, 4], 5)).toEqual([5]);
  });
});
