import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";

// Link previews (WhatsApp, Facebook, X, LinkedIn): every shareable page names a 1200×630 card
// drawn by the server, with its alt text and a large Twitter card; articles' NewsArticle JSON-LD
// carries that image and the publisher's logo. Plain HTTP: what a link scraper sees.

// Each page is fetched and its image rendered once; two shared cores.
test.describe.configure({ timeout: 90_000 });

async function html(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), `status of ${path}`).toBe(200);
  return response.text();
}

function firstMatch(text: string, pattern: RegExp, what: string): string {
  const match = pattern.exec(text);
  expect(match, `no ${what}`).not.toBeNull();
  return match![1]!;
}

const decode = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The content of a meta tag named by `property` or `name` (React writes attributes in source order). */
function metaContent(page: string, key: string): string | undefined {
  for (const tag of page.match(/<meta\b[^>]*>/g) ?? []) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    if (attr("property") === key || attr("name") === key) return decode(attr("content") ?? "");
  }
  return undefined;
}

function jsonLd(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

/** The paths of one of each shareable page, found by following the site's own links. */
async function shareablePages(request: APIRequestContext) {
  const home = await html(request, "/");
  const brand = firstMatch(home, /href="(\/guide-auto\/voitures-neuves\/marque\/toyota\/\d+)"/, "Toyota link on the home page");
  const brandPage = await html(request, brand);
  const model = firstMatch(brandPage, /href="(\/guide-auto\/voitures-neuves\/marque\/toyota\/modele\/\d+-[a-z0-9-]+)"/, "model link");
  const modelPage = await html(request, model);
  const version = firstMatch(modelPage, /href="(\/guide-auto\/voitures-neuves\/marque\/toyota\/modele\/[a-z0-9-]+\/\d+-[a-z0-9-]+)"/, "version link");
  const comparatorPage = await html(request, "/comparateur");
  const ids = [...new Set([...comparatorPage.matchAll(/href="\/comparateur\?versions=([\d,]+)"/g)].flatMap((m) => m[1]!.split(",")))].slice(0, 4);
  expect(ids).toHaveLength(4);
  const news = await html(request, "/actualite-auto/toute-l-actualite");
  const article = firstMatch(news, /href="(\/actualite-auto\/[a-z0-9-]+\/\d+-[a-z0-9-]+)"/, "article link");
  const taxonomy = "/guide-pratique/permis-de-conduire";
  const guide = firstMatch(await html(request, taxonomy), /href="(\/guide-pratique\/permis-de-conduire\/[a-z0-9-]+)"/, "guide link");
  return { home: "/", brand, model, version, comparison: `/comparateur?versions=${ids.join(",")}`, article, taxonomy, guide };
}

async function expectCard(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), `status of ${url}`).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  // Shown by other sites and apps: one policy, not helmet's same-origin beside it.
  expect(response.headers()["cross-origin-resource-policy"]).toBe("cross-origin");
  const body = await response.body();
  expect(body.length).toBeLessThan(300_000);
  const meta = await sharp(body).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
  return response;
}

