import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone";

describe("formatPhone", () => {
  it("groups South African mobile numbers, local and international", () => {
    expect(formatPhone("0821234567")).toBe("082 123 4567");
    expect(formatPhone("+27 82 123-4567")).toBe("+27 82 123 4567");
  });
  it("leaves any other number as given", () => {
    expect(formatPhone("021 555")).toBe("021 555");
  });
});
