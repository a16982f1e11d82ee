import { Readable } from "node:stream";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { compactManifest, deferScriptsInBytes, deferScriptsStream } from "./deferred-scripts.server";

/** The whole-document rewrite, on text for the assertions. */
const deferScripts = (html: string): string => deferScriptsInBytes(Buffer.from(html, "utf8")).toString("utf8");

const nonce = "abc123+/==";
const doc =
  `<!DOCTYPE html><html><head><title>T</title>` +
  `<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${nonce}"/>` +
  `<link rel="modulepreload" href="/assets/framework-2.js" nonce="${nonce}"/>` +
  `<link rel="stylesheet" href="/assets/root.css"/></head><body><main>Prix: 329.900 ZAR</main>` +
  `<script nonce="${nonce}">window.__reactRouterContext = {"a":"</b>"};</script>` +
  `<script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root-3.js";\nimport("/assets/entry.client-1.js");</script>` +
  `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script></body></html>`;

/** Runs the loader script against a fake document and returns what it added. */
function runLoader(html: string) {
  const loader = /<script nonce="[^"]*">(\(function\(\)\{var d=document[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!loader) throw new Error("no loader script");
  const added: Record<string, string>[] = [];
  const element = () => ({}) as Record<string, string>;
  const document = {
    createElement: element,
    head: { appendChild: (e: Record<string, string>) => added.push({ where: "head", ...e }) },
    body: { appendChild: (e: Record<string, string>) => added.push({ where: "body", ...e }) },
  };
  vm.runInNewContext(loader, { document, requestAnimationFrame: (f: () => void) => f(), setTimeout: (f: () => void) => f() });
  return added;
}

describe("scripts deferred until after the first paint", () => {
  it("removes the preloads from the head and adds them back, with the module script, from the loader", () => {
    const html = deferScripts(doc);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain("<main>Prix: 329.900 ZAR</main>");
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    const added = runLoader(html);
    expect(added.filter((e) => e.rel === "modulepreload").map((e) => e.href)).toEqual(["/assets/entry.client-1.js", "/assets/framework-2.js"]);
    const script = added.find((e) => e.type === "module");
    expect(script).toMatchObject({ where: "body", nonce });
    expect(script?.textContent).toBe('import * as route0 from "/assets/root-3.js";\nimport("/assets/entry.client-1.js");');
  });

  it("keeps the text around the rewritten tags byte for byte", () => {
    const withText = doc.replace("<main>", "<main>Prix – “négociable” ");
    const html = deferScripts(withText);
    expect(html).toContain("<main>Prix – “négociable” Prix: 329.900 ZAR</main>");
    expect(html.slice(0, html.indexOf("<script"))).toBe(withText.slice(0, withText.indexOf("<script")).replace(/<link rel="modulepreload"[^>]*\/>/g, ""));
    expect(html).not.toMatch(/<script[^>]*type="module"/);
  });

  it("writes the same loader for every request of a page, each with its own nonce", () => {
    const first = deferScripts(doc);
    const other = "Zz9+/other==";
    const second = deferScripts(doc.replaceAll(nonce, other));
    expect(second).toBe(first.replaceAll(nonce, other));
    expect(runLoader(second).find((e) => e.type === "module")).toMatchObject({ nonce: other });
    // Another page's module script gets its own loader.
    const third = deferScripts(doc.replace("root-3.js", "search-4.js"));
    expect(runLoader(third).find((e) => e.type === "module")?.textContent).toContain("/assets/search-4.js");
  });

  it("leaves a document without a module script as it is", () => {
    const plain = Buffer.from("<html><head></head><body><p>404</p></body></html>");
    expect(deferScriptsInBytes(plain)).toBe(plain);
  });

  it("gives the same document when streamed in chunks of any size", async () => {
    const whole = deferScripts(doc);
    for (const size of [1, 3, 7, 50, 10_000]) {
      const chunks: Buffer[] = [];
      const bytes = Buffer.from(doc, "utf8");
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const out: Buffer[] = [];
      for await (const chunk of Readable.from(chunks).pipe(deferScriptsStream())) out.push(chunk as Buffer);
      expect(Buffer.concat(out).toString("utf8")).toBe(whole);
    }
  });

  it("keeps multi-byte characters split across chunks", async () => {
    const text = `<html><body><p>Citroën — 1.2 ÉCO</p><script nonce="${nonce}" type="module" async="">import("/e.js");</script></body></html>`;
    const bytes = Buffer.from(text, "utf8");
    const out: Buffer[] = [];
    const chunks = Array.from(bytes).map((b) => Buffer.from([b]));
    for await (const chunk of Readable.from(chunks).pipe(deferScriptsStream())) out.push(chunk as Buffer);
    expect(Buffer.concat(out).toString("utf8")).toBe(deferScripts(text));
    expect(Buffer.concat(out).toString("utf8")).toContain("Citroën — 1.2 ÉCO");
  });

  it("sends React Router's route manifest on one line, the same object", () => {
    const manifest = { entry: { module: "/assets/entry.client-1.js", imports: ["/assets/framework-2.js"] }, routes: { root: { id: "root", path: "", css: [] } }, url: "/assets/manifest-1.js" };
    const content = `;\nimport * as route0 from "/assets/root-3.js";\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");`;
    const compact = compactManifest(content);
    expect(compact).toBe(`;\nimport * as route0 from "/assets/root-3.js";\n  window.__reactRouterManifest = ${JSON.stringify(manifest)};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");`);
    // A script printed some other way is left as it is.
    expect(compactManifest('import("/assets/entry.client-1.js");')).toBe('import("/assets/entry.client-1.js");');
    expect(compactManifest("window.__reactRouterManifest = {\n  not json\n};")).toBe("window.__reactRouterManifest = {\n  not json\n};");
  });
});
