import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bodyTypes } from "../../db/schema/catalogue";
import { CarDrawingSet, CarIllustration, shade } from "./car-illustration";

type Props = Parameters<typeof CarIllustration>[0];
const render = (props: Props) => renderToStaticMarkup(createElement(CarIllustration, props));

describe("car illustration", () => {
  it.each(bodyTypes)("renders %s as a light, self-contained SVG", (bodyType) => {
    const html = render({ bodyType, colour: "#c1121f" });
    expect(html.startsWith("<svg")).toBe(true);
    expect(html).toContain('viewBox="0 0 320 140"');
    expect(html).toContain('preserveAspectRatio="xMidYMid meet"');
    expect(html).toContain('fill="#c1121f"');
    expect(html.match(/<circle/g)).toHaveLength(4); // two wheels: tyre and rim, hub and spokes
    expect(html.length).toBeLessThan(1500);
  });

  it("draws every body type differently", () => {
    const bodies = bodyTypes.map((bodyType) => render({ bodyType, colour: "#1f6feb" }));
    expect(new Set(bodies).size).toBe(bodyTypes.length);
  });

  it("keeps a grid of 24 cards well under 50 kB of SVG", () => {
    const total = Array.from({ length: 24 }, (_, i) => render({ bodyType: bodyTypes[i % bodyTypes.length]!, colour: "#2d6a4f" }))
      .join("").length;
    expect(total).toBeLessThan(40_000);
  });

  it("paints the body in the given colour with door lines in a darker shade", () => {
    const html = render({ bodyType: "sedan", colour: "#F4A261" });
    expect(html).toContain('fill="#F4A261"');
    expect(html).toContain(`stroke="${shade("#f4a261", -0.3)}"`);
  });

  it("gives dark paint a lighter edge so it reads on a dark background", () => {
    const html = render({ bodyType: "suv", colour: "#111827" });
    expect(html).toContain(`stroke="${shade("#111827", 0.3)}"`);
  });

  it("falls back to a neutral paint for an invalid colour", () => {
    const html = render({ bodyType: "van", colour: 'red" onload="x' });
    expect(html).not.toContain("onload");
    expect(html).toContain('fill="#94a3b8"');
  });

  it("falls back to the hatchback for an unknown body type", () => {
    const hatch = render({ bodyType: "hatchback", colour: "#c1121f" });
    expect(render({ bodyType: "spaceship", colour: "#c1121f" })).toBe(hatch);
    expect(render({ bodyType: "toString", colour: "#c1121f" })).toBe(hatch);
  });

  it("is decorative without a title", () => {
    const html = render({ bodyType: "coupe", colour: "#111827", className: "h-full w-full" });
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('class="h-full w-full"');
    expect(html).not.toContain("role=");
    expect(html).not.toContain("<title");
  });

  it("is an image named by its title when given one", () => {
    const html = render({ bodyType: "bakkie", colour: "#f5f5f5", title: "Toyota Hilux single cab" });
    expect(html).toContain('role="img"');
    expect(html).not.toContain("aria-hidden");
    const id = html.match(/aria-labelledby="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<title id="${id}">Toyota Hilux single cab</title>`);
  });

  it("escapes its title as text (the drawing is printed as markup)", () => {
    const html = render({ bodyType: "suv", colour: "#111827", title: `Ford "Ranger" <b>& co's</b>` });
    expect(html).toContain("Ford &quot;Ranger&quot; &lt;b&gt;&amp; co&#x27;s&lt;/b&gt;</title>");
    expect(html).not.toContain("<b>");
  });

  it("prints the same drawing again for the same body and paint, and another for another paint", () => {
    const first = render({ bodyType: "mpv", colour: "#2d6a4f" });
    expect(render({ bodyType: "mpv", colour: "#2d6a4f" })).toBe(first);
    expect(render({ bodyType: "mpv", colour: "#2d6a4e" })).not.toBe(first);
  });
});

describe("shade", () => {
  it("darkens towards black and lightens towards white", () => {
    expect(shade("#808080", -0.5)).toBe("#404040");
    expect(shade("#808080", 0.5)).toBe("#c0c0c0");
    expect(shade("#c1121f", -0.3)).toBe("#870d16");
    expect(shade("#000000", 0.3)).toBe("#4d4d4d");
  });

  it("leaves the colour alone at 0 and normalises it", () => {
    expect(shade("#C1121F", 0)).toBe("#c1121f");
    expect(shade("#abc", 0)).toBe("#aabbcc");
    expect(shade("1f6feb", 0)).toBe("#1f6feb");
  });

  it("clamps the amount", () => {
    expect(shade("#1f6feb", 2)).toBe("#ffffff");
    expect(shade("#1f6feb", -5)).toBe("#000000");
    expect(shade("#1f6feb", 1)).toBe("#ffffff");
    expect(shade("#1f6feb", -1)).toBe("#000000");
    expect(shade("#1f6feb", Number.NaN)).toBe("#1f6feb");
  });

  it("returns unparseable input unchanged", () => {
    expect(shade("not-a-colour", -0.3)).toBe("not-a-colour");
  });
});

describe("a list's shared drawings", () => {
  it("draws each body type two cards share once and has the cards refer to it with their own paint", () => {
    const html = renderToStaticMarkup(
      createElement(CarDrawingSet, {
        id: "grid-car",
        bodyTypes: ["suv", "suv", "sedan"],
        children: [
          createElement(CarIllustration, { key: 1, bodyType: "suv", colour: "#c1121f" }),
          createElement(CarIllustration, { key: 2, bodyType: "suv", colour: "#1f6feb" }),
          createElement(CarIllustration, { key: 3, bodyType: "sedan", colour: "#2d6a4f" }),
        ],
      }),
    );
    expect(html.match(/<g id="grid-car-suv">/g)).toHaveLength(1);
    expect(html.match(/<use href="#grid-car-suv">/g)).toHaveLength(2);
    expect(html).toContain('style="--car-paint:#1f6feb;--car-edge:');
    // The one sedan gains nothing from a shared drawing: it is drawn in its card, in its paint.
    expect(html).not.toContain('id="grid-car-sedan"');
    expect(html).toContain('fill="#2d6a4f"');
    // Two drawings, not three.
    expect(html.match(/<circle/g)).toHaveLength(8);
  });

  it("draws a body type the set does not have in full", () => {
    const html = renderToStaticMarkup(
      createElement(CarDrawingSet, { id: "grid-car", bodyTypes: ["suv"], children: createElement(CarIllustration, { bodyType: "van", colour: "#c1121f" }) }),
    );
    expect(html).not.toContain("<use");
    expect(html).toContain('fill="#c1121f"');
  });
});
