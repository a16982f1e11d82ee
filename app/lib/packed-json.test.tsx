import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { packedJson, unpackedJson, usePackedJson, type PackedJson } from "./packed-json";
import { ServerRenderContext } from "./server-render";
import { forPrintingOnly, packedForDocument } from "./printed-data.server";

const facets = { makes: [{ value: "toyota", label: "Toyota", count: 12 }], models: { toyota: [{ value: "hilux", label: "Hilux", count: 3 }] }, photos: 9 };

describe("packed JSON in loader data", () => {
  it("comes back equal to what was packed, as one string", () => {
    const packed = packedJson(facets);
    expect(typeof packed).toBe("string");
    expect(unpackedJson(packed)).toEqual(facets);
  });

  it("a document's loader keeps the value for the render; a data request's only packs it", () => {
    const printed = new Map<string, unknown>();
    const packed = packedForDocument({ printed } as never, "facets", facets);
    expect(unpackedJson(packed)).toEqual(facets);
    expect(printed.get("facets")).toBe(facets);
    // A data request (no printed map): the JSON alone, nothing kept.
    expect(unpackedJson(packedForDocument({} as never, "facets", facets))).toEqual(facets);
    // The cards' helper and this one share the map without meeting.
    forPrintingOnly({ printed } as never, "cards", [1]);
    expect(printed.get("facets")).toBe(facets);
  });

  function Seen({ packed, onValue }: { packed: PackedJson<typeof facets>; onValue: (value: typeof facets) => void }) {
    const value = usePackedJson(packed, "facets");
    onValue(value);
    return <p>{value.makes.map((m) => `${m.label} (${m.count})`).join(", ")}</p>;
  }

  it("a render with the kept value uses it as it is; without one it reads the JSON", () => {
    const packed = packedJson(facets);
    let seen: unknown;
    const kept = renderToStaticMarkup(
      <ServerRenderContext.Provider value={{ printed: new Map([["facets", facets]]) }}>
        <Seen packed={packed} onValue={(value) => (seen = value)} />
      </ServerRenderContext.Provider>,
    );
    expect(seen).toBe(facets);
    expect(kept).toBe("<p>Toyota (12)</p>");
    const read = renderToStaticMarkup(<Seen packed={packed} onValue={(value) => (seen = value)} />);
    expect(seen).not.toBe(facets);
    expect(seen).toEqual(facets);
    expect(read).toBe(kept);
  });
});
