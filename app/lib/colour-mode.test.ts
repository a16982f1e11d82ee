import { describe, expect, it } from "vitest";
import { colourModeFromCookie, parseColourMode, serverResolvedMode } from "./colour-mode";

describe("colour mode", () => {
  it("reads the preference from the cookie", () => {
    expect(colourModeFromCookie("a=1; colour-mode=dark; b=2")).toBe("dark");
    expect(colourModeFromCookie("colour-mode=light")).toBe("light");
  });
  it("falls back to system for missing or unknown values", () => {
    expect(colourModeFromCookie(null)).toBe("system");
    expect(colourModeFromCookie("colour-mode=purple")).toBe("system");
    expect(parseColourMode("<script>")).toBe("system");
  });
  it("lets a route force a mode, but not force 'system' over a stored choice", () => {
    expect(serverResolvedMode("light", "dark")).toBe("dark");
    expect(serverResolvedMode("dark", "system")).toBe("dark");
    expect(serverResolvedMode("system")).toBe("system");
  });
});
