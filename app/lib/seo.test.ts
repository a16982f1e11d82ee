import { describe, expect, it } from "vitest";
import { documentTitle, errorTitle, pageMeta, resolveTitle } from "./seo";

describe("titles", () => {
  it("appends the site name with the title separator", () => {
    expect(documentTitle("Contact us")).toBe("Contact us | Voitura");
  });
  it("falls back to the last path segment in title case", () => {
    expect(resolveTitle(undefined, "/a-propos-de-nous")).toBe("A Propos De Nous");
    expect(resolveTitle("About us", "/a-propos-de-nous")).toBe("About us");
    expect(resolveTitle(undefined, "/")).toBeUndefined();
  });
  it("uses the site tagline on the home page", () => {
    expect(documentTitle(undefined)).toBe("Voitura | The first new car comparator in South Africa");
  });
  it("puts the status code before the message on error pages", () => {
    expect(errorTitle(404, "Page not found: /x")).toBe("404 Page not found: /x");
  });
});

describe("pageMeta", () => {
  it("gives canonical, description and Open Graph tags", () => {
    const tags = pageMeta({ title: "About us", pathname: "/a-propos-de-nous", origin: "https://example.test", description: "d" });
    expect(tags).toContainEqual({ title: "About us | Voitura" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.test/a-propos-de-nous" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://example.test/a-propos-de-nous" });
    expect(tags).toContainEqual({ name: "description", content: "d" });
  });
});
