import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../tests/setup/source-files";

// The layers of docs/architecture.md, kept by a test: imports point down,
// routes → root → shell → features → ui → lib. A lower layer naming a higher one fails here.
const appDir = path.dirname(new URL(import.meta.url).pathname);

/** Every "~/…" module a file imports (static imports, re-exports and import() calls). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)["']~\/([^"']+)["']/g)].map((m) => m[1]!);
}

function offending(layer: string, forbidden: RegExp): string[] {
  return sourceFiles(path.join(appDir, layer)).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.test(target))
      .map((target) => `${path.relative(appDir, file)} → ~/${target}`),
  );
}

describe("layers", () => {
  it("lib imports nothing above it", () => {
    expect(offending("lib", /^(ui|features|shell|routes|root)\b/)).toEqual([]);
  });
  it("ui primitives import no feature, no shell, no route", () => {
    expect(offending("ui", /^(features|shell|routes|root)\b/)).toEqual([]);
  });
  it("features never reach up into the shell, root or routes", () => {
    expect(offending("features", /^(shell|routes|root)\b/)).toEqual([]);
  });
  it("the shell takes its data type from itself, not from root", () => {
    expect(offending("shell", /^(routes|root)\b/)).toEqual([]);
  });
});
