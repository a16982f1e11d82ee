import { cached } from "~/lib/cache.server";
import { escapeHtml } from "~/lib/html";
import { brandsWithModels } from "./menu.server";
import { brandUrl, modelUrl } from "./urls";

/**
 * The footer's brand and model list as static HTML, rendered once per catalogue change. Several
 * hundred links rendered by React on every request (and hydrated on every page) cost more than
 * the rest of a page; as a cached string they cost nothing. Styles live in app.css.
 */
export function footerCatalogueHtml(): Promise<string> {
  return cached("catalogue:footer-html", { ttlMs: 10 * 60_000, tags: ["catalogue"] }, async () => {
    const brands = await brandsWithModels();
    return brands
      .map((brand) => {
        const name = escapeHtml(brand.name);
        const models = brand.models
          .map((model) => `<li><a href="${escapeHtml(modelUrl(brand.slug, model))}">${escapeHtml(model.name)}</a></li>`)
          .join("");
        // Classes and landmarks left off: each byte here is on every page (app.css styles the list).
        return (
          `<section><h3><a href="${escapeHtml(brandUrl(brand))}">${name}</a></h3>` +
          `<ul tabindex="0" aria-label="${name} models">${models}</ul></section>`
        );
      })
      .join("");
  });
}
