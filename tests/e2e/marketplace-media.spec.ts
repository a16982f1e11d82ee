import { expect, test } from "./fixtures";

// The demo ads' photos from the real server: seeded on first start, served under /medias with a
// year's immutable cache, shown by the site's own pages (CSP img-src and the resource policy).

const cover = "/medias/demo/hatchback-white-side-640.webp";

test("a demo photo is served as WebP with a year's immutable cache", async ({ request }) => {
  const response = await request.get(cover);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const body = await response.body();
  expect(body.subarray(0, 4).toString()).toBe("RIFF");
  expect(body.subarray(8, 12).toString()).toBe("WEBP");
});

test("a shot not drawn yet is drawn when asked for", async ({ request }) => {
  const response = await request.get("/medias/demo/van-gold-detail-1280.webp");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
});

test("unknown files and folders are plain 404s, and nothing outside the uploads is reached", async ({ request }) => {
  for (const url of ["/medias/demo/nothing-640.webp", "/medias/demo/", "/medias/demo", "/medias/demo/rocket-red-side-640.webp"]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    expect(await response.text(), url).toBe("404 Not Found\n");
  }
  // The client resolves the dots first (as browsers do): the site's 404 page, not the file.
  // server/media-files.test.ts sends raw traversal paths.
  expect((await request.get("/medias/%2e%2e/package.json")).status()).toBe(404);
  expect((await request.post(cover)).status()).toBe(405);
});

test("the site's pages may show the photos", async ({ page }) => {
  await page.goto("/");
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, cover);
  expect(size).toEqual([640, 480]);
});