test("every shareable page names a 1200×630 preview with alt text and a large Twitter card", async ({ request }) => {
  const pages = await shareablePages(request);
  const images = new Set<string>();
  for (const [kind, path] of Object.entries(pages)) {
    const page = await html(request, path);
    const image = metaContent(page, "og:image");
    expect(image, `${kind}: og:image`).toMatch(/^http:\/\/localhost:\d+\/apercu\//);
    expect(metaContent(page, "og:image:width"), kind).toBe("1200");
    expect(metaContent(page, "og:image:height"), kind).toBe("630");
    expect(metaContent(page, "og:image:type"), kind).toBe("image/png");
    expect(metaContent(page, "og:image:alt"), `${kind}: og:image:alt`).toMatch(/.{15,}/);
    expect(metaContent(page, "twitter:card"), kind).toBe("summary_large_image");
    expect(metaContent(page, "twitter:title"), kind).toBe(metaContent(page, "og:title"));
    expect(metaContent(page, "twitter:description"), kind).toBe(metaContent(page, "og:description"));
    expect(metaContent(page, "twitter:image"), kind).toBe(image);
    expect(metaContent(page, "twitter:image:alt"), kind).toBe(metaContent(page, "og:image:alt"));
    images.add(image!);
    await expectCard(request, image!);
  }
  // Each page has its own card (the home page's is the site's default).
  expect(images.size).toBe(Object.keys(pages).length);
});

test("a page without its own card uses the site's default one", async ({ request }) => {
  const home = metaContent(await html(request, "/"), "og:image");
  expect(metaContent(await html(request, "/a-propos-de-nous"), "og:image")).toBe(home);
  expect(metaContent(await html(request, "/guide-auto/voitures-neuves"), "twitter:card")).toBe("summary_large_image");
});

test("the article's NewsArticle JSON-LD carries its image and the publisher's logo", async ({ request }) => {
  const { article } = await shareablePages(request);
  const page = await html(request, article);
  const news = jsonLd(page).find((block) => block["@type"] === "NewsArticle");
  expect(news).toBeDefined();
  const image = news!.image as string[];
  expect(image).toEqual([metaContent(page, "og:image")]);
  const publisher = news!.publisher as { name: string; logo: { "@type": string; url: string; width: number; height: number } };
  expect(publisher.name).toBe("Voitura");
  expect(publisher.logo).toMatchObject({ "@type": "ImageObject", width: 512, height: 512 });
  expect(publisher.logo.url).toMatch(/^http:\/\/localhost:\d+\/apercu\/logo\.png$/);
  const logo = await request.get(publisher.logo.url);
  expect(logo.status()).toBe(200);
  const meta = await sharp(await logo.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 512]);
  // Version pages' Product JSON-LD names the card too.
  const { version } = await shareablePages(request);
  const versionPage = await html(request, version);
  const product = jsonLd(versionPage).find((block) => block["@type"] === "Product");
  expect(product?.image).toBe(metaContent(versionPage, "og:image"));
});

test("cards: versioned URLs are immutable, others revalidate by ETag; a second request is served from memory", async ({ request }) => {
  const { model } = await shareablePages(request);
  const image = new URL(metaContent(await html(request, model), "og:image")!);
  expect(image.pathname).toMatch(/^\/apercu\/modele\/\d+\.[0-9a-f]{8}\.png$/);

  const first = await expectCard(request, image.pathname);
  expect(first.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const second = await expectCard(request, image.pathname);
  expect(second.headers()["x-preview-cache"]).toBe("hit");
  expect(Buffer.compare(await first.body(), await second.body())).toBe(0);

  // The same card without its fingerprint (or with an outdated one) is served, but only revalidated.
  const bare = image.pathname.replace(/\.[0-9a-f]{8}\.png$/, ".png");
  const unversioned = await expectCard(request, bare);
  expect(unversioned.headers()["cache-control"]).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
  const etag = unversioned.headers()["etag"];
  expect(etag).toMatch(/^"[0-9a-f]{8}"$/);
  const revalidated = await request.get(bare, { headers: { "If-None-Match": etag! } });
  expect(revalidated.status()).toBe(304);
  const stale = await expectCard(request, image.pathname.replace(/\.[0-9a-f]{8}\.png$/, ".00000000.png"));
  expect(stale.headers()["cache-control"]).not.toContain("immutable");
});

test("unknown ids and malformed preview addresses are 404s, never errors", async ({ request }) => {
  for (const path of [
    "/apercu/modele/999999.png",
    "/apercu/version/999999.png",
    "/apercu/marque/999999.png",
    "/apercu/actualite/999999.png",
    "/apercu/comparateur/1-999999.png",
    "/apercu/guide-pratique/nope.png",
    "/apercu/guide-pratique/permis-de-conduire/nope.png",
    "/apercu/modele/abc.png",
    "/apercu/modele/12.jpg",
    "/apercu/modele/0.png",
    "/apercu/modele/99999999999999999999.png",
    "/apercu/comparateur/1-2-3-4-5.png",
    "/apercu/comparateur/1-1.png",
    "/apercu/inconnu/1.png",
    "/apercu/modele/1.zzzz.png",
    "/apercu/%3Cscript%3E.png",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["cache-control"], path).toContain("no-store");
  }
});
