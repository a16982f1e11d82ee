import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { displayedStatus, errorHeading, parseNumericId } from "./errors";

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error("did not throw");
}

describe("error page rules", () => {
  it("names 404 and 301 'Page introuvable', 500 its own line, others 'oops!'", () => {
    expect(errorHeading(404)).toBe("oops! Page introuvable");
    expect(errorHeading(301)).toBe("oops! Page introuvable");
    expect(errorHeading(500)).toBe("oops! Désolé, une erreur s'est produite");
    expect(errorHeading(403)).toBe("oops!");
  });
  it("shows a 301 as 404", () => {
    expect(displayedStatus(301)).toBe(404);
    expect(displayedStatus(500)).toBe(500);
  });
});

describe("parseNumericId", () => {
  it("accepts plain positive integers", () => {
    expect(parseNumericId("42", "/x/42")).toBe(42);
  });
  it.each(["abc", "4a", "-1", "0", "1.5", "", "1e3", " 1", "9999999999"])("rejects %j with the invalid-parameter 404", (v) => {
    const error = thrown(() => parseNumericId(v, "/x/y"));
    expect(error).toMatchObject({ init: { status: 404 }, data: "Page Not Found: /x/y" });
  });
  it("is a route error response React Router understands", () => {
    const error = thrown(() => parseNumericId("nope", "/p")) as { data: unknown; init: { status: number } };
    expect(isRouteErrorResponse({ status: error.init.status, statusText: "", internal: false, data: error.data })).toBe(true);
  });
});
