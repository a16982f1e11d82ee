import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "./icon";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
const require = createRequire(import.meta.url);

/** The sprite's symbols: name -> their children as lucide's nodes ([tag, attributes]). */
function symbols(): Map<string, [string, Record<string, string>][]> {
  const found = new Map<string, [string, Record<string, string>][]>();
  for (const [, id, body] of sprite.matchAll(/<symbol id="([^"]+)"[^>]*>([\s\S]*?)<\/symbol>/g)) {
    const nodes = [...body.matchAll(/<(\w+)((?:\s+[\w-]+="[^"]*")*)\s*\/>/g)].map(([, tag, attrs]): [string, Record<string, string>] => [
      tag,
      Object.fromEntries([...attrs.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v])),
    ]);
    found.set(id, nodes);
  }
  return found;
}

describe("the icon sprite", () => {
  it("holds exactly the icons <Icon> can draw, each once", () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual([...ICON_NAMES]);
  });

  it("draws each icon with lucide's own shapes, so an icon looks as lucide-react draws it", async () => {
    for (const [name, nodes] of symbols()) {
      // lucide-react ships each icon's shapes as `__iconData.node`: [tag, { ...attributes, key }].
      const { __iconData } = require(`lucide-react/icons/${name}`) as { __iconData: { node: [string, Record<string, string>][] } };
      const expected = __iconData.node.map(([tag, { key: _key, ...attrs }]) => [tag, Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, String(v)]))]);
      expect(nodes, name).toEqual(expected);
    }
  });

  it("sets no fill or stroke colour on a symbol, so the page's text colour and `icon-filled` apply", () => {
    expect(sprite).not.toMatch(/<symbol[^>]*\s(fill|stroke)=/);
  });
});
