import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ServerRenderContext } from "~/lib/server-render";
import { Footer, FOOTER_CONTENT_ID } from "./footer";
import { printedFooter } from "./footer.server";

const catalogue = '<section><h3><a href="/guide-auto/voitures-neuves/marque/toyota/1">Toyota</a></h3></section>';

describe("the printed footer", () => {
  it("holds the catalogue list, the footer's links and the demo-data notice", () => {
    const html = printedFooter(catalogue);
    expect(html).toContain(catalogue);
    expect(html).toMatch(/href="\/contactez-nous"[^>]*>Contact us<\/a>/);
    expect(html).toContain("indicative demo data");
  });

  it("is printed once per catalogue list", () => {
    const first = printedFooter(catalogue);
    expect(printedFooter(`${catalogue}`)).toBe(first);
    const other = printedFooter(catalogue.replace("Toyota", "Suzuki"));
    expect(other).toContain("Suzuki");
    expect(other).not.toContain(">Toyota<");
  });

  it("is what the server's render of the footer carries", () => {
    const printed = printedFooter(catalogue);
    const html = renderToString(
      <MemoryRouter>
        <ServerRenderContext.Provider value={{ fragments: { footer: printed } }}>
          <Footer />
        </ServerRenderContext.Provider>
      </MemoryRouter>,
    );
    expect(html).toContain(`<div id="${FOOTER_CONTENT_ID}" class="container-page py-10">${printed}</div>`);
  });

  it("renders its content itself where no printed copy exists (a shell mounted after an error page)", () => {
    const html = renderToString(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(html).toContain("List of brands and models available in South Africa");
    expect(html).toContain("Contact us");
  });
});
