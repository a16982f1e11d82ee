import { useId } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { Link, MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { StaticIsland } from "~/ui/static-island";
import { IslandPrinterContext } from "./island-printer";
import { contentKey, forgetPrintedIslands, printIsland } from "./island-printer.server";

let renders = 0;

function Card({ name, tags }: { name: string; tags: Set<string> }) {
  renders += 1;
  const id = useId();
  return (
    <article aria-labelledby={id}>
      <h3 id={id}>
        <Link to={`/cars/${name}`}>{name}</Link>
      </h3>
      <p>{[...tags].join(", ")}</p>
    </article>
  );
}

/** A page with a printed island, rendered as entry.server renders documents (with the printer) or without it. */
const page = (name: string, tags: string[], withPrinter: boolean) => {
  const island = (
    <StaticIsland printed id={`card-${name}`} className="grid">
      <Card name={name} tags={new Set(tags)} />
    </StaticIsland>
  );
  return renderToString(
    <MemoryRouter>{withPrinter ? <IslandPrinterContext.Provider value={printIsland}>{island}</IslandPrinterContext.Provider> : island}</MemoryRouter>,
  );
};

/** React's text separators and useId's spelling are the only expected differences. */
const comparable = (html: string) => html.replaceAll("<!-- -->", "").replace(/(id|aria-labelledby)="[^"]*"/g, '$1="ID"');

beforeEach(() => {
  forgetPrintedIslands();
  renders = 0;
});

describe("printed static islands", () => {
  it("print the same HTML as the island's own render", () => {
    expect(comparable(page("corolla", ["suv", "hybrid"], true))).toBe(comparable(page("corolla", ["suv", "hybrid"], false)));
    expect(page("corolla", ["suv"], true)).toMatch(/<a href="\/cars\/corolla"[^>]*>corolla<\/a>/);
  });

  it("render the content once for the same props, again when the props change", () => {
    page("polo", ["hatchback"], true);
    page("polo", ["hatchback"], true);
    expect(renders).toBe(1);
    // A Set prints as its entries: a changed Set is a changed key (JSON alone would print `{}`).
    const changed = page("polo", ["hatchback", "manual"], true);
    expect(renders).toBe(2);
    expect(changed).toContain("hatchback, manual");
  });

  it("prefix useId's ids with the island's id, so islands printed apart never share one", () => {
    const html = printIsland("similar-1", <Card name="x" tags={new Set()} />);
    expect(html).toMatch(/ id="_similar-1-[^"]+"/);
  });

  it("render in the page when the content needs what a printed island lacks", () => {
    function NeedsTheRequest(): React.ReactNode {
      throw new Error("needs the request");
    }
    expect(printIsland("broken", <NeedsTheRequest />)).toBeNull();
  });

  it("name components in the key, not only their props", () => {
    const First = ({ n }: { n: number }) => <b>{n}</b>;
    const Second = ({ n }: { n: number }) => <i>{n}</i>;
    expect(contentKey(<First n={1} />)).not.toBe(contentKey(<Second n={1} />));
    expect(contentKey(<First n={1} />)).toBe(contentKey(<First n={1} />));
    expect(contentKey(new Map([["a", 1]]))).not.toBe(contentKey(new Map([["a", 2]])));
  });

  it("are not printed in the browser's sense: without a printer the island renders its children", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <StaticIsland printed id="plain">
          <Card name="golf" tags={new Set(["hatchback"])} />
        </StaticIsland>
      </MemoryRouter>,
    );
    expect(html).toContain("golf");
    expect(renders).toBe(1);
  });
});
