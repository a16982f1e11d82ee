import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { DOCUMENT_PART_CHARACTERS, PATCHES, REACT_DOM_LEGACY_SERVER, reactDomDocumentParts } from "./react-dom-parts.vite";

// The server build's renderToStringParts (decision 012): React's renderToString handing back its
// markup in parts. It must still find every text it patches in the installed react-dom, and
// its parts joined must be renderToString's string, for pages of every size.

const buildContext = {
  error(message: string): never {
    throw new Error(message);
  },
};

type Transform = (this: typeof buildContext, code: string, id: string) => { code: string } | null;
type BuildEnd = (this: typeof buildContext) => void;

type React = typeof import("react");
type LegacyServer = {
  renderToString: (element: ReactElement) => string;
  renderToStringParts?: (element: ReactElement) => string[] & { clientRendered?: boolean };
};

/** A CommonJS file of react or react-dom evaluated with the modules it requires given (the production builds, as the server runs them). */
function evaluate<T>(code: string, file: string, modules: Record<string, unknown>): T {
  const module = { exports: {} as T };
  const run = vm.compileFunction(code, ["exports", "require", "module"], { filename: file });
  run(module.exports, (name: string) => modules[name], module);
  return module.exports;
}

/** Production react and react-dom, and react-dom's renderer as installed and as the server build patches it. */
function loadRenderers(): { React: React; installed: LegacyServer; patched: LegacyServer } {
  const reactDom = path.dirname(REACT_DOM_LEGACY_SERVER);
  const reactFile = path.join(path.dirname(createRequire(import.meta.url).resolve("react/package.json")), "cjs", "react.production.js");
  const React = evaluate<React>(fs.readFileSync(reactFile, "utf8"), reactFile, {});
  const ReactDOM = evaluate(fs.readFileSync(path.join(reactDom, "react-dom.production.js"), "utf8"), "react-dom.production.js", { react: React });
  const modules = { react: React, "react-dom": ReactDOM };
  const source = fs.readFileSync(REACT_DOM_LEGACY_SERVER, "utf8");
  const transformed = (reactDomDocumentParts().transform as unknown as Transform).call(buildContext, source, REACT_DOM_LEGACY_SERVER);
  expect(transformed).not.toBeNull();
  return {
    React,
    installed: evaluate<LegacyServer>(source, REACT_DOM_LEGACY_SERVER, modules),
    patched: evaluate<LegacyServer>(transformed!.code, REACT_DOM_LEGACY_SERVER, modules),
  };
}

/** A page of `rows` rows, text beyond Latin-1 in each, one long flat string (a printed footer) in the middle. */
function page(React: React, rows: number): ReactElement {
  const h = React.createElement;
  function Field({ label }: { label: string }) {
    const id = React.useId();
    return h("p", { className: "field" }, h("label", { htmlFor: id }, label), h("input", { id, defaultValue: `R 415 900 ${label}`, disabled: label.endsWith("3"), "aria-label": `Price "${label}" & more` }));
  }
  const footer = `<ul>${'<li><a href="/guide-auto/x">Corolla Cross</a></li>'.repeat(1500)}</ul>`;
  const items = Array.from({ length: rows }, (_, row) => h("li", { key: row, "data-row": row }, `Row ${row} – déjà vu 🚗 `, h(Field, { label: `r${row}` })));
  return h(
    "html",
    null,
    h("body", null, h("ul", null, items.slice(0, rows / 2)), h("footer", { dangerouslySetInnerHTML: { __html: footer } }), h(React.Suspense, { fallback: "…" }, h("ol", null, items.slice(rows / 2)))),
  );
}

describe("the server build's renderToStringParts", () => {
  it("finds every text it patches in the installed react-dom", () => {
    const plugin = reactDomDocumentParts();
    (plugin.transform as unknown as Transform).call(buildContext, fs.readFileSync(REACT_DOM_LEGACY_SERVER, "utf8"), REACT_DOM_LEGACY_SERVER);
    expect(() => (plugin.buildEnd as unknown as BuildEnd).call(buildContext)).not.toThrow();
    // A build whose react-dom lacks one of them stops.
    const stale = reactDomDocumentParts();
    (stale.transform as unknown as Transform).call(buildContext, fs.readFileSync(REACT_DOM_LEGACY_SERVER, "utf8").replace(PATCHES[1]!.find as string, ""), REACT_DOM_LEGACY_SERVER);
    expect(() => (stale.buildEnd as unknown as BuildEnd).call(buildContext)).toThrow(/no longer match/);
    // Other files are left alone.
    expect((plugin.transform as unknown as Transform).call(buildContext, "const a = 1;", path.resolve("app/root.tsx"))).toBeNull();
  });

  it("hands back renderToString's markup in parts of at most 16K characters, a longer piece alone", () => {
    const { React, installed, patched } = loadRenderers();
    for (const rows of [0, 2, 40, 400, 4000]) {
      const element = page(React, rows);
      const whole = installed.renderToString(element);
      const parts = patched.renderToStringParts!(element);
      expect(parts.join(""), `${rows} rows`).toBe(whole);
      // The patched renderer's renderToString is unchanged.
      expect(patched.renderToString(element)).toBe(whole);
      for (const part of parts) {
        if (part.length > DOCUMENT_PART_CHARACTERS) expect(part.startsWith("<ul><li>") && whole.includes(part)).toBe(true);
        else expect(part.length).toBeGreaterThan(0);
      }
      if (rows === 4000) expect(parts.length).toBeGreaterThan(10);
    }
    expect(installed.renderToStringParts).toBeUndefined();
  });

  it("says whether React gave up on a boundary (a component that suspends or throws inside one)", () => {
    const { React, installed, patched } = loadRenderers();
    const h = React.createElement;
    expect(patched.renderToStringParts!(page(React, 40)).clientRendered).toBe(false);
    const never = new Promise(() => {});
    function Waits(): ReactElement {
      throw never;
    }
    function Fails(): ReactElement {
      throw new Error("broken");
    }
    for (const Inner of [Waits, Fails]) {
      const element = h("html", null, h("body", null, h("p", null, "before"), h(React.Suspense, { fallback: "…" }, h(Inner))));
      const parts = patched.renderToStringParts!(element);
      expect(parts.clientRendered, Inner.name).toBe(true);
      expect(parts.join("")).toBe(installed.renderToString(element));
      expect(parts.join("")).toContain("<!--$!-->");
    }
  });
});
