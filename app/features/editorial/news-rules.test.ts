import { describe, expect, it } from "vitest";
import { SHARE_POPUP, articleUrl, formatArticleDate, newsArticleJsonLd, pageCountOf, pagedUrl, parsePageParam, shareUrl } from "./news-rules";

const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { init?: { status?: number } }).init?.status;
  }
  return undefined;
};

describe("news rules", () => {
  it("builds the spec's article link shape", () => {
    expect(articleUrl("nouveautes", { id: 1001, slug: "corolla-cross" })).toBe("/actualite-auto/nouveautes/1001-corolla-cross");
  });

  it("reads the page parameter: absent is 1, anything but a whole number from 1 is a 400", () => {
    expect(parsePageParam(new URLSearchParams(""))).toBe(1);
    expect(parsePageParam(new URLSearchParams("page=3"))).toBe(3);
    for (const bad of ["page=0", "page=abc", "page=-1", "page=1.5", "page=", "page=1&page=2", "page=9999999"]) expect(status(() => parsePageParam(new URLSearchParams(bad))), bad).toBe(400);
  });

  it("pages: page 1 is the bare path, one page at least", () => {
    expect(pagedUrl("/actualite-auto/toute-l-actualite", 1)).toBe("/actualite-auto/toute-l-actualite");
    expect(pagedUrl("/actualite-auto/toute-l-actualite", 2)).toBe("/actualite-auto/toute-l-actualite?page=2");
    expect([pageCountOf(0), pageCountOf(12), pageCountOf(13), pageCountOf(60)]).toEqual([1, 1, 2, 5]);
  });

  it("dates in South African time", () => {
    expect(formatArticleDate("2026-03-13T23:30:00.000Z")).toBe("14 March 2026");
  });

  it("share links carry the encoded article URL", () => {
    const url = "https://voitura.example/actualite-auto/essais/12-a-b?x=1";
    const encoded = encodeURIComponent(url);
    expect(shareUrl("facebook", url, "T")).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    expect(shareUrl("x", url, "A & B")).toBe(`https://x.com/intent/post?url=${encoded}&text=A%20%26%20B`);
    expect(shareUrl("linkedin", url, "T")).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`);
    expect(shareUrl("whatsapp", url, "T")).toBe(`https://wa.me/?text=${encodeURIComponent(`T ${url}`)}`);
    expect(SHARE_POPUP).toEqual({ width: 626, height: 436 });
  });

  it("describes an article as a schema.org NewsArticle", () => {
    const ld = newsArticleJsonLd({
      title: "T",
      summary: "S",
      url: "https://x/a",
      author: "A",
      publishedAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-02T00:00:00.000Z",
      section: "Road tests",
      siteName: "Voitura",
      siteUrl: "https://x/",
      image: "https://x/apercu/actualite/1.0badcafe.png",
      publisherLogo: { url: "https://x/apercu/logo.png", width: 512, height: 512 },
      mentions: [{ name: "Toyota Hilux", url: "https://x/m" }],
    });
    expect(ld).toMatchObject({ "@type": "NewsArticle", headline: "T", datePublished: "2026-01-01T00:00:00.000Z", author: { "@type": "Person", name: "A" }, mentions: [{ name: "Toyota Hilux" }] });
    // Google's article rich results require an image and the publisher's logo.
    expect(ld.image).toEqual(["https://x/apercu/actualite/1.0badcafe.png"]);
    expect(ld.publisher).toEqual({
      "@type": "Organization",
      name: "Voitura",
      url: "https://x/",
      logo: { "@type": "ImageObject", url: "https://x/apercu/logo.png", width: 512, height: 512 },
    });
  });
});
