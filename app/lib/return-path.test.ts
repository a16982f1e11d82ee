import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a path of this site with its query and fragment, normalised", () => {
    expect(safeReturnPath("/mon-compte", "/")).toBe("/mon-compte");
    expect(safeReturnPath("/poster-une-annonce?step=2#photos", "/")).toBe("/poster-une-annonce?step=2#photos");
    expect(safeReturnPath("/marche-doccasion?q=a%2Fb&next=//evil.com", "/")).toBe("/marche-doccasion?q=a%2Fb&next=//evil.com");
    expect(safeReturnPath("/a/./b/../c", "/")).toBe("/a/c");
    expect(safeReturnPath("  /mon-compte ", "/")).toBe("/mon-compte");
  });

  it("refuses whatever a browser would read as another host", () => {
    const hostile = [
      "//evil.com",
      "/.//evil.com",
      "/..//evil.com",
      "/a/..//evil.com",
      "/././/evil.com",
      "/%2e%2e//evil.com",
      "/\\evil.com",
      "\\\\evil.com",
      "/\\/evil.com",
      "/%2F%2Fevil.com",
      "/%2f/evil.com",
      "/.%2F/evil.com",
      "/%5Cevil.com",
      "/%5C%5Cevil.com",
      "/%252F%252Fevil.com",
      "/\t/evil.com",
      "/\n/evil.com",
      "/\r\n//evil.com",
      "/%09/evil.com",
      "/%0A/evil.com",
      "/\u0000/evil.com",
      "https://evil.com/",
      "https:evil.com",
      "javascript:alert(1)",
      "mon-compte",
      "/%E0%A4%A",
      "",
      `/${"a".repeat(2000)}`,
      null,
      undefined,
      42,
    ];
    for (const value of hostile) expect(safeReturnPath(value, "/fallback"), JSON.stringify(value)).toBe("/fallback");
  });

  it("holds a path to the given length", () => {
    expect(safeReturnPath(`/${"a".repeat(499)}`, "/", 500)).toBe(`/${"a".repeat(499)}`);
    expect(safeReturnPath(`/${"a".repeat(500)}`, "/", 500)).toBe("/");
  });
});
