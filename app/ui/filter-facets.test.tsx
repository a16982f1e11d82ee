import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  ChoiceSelect,
  checkboxFacetRows,
  FacetCheckboxGroup,
  FacetRadioGroup,
  FacetRowItems,
  type FacetRow,
  facetRowsMarkup,
  radioFacetRows,
  type SelectChoice,
  SelectOptionItems,
  selectOptionsMarkup,
} from "./filter-facets";

// The server prints a facet group's rows as strings (decision 012); the browser hydrates them as
// React's own. Any byte that differs from React's rendering would be a hydration mismatch.
const reactRows = (rows: FacetRow[]) => renderToString(<ul>{<FacetRowItems rows={rows} />}</ul>);
const printedRows = (rows: FacetRow[]) => `<ul>${facetRowsMarkup(rows)}</ul>`;

const bodies = [
  { value: "hatchback", label: "Hatchback", count: 63 },
  { value: "suv", label: "SUV", count: 1_204_560 },
  { value: "bakkie", label: "Bakkie", count: 0 },
];
const awkward = [
  { value: `a"b'c`, label: `Tom & Jerry's <b>"best"</b>`, count: 7 },
  { value: "é-ü", label: "Citroën — Ë", count: 0 },
  { value: "", label: "", count: 1000 },
];

describe("a facet group's printed rows", () => {
  it.each([
    ["checkboxes, none chosen", checkboxFacetRows("uf", "body", bodies, [])],
    ["checkboxes, some chosen (an empty one chosen is not greyed)", checkboxFacetRows("f", "body", bodies, ["suv", "bakkie"])],
    ["checkboxes with text to escape", checkboxFacetRows("uf", "city", awkward, [`a"b'c`])],
    ["radios with an 'any' choice without a count", radioFacetRows("uf", "seller", [{ value: "", label: "Any seller" }, ...bodies], "")],
    ["radios, one chosen, text to escape", radioFacetRows("d", "kind", awkward, "é-ü")],
    ["no rows", checkboxFacetRows("uf", "colour", [], [])],
  ])("are React's markup byte for byte: %s", (_case, rows) => {
    expect(printedRows(rows)).toBe(reactRows(rows));
  });

  it("say what a shopper sees: the chosen box, the greyed empty value, escaped text, grouped counts", () => {
    const markup = facetRowsMarkup(checkboxFacetRows("uf", "body", [...bodies, ...awkward], ["suv"]));
    expect(markup).toContain('name="body" checked="" value="suv"/><span>SUV</span><span class="tabular ml-auto pl-2 text-xs text-slate-600 dark:text-slate-400">1 204 560</span>');
    expect(markup).toMatch(/hover:bg-slate-800 text-slate-600 dark:text-slate-400"><input id="uf-body-bakkie"/);
    expect(markup).toContain("<span>Tom &amp; Jerry&#x27;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;</span>");
    expect(markup).not.toContain("<b>");
  });

  it("are what the server renders for a whole group", () => {
    const group = renderToString(<FacetCheckboxGroup idPrefix="uf" name="body" legend="Body type" options={bodies} selected={["suv"]} scroll />);
    expect(group).toContain(`<ul class="clear-both space-y-0.5 max-h-60 overflow-y-auto pr-1">${facetRowsMarkup(checkboxFacetRows("uf", "body", bodies, ["suv"]))}</ul>`);
    const radios = renderToString(<FacetRadioGroup idPrefix="uf" name="seller" legend="Seller" options={bodies} selected="suv" />);
    expect(radios).toContain(facetRowsMarkup(radioFacetRows("uf", "seller", bodies, "suv")));
  });
});

describe("a filter select's printed options", () => {
  const makes: SelectChoice[] = [
    { value: "", label: "Any" },
    { value: "baic", label: "BAIC (3)" },
    { value: "mercedes-benz", label: "Mercedes-Benz (1 204)" },
    { value: `x"&'<`, label: `Fish & <Chips> "quoted" 'single'` },
  ];
  // What the server printed before: React's select, its defaultValue marking the chosen option.
  const reactSelect = (chosen: string) =>
    renderToString(
      <select id="uf-make1" name="make1" defaultValue={chosen} className="input py-2">
        <SelectOptionItems choices={makes} />
      </select>,
    );

  it.each([["", "the 'any' choice"], ["mercedes-benz", "a make"], [`x"&'<`, "a value to escape"], ["unknown", "a value not listed"]])(
    "are React's markup byte for byte, chosen %j (%s)",
    (chosen) => {
      expect(renderToString(<ChoiceSelect id="uf-make1" name="make1" value={chosen} className="input py-2" choices={makes} />)).toBe(reactSelect(chosen));
      expect(reactSelect(chosen)).toContain(selectOptionsMarkup(makes, chosen));
    },
  );

  it("mark the chosen option only", () => {
    const markup = selectOptionsMarkup(makes, "baic");
    expect(markup.match(/selected=""/g)).toHaveLength(1);
    expect(markup).toContain('<option value="baic" selected="">BAIC (3)</option>');
    expect(markup).toContain("<option value=\"x&quot;&amp;&#x27;&lt;\">Fish &amp; &lt;Chips&gt; &quot;quoted&quot; &#x27;single&#x27;</option>");
  });
});
