import fs from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../tests/setup/source-files";
import * as icons from "./icons.server";

const appDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const iconNames = Object.keys(icons).filter((name) => /^[A-Z]/.test(name));
type Icon = (props: object) => React.ReactNode;

/** Every name the app's modules import from lucide-react (types left out). */
function importedIcons(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(appDir)) {
    if (file.endsWith(path.join("ui", "icons.server.tsx"))) continue;
    for (const [, list] of fs.readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
      for (const name of list!.split(",").map((n) => n.trim())) if (name && !name.startsWith("type ")) names.add(name.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

const variants: Record<string, object> = {
  "decorative, as most are": { "aria-hidden": "true", className: "size-5 shrink-0", strokeWidth: 1.75 },
  "no props": {},
  "filled (a saved heart)": { "aria-hidden": "true", className: "size-5", fill: "currentColor" },
  "labelled by the caller": { "aria-label": "Close", className: "size-4", strokeWidth: 2.25 },
  "with a role and a size": { role: "img", size: 16 },
};

describe("the server's icons", () => {
  it("include every icon the app imports from lucide-react", () => {
    const missing = [...importedIcons()].filter((name) => !iconNames.includes(name));
    expect(missing).toEqual([]);
    expect(importedIcons().size).toBeGreaterThan(50);
  });

  for (const [variant, props] of Object.entries(variants)) {
    it(`print the same SVG as lucide-react, for the browser to hydrate: ${variant}`, () => {
      for (const name of iconNames) {
        const Ours = icons[name as keyof typeof icons] as unknown as Icon;
        const Theirs = lucide[name as keyof typeof lucide] as unknown as Icon;
        expect(renderToStaticMarkup(<Ours {...props} />), name).toBe(renderToStaticMarkup(<Theirs {...props} />));
      }
    });
  }

  it("are hidden from screen readers unless the caller labels them", () => {
    expect(renderToStaticMarkup(<icons.Check />)).toContain('aria-hidden="true"');
    expect(renderToStaticMarkup(<icons.X aria-label="Close" />)).not.toContain("aria-hidden");
  });
});
