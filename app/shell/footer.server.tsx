import { printedMarkup } from "~/lib/printed-markup.server";
import { FooterContent } from "./footer";

// The footer's HTML, printed once per catalogue list (footerCatalogueHtml keeps the same string
// until the catalogue changes): every page carries it, and React rendering its hundred elements
// and encoding its 40 kB on each request cost half a millisecond of every render.
let last: { catalogueHtml: string; html: string } | undefined;

export function printedFooter(catalogueHtml: string): string {
  if (last?.catalogueHtml !== catalogueHtml) {
    const html = printedMarkup(<FooterContent catalogueHtml={catalogueHtml} />);
    last = { catalogueHtml, html };
  }
  return last.html;
}
