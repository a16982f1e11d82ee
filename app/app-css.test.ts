import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const stylesheet = readFileSync(new URL("./app.css", import.meta.url), "utf8");

/** Names given more than once by `at-rule NAME {` in the stylesheet, comments left out. */
function namedTwice(atRule: string, css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const names = [...withoutComments.matchAll(new RegExp(`@${atRule}\\s+([\\w*-]+)\\s*\\{`, "g"))].map((m) => m[1]!);
  return [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
}

// Tailwind merges two `@utility` blocks of one name into one class without a warning, so a second
// block silently restyles every element of the first (the dealer rating's score once printed in
// the price badge's type). Animations of one name replace each other the same way.
describe("app.css", () => {
  it("defines each utility once", () => {
    expect(namedTwice("utility", stylesheet)).toEqual([]);
  });

  it("defines each animation once", () => {
    expect(namedTwice("keyframes", stylesheet)).toEqual([]);
  });

  it("finds a name given twice", () => {
    const css = "@utility badge { color: red; }\n/* @utility card { } */\n@utility card { x: 1 }\n@utility badge {\n gap: 1px; }";
    expect(namedTwice("utility", css)).toEqual(["badge"]);
  });
});
