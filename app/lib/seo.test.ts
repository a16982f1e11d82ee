import { describe, expect, it } from "vitest";
import { SITE_PREVIEW } from "./link-preview";
import { absoluteUrl, documentTitle, errorTitle, pageMeta, resolveTitle } from "./seo";

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

describe("link previews", () => {
  const content = (tags: ReturnType<typeof pageMeta>, key: string) =>
    tags.find((t) => (t as { property?: string }).property === key || (t as { name?: string }).name === key) as { content?: string } | undefined;

  it("names the page's card, absolute, with its size, alt text and a large Twitter card", () => {
    const tags = pageMeta({
      title: "Toyota Hilux",
      description: "d",
      pathname: "/x",
      origin: "https://example.test/",
      image: { path: "/apercu/modele/3.0badcafe.png", alt: "Illustration of the Toyota Hilux" },
    });
    expect(content(tags, "og:image")?.content).toBe("https://example.test/apercu/modele/3.0badcafe.png");
    expect(content(tags, "og:image:width")?.content).toBe("1200");
    expect(content(tags, "og:image:height")?.content).toBe("630");
    expect(content(tags, "og:image:alt")?.content).toBe("Illustration of the Toyota Hilux");
    expect(content(tags, "twitter:card")?.content).toBe("summary_large_image");
    expect(content(tags, "twitter:title")?.content).toBe("Toyota Hilux | Voitura");
    expect(content(tags, "twitter:description")?.content).toBe("d");
    expect(content(tags, "twitter:image")?.content).toBe("https://example.test/apercu/modele/3.0badcafe.png");
  });

  it("falls back to the site's card", () => {
    const tags = pageMeta({ pathname: "/a-propos-de-nous", origin: "https://example.test" });
    expect(content(tags, "og:image")?.content).toBe(`https://example.test${SITE_PREVIEW.path}`);
    expect(content(tags, "og:image:alt")?.content).toBe(SITE_PREVIEW.alt);
  });
});

describe("absolute addresses", () => {
  it("put the site's origin before a path, and leave an address on another site as it is", () => {
    expect(absoluteUrl("https://voitura.example/", "/medias/a-640.webp")).toBe("https://voitura.example/medias/a-640.webp");
    expect(absoluteUrl("https://voitura.example", "https://photos.example.com/a-640.webp")).toBe("https://photos.example.com/a-640.webp");
  });
});
