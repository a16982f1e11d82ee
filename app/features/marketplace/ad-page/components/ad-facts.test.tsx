import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AdEquipment } from "./ad-facts";

describe("an ad's equipment", () => {
  it("is a ticked list, the ticks drawn by the stylesheet", () => {
    const html = renderToStaticMarkup(<AdEquipment items={["Air conditioning", "Tow bar <heavy-duty>"]} />);
    expect(html).toBe('<ul class="grid gap-x-6 gap-y-2 sm:grid-cols-2"><li class="tick-item"><span>Air conditioning</span></li><li class="tick-item"><span>Tow bar &lt;heavy-duty&gt;</span></li></ul>');
    expect(html).not.toContain("<svg");
  });

  it("says so when the seller listed none", () => {
    expect(renderToStaticMarkup(<AdEquipment items={[]} />)).toContain("The seller listed no equipment.");
  });
});
