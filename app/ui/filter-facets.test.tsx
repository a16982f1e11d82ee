import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChoiceSelect, checkboxFacetRows, FacetCheckboxGroup, FacetRadioGroup, FacetRowItems, type SelectChoice } from "./filter-facets";

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

describe("a facet group's rows", () => {
  it("say what a shopper sees: the chosen box, the greyed empty value, escaped text, grouped counts", () => {
    const markup = renderToString(<ul>{<FacetRowItems rows={checkboxFacetRows("body", [...bodies, ...awkward], ["suv"])} />}</ul>);
    expect(markup).toContain('<label class="facet-row"><input type="checkbox" name="body" checked="" value="suv"/>SUV<span>1 204 560</span></label>');
    expect(markup).toContain('<label class="facet-row-muted"><input type="checkbox" name="body" value="bakkie"/>');
    expect(markup).toContain("/>Tom &amp; Jerry&#x27;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;<span>7</span>");
    expect(markup).not.toContain("<b>");
  });

  it("are rendered in a whole group, checkboxes or radios", () => {
    const group = renderToString(<FacetCheckboxGroup name="body" legend="Body type" options={bodies} selected={["suv"]} scroll />);
    expect(group).toContain('<ul class="clear-both space-y-0.5 max-h-60 overflow-y-auto pr-1"><li>');
    expect(group).toContain('<label class="facet-row"><input type="checkbox" name="body" checked="" value="suv"/>');
    const radios = renderToString(<FacetRadioGroup name="seller" legend="Seller" options={bodies} selected="suv" />);
    expect(radios).toMatch(/type="radio"[^>]*name="seller" checked="" value="suv"/);
  });
});

describe("a filter select", () => {
  const makes: SelectChoice[] = [
    { value: "", label: "Any" },
    { value: "baic", label: "BAIC (3)" },
    { value: `x"&'<`, label: `Fish & <Chips> "quoted" 'single'` },
  ];

  it("marks the chosen option only, its text escaped", () => {
    const markup = renderToString(<ChoiceSelect id="uf-make1" name="make1" value="baic" className="input py-2" choices={makes} />);
    expect(markup.match(/selected=""/g)).toHaveLength(1);
    expect(markup).toContain('<option value="baic" selected="">BAIC (3)</option>');
    expect(markup).toContain("<option value=\"x&quot;&amp;&#x27;&lt;\">Fish &amp; &lt;Chips&gt; &quot;quoted&quot; &#x27;single&#x27;</option>");
  });
});
