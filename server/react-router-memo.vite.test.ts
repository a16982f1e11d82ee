import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { partialManifestKey, reactRouterServerMemo } from "./react-router-memo.vite";

// The patch of React Router's server render (decision 012): it must still find every line it
// patches in the installed version, and its key must name everything the manifest depends on.

describe("the partial manifest's key", () => {
  it("is the URL's parent path and the matched routes", () => {
    expect(partialManifestKey("/marche-doccasion/annonce/29-ford", ["root", "ad"])).toBe("/marche-doccasion/annonce/\0root\0ad");
    expect(partialManifestKey("/marche-doccasion/annonce/31-kia/", ["root", "ad"])).toBe("/marche-doccasion/annonce/\0root\0ad");
    expect(partialManifestKey("/a-propos-de-nous", ["root", "about"])).toBe("/\0root\0about");
    expect(partialManifestKey("/", ["root", "home"])).toBe("\0root\0home");
  });

  it("differs when the parents or the matches differ", () => {
    expect(partialManifestKey("/guide-auto/x/y", ["root", "a"])).not.toBe(partialManifestKey("/guide-auto/z/y", ["root", "a"]));
    expect(partialManifestKey("/guide-auto/x/y", ["root", "a"])).not.toBe(partialManifestKey("/guide-auto/x/y", ["root", "b"]));
  });
});

describe("the patch of React Router's server render", () => {
  const dist = path.resolve("node_modules/react-router/dist/development");
  const files = fs.readdirSync(dist).filter((name) => name.endsWith(".mjs"));

  function transformAll(plugin: Plugin): { patched: string[]; errors: string[] } {
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const patched: string[] = [];
    for (const name of files) {
      const id = path.join(dist, name);
      const result = transform.call({}, fs.readFileSync(id, "utf8"), id);
      if (result) patched.push(result.code);
    }
    const errors: string[] = [];
    (plugin.buildEnd as (this: unknown) => void).call({ error: (message: string) => errors.push(message) });
    return { patched, errors };
  }

  it("finds every line it patches in the installed React Router, once", () => {
    const { patched, errors } = transformAll(reactRouterServerMemo());
    expect(errors).toEqual([]);
    const code = patched.join("\n");
    expect(code).toContain("__voituraKeep(manifest.routes, () => createServerRoutes(");
    expect(code).toContain("routeModules: __voituraKeep(build.routes, () => createEntryRouteModules(build.routes)),");
    expect(code).toContain("let { manifest, dataRoutes } = __voituraKeep(routes, () => {");
    expect(code).toContain("window.__reactRouterManifest = ${__voituraPartialManifestJson(manifest, router)};");
    expect(code).not.toContain("getPartialManifest(manifest, router),\n        null,\n        2");
  });

  it("leaves files it does not patch alone, and stops the build when a line is gone", () => {
    const plugin = reactRouterServerMemo();
    const transform = plugin.transform as (code: string, id: string) => unknown;
    expect(transform.call({}, "export const x = 1;", path.join(dist, "other.mjs"))).toBeNull();
    expect(transform.call({}, "let routes = createServerRoutes(", "/app/routes.ts")).toBeNull();
    const errors: string[] = [];
    (plugin.buildEnd as (this: unknown) => void).call({ error: (message: string) => errors.push(message) });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/4 patch\(es\) no longer match/);
  });
});
