import { useId } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link, MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { StaticIsland } from "~/ui/static-island";
import { contentKey, forgetPrintedIslands, printIsland, sameElements } from "./island-printer.server";
import { renderIslandPage } from "./island-printer.testing";

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
  return renderIslandPage(island, withPrinter);
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

  it("do not read again what they are given as the same objects, and read a copy as new", () => {
    function Named({ car }: { car: { name: string } }) {
      return <p>{car.name}</p>;
    }
    let reads = 0;
    const car = {
      get name() {
        reads += 1;
        return "Corolla Cross";
      },
    };
    expect(printIsland("named", <Named car={car} />)).toBe("<p>Corolla Cross</p>");
    const readsForThePrint = reads;
    // The same object again (a new element around it): the print is reused without a look inside.
    expect(printIsland("named", <Named car={car} />)).toBe("<p>Corolla Cross</p>");
    expect(reads).toBe(readsForThePrint);
    // An equal copy: read for its key, the same print found by it.
    expect(printIsland("named", <Named car={{ name: "Corolla Cross" }} />)).toBe("<p>Corolla Cross</p>");
    // A changed copy: printed again.
    expect(printIsland("named", <Named car={{ name: "Hilux" }} />)).toBe("<p>Hilux</p>");
    // After the change, the first object is keyed again rather than taken for the last print.
    expect(printIsland("named", <Named car={car} />)).toBe("<p>Corolla Cross</p>");
  });
});

describe("the same elements", () => {
  const Card = ({ name }: { name: string; tags?: string[] }) => <b>{name}</b>;
  const tags = ["suv"];
  it("are the same types and keys, with props and children equal by value where they are plain data", () => {
    expect(sameElements(<Card name="a" tags={tags} />, <Card name="a" tags={tags} />)).toBe(true);
    expect(sameElements(<Card name="a" tags={["suv"]} />, <Card name="a" tags={["suv"]} />)).toBe(true);
    expect(sameElements({ groups: [{ label: "Engine", rows: [["Power", "103 kW"]] }] }, { groups: [{ label: "Engine", rows: [["Power", "103 kW"]] }] })).toBe(true);
    expect(sameElements([<Card key="1" name="a" />, "text", 3], [<Card key="1" name="a" />, "text", 3])).toBe(true);
    expect(sameElements(<div><Card name="a" /></div>, <div><Card name="a" /></div>)).toBe(true);
  });
  it("differ at any doubt: other data, another key, a prop more or less, another type, objects that are not plain data", () => {
    expect(sameElements(<Card name="a" tags={["suv"]} />, <Card name="a" tags={["suv", "4x4"]} />)).toBe(false);
    expect(sameElements({ rows: [["Power", "103 kW"]] }, { rows: [["Power", "104 kW"]] })).toBe(false);
    expect(sameElements({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameElements(new Set(["suv"]), new Set(["4x4"]))).toBe(false);
    expect(sameElements(new Date(0), new Date(0))).toBe(false);
    expect(sameElements(() => 1, () => 1)).toBe(false);
    expect(sameElements(<Card key="1" name="a" />, <Card key="2" name="a" />)).toBe(false);
    expect(sameElements(<Card name="a" />, <Card name="a" tags={tags} />)).toBe(false);
    expect(sameElements(<Card name="a" tags={tags} />, <Card name="a" />)).toBe(false);
    expect(sameElements(<Card name="a" />, <b>a</b>)).toBe(false);
    expect(sameElements(<Card name="a" />, undefined)).toBe(false);
  });
});
