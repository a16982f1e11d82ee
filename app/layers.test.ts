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

const featuresDir = path.join(appDir, "features");

/**
 * Which feature imports which, with one importing file per pair. Imports are read as written
 * ("~/features/x/…" or a relative path that lands in another feature). Test files are left out:
 * a test may set the stage with another feature's code without the feature depending on it.
 */
function featureImports(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(featuresDir)) {
    const from = path.relative(featuresDir, file).split(path.sep)[0]!;
    const text = fs.readFileSync(file, "utf8");
    for (const [, spec] of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']((?:~\/|\.\.?\/)[^"']+)["']/g)) {
      const target = spec!.startsWith("~/") ? path.join(appDir, spec!.slice(2)) : path.resolve(path.dirname(file), spec!);
      const inFeatures = path.relative(featuresDir, target);
      if (inFeatures.startsWith("..")) continue;
      const to = inFeatures.split(path.sep)[0]!;
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, path.relative(appDir, file));
    }
  }
  return graph;
}

/** Every cycle between features, each the shortest through one of its imports, written with its files. */
function featureCycles(graph: Map<string, Map<string, string>>): string[] {
  const cycles = new Set<string>();
  for (const [from, targets] of graph) {
    for (const to of targets.keys()) {
      // The shortest way back from `to` to `from`, breadth first.
      const cameFrom = new Map<string, string>([[to, to]]);
      const queue = [to];
      while (queue.length && !cameFrom.has(from)) {
        const at = queue.shift()!;
        for (const next of graph.get(at)?.keys() ?? []) {
          if (cameFrom.has(next)) continue;
          cameFrom.set(next, at);
          queue.push(next);
        }
      }
      if (!cameFrom.has(from)) continue;
      const loop = [from];
      for (let at = from; at !== to; at = cameFrom.get(at)!) loop.unshift(cameFrom.get(at)!);
      loop.unshift(from);
      // loop is from → to → … → from; the ring starts at its first name in order, so each cycle is written once.
      const ring = loop.slice(0, -1);
      const start = ring.indexOf([...ring].sort()[0]!);
      const turned = [...ring.slice(start), ...ring.slice(0, start)];
      cycles.add(
        turned.map((feature, i) => {
          const next = turned[(i + 1) % turned.length]!;
          return `${feature} → ${next} (${graph.get(feature)!.get(next)})`;
        }).join(", "),
      );
    }
  }
  return [...cycles].sort();
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
  it("no features import each other, directly or round a circle", () => {
    expect(featureCycles(featureImports())).toEqual([]);
  });
});
