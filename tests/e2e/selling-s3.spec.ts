import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../setup/e2e-paths";
import sharp from "sharp";
import { expect, registerAndActivate, test, uniqueEmail } from "./fixtures";

// Photos kept in an S3-compatible store: the e2e server started with E2E_S3=1 (photos read from
// the bucket and served under /medias) or E2E_S3=public (pages point at the bucket's own address)
// keeps them in a local S3 server (tests/setup/e2e-server.mjs). Any other spec runs against it the
// same way; these prove the pictures a visitor sees come from the bucket and nothing else.

test.skip(!process.env.E2E_S3, "needs the e2e server's S3 mode: E2E_S3=1 or E2E_S3=public");

interface LocalS3 {
  endpoint: string;
  bucket: string;
  publicUrl: string | null;
}
const localS3 = (): LocalS3 => JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, "s3-server.json"), "utf8")) as LocalS3;

/** A demo ad's page: their photos are drawn and stored at the first start (the e2e fixtures' are not). */
async function demoAdPath(page: Page): Promise<string> {
  await page.goto("/marche-doccasion/rechercher");
  const href = await page.locator("article[data-ad-id]").evaluateAll((cards) => {
    const drawn = /\/demo\/[a-z-]+-[a-z]+-(side|front|rear|detail)-\d+\.webp$/;
    const card = cards.find((c) => drawn.test(c.querySelector("img")?.getAttribute("src") ?? ""));
    return card?.querySelector<HTMLAnchorElement>('a[href*="/annonce/"]')?.getAttribute("href");
  });
  expect(href, "a demo ad on the first page of results").toBeTruthy();
  return href!;
}

/** The address the browser loaded the gallery's main picture from, once it is shown. */
async function shownPhoto(page: Page): Promise<{ src: string; width: number }> {
  const image = page.getByTestId("gallery-main").locator("img").first();
  await expect(image).toBeVisible();
  // Loaded and decoded (a picture that failed is complete with no width).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth }));
}

test("an ad's photos are stored in the bucket and shown from it", async ({ page, request }) => {
  const s3 = localS3();
  await page.goto(await demoAdPath(page));
  const { src, width } = await shownPhoto(page);
  expect(width).toBeGreaterThan(0);

  const url = new URL(src);
  const key = s3.publicUrl
    ? (expect(src.startsWith(`${s3.publicUrl}/`), `${src} is the bucket's address`).toBe(true), src.slice(s3.publicUrl.length + 1))
    : (expect(url.pathname.startsWith("/medias/"), `${src} is served by the site`).toBe(true), url.pathname.slice("/medias/".length));

  // The same bytes as the object in the bucket, and no copy on the server's disk.
  const shown = await request.get(src);
  expect(shown.status()).toBe(200);
  expect(shown.headers()["content-type"]).toBe("image/webp");
  expect(shown.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const object = await request.get(`${s3.endpoint}/${s3.bucket}/${key}`);
  expect(object.status()).toBe(200);
  expect(Buffer.compare(await object.body(), await shown.body())).toBe(0);
  expect(fs.existsSync(path.join(E2E_DATA_DIR, "uploads", key))).toBe(false);
});

test("a demo shot missing from the bucket is drawn into it when /medias is asked for it", async ({ request }) => {
  const s3 = localS3();
  const key = "demo/convertible-gold-rear-320.webp";
  // No demo ad is a gold convertible (and no other spec asks for it): only this request draws it.
  expect((await request.get(`${s3.endpoint}/${s3.bucket}/${key}`)).status()).toBe(404);
  const response = await request.get(`/medias/${key}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect((await request.get(`${s3.endpoint}/${s3.bucket}/${key}`)).status()).toBe(200);
  expect((await request.get("/medias/demo/nothing-640.webp")).status()).toBe(404);
});

test("a seller's uploaded photo is stored in the bucket and shown on the photos step", async ({ page, baseURL }) => {
  const s3 = localS3();
  await registerAndActivate(page, "Sipho Ndlovu", uniqueEmail("s3-seller"));
  await page.goto("/poster-une-annonce");
  await expect(page).toHaveURL(/\/poster-une-annonce\/\d+\/[a-z]+$/);
  const draft = Number(/\/poster-une-annonce\/(\d+)\//.exec(page.url())![1]);

  // As the photo manager's script sends it: one file, JSON back.
  const noise = Buffer.alloc(1200 * 900 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.imul(i, 2654435761) >>> 24) ^ (i % 251);
  const photo = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  const body = new FormData();
  body.append("draft", String(draft));
  body.append("intent", "upload");
  body.append("returnTo", `/poster-une-annonce/${draft}/photos`);
  body.append("photo", new File([new Uint8Array(photo)], "IMG_2041.jpg", { type: "image/jpeg" }));
  const upload = await page.request.post("/poster-une-annonce/photos", { multipart: body, headers: { Origin: baseURL!, Accept: "application/json" } });
  expect(upload.status()).toBe(200);
  const { photos } = (await upload.json()) as { photos: { key: string }[] };
  expect(photos).toHaveLength(1);
  const key = photos[0]!.key;
  for (const width of [320, 640, 1280]) {
    const object = await page.request.get(`${s3.endpoint}/${s3.bucket}/${key}-${width}.webp`);
    expect(object.status(), `${key}-${width}.webp in the bucket`).toBe(200);
    expect(object.headers()["content-type"]).toBe("image/webp");
  }
  expect(fs.existsSync(path.join(E2E_DATA_DIR, "uploads", "ads"))).toBe(false);

  await page.goto(`/poster-une-annonce/${draft}/photos`);
  const tile = page.getByRole("img", { name: "Photo 1" });
  await expect(tile).toBeVisible();
  await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const src = await tile.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(src).toContain(`${key}-`);
  if (s3.publicUrl) expect(src.startsWith(`${s3.publicUrl}/`)).toBe(true);
});
