import zlib from "node:zlib";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { PHOTO_MESSAGES } from "../../app/features/marketplace/selling/photo-rules";
import { E2E_PHOTO_DRAFTS, E2E_PHOTO_SELLER } from "../setup/e2e-selling-data";
import { expect, test } from "./fixtures";

// The photo endpoint of the posting form (POST /poster-une-annonce/photos) as a signed-in seller's
// browser meets it: its checks on real files, what is stored (WebP renditions without metadata),
// the no-script redirects, and who may touch a draft. The photo manager's page journey is the
// posting form's (tests/e2e/selling*.spec.ts).

const ENDPOINT = "/poster-une-annonce/photos";
const returnTo = (draft: number) => `/poster-une-annonce/${draft}/photos`;
const JSON_ACCEPT = { Accept: "application/json" };

/** A file for the multipart body (Playwright's FormData takes Blob-likes with a name). */
const file = (bytes: Buffer, name: string, type = "image/jpeg") => new File([new Uint8Array(bytes)], name, { type });

function form(draft: number, intent: string, values: Record<string, string> = {}, files: File[] = []): FormData {
  const data = new FormData();
  data.append("draft", String(draft));
  data.append("intent", intent);
  data.append("returnTo", returnTo(draft));
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  for (const photo of files) data.append("photo", photo);
  return data;
}

let shade = 10;
async function jpeg(width = 1200, height = 900): Promise<Buffer> {
  shade += 17;
  return sharp({ create: { width, height, channels: 3, background: { r: shade % 256, g: 120, b: 200 } } }).jpeg().toBuffer();
}

/** A PNG whose header claims `width` x `height` pixels, with almost no pixel data behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A signed-in seller's browser context (the session cookie of a real sign-in through /login). */
async function signedIn(browser: Browser): Promise<{ context: BrowserContext; page: Page; request: APIRequestContext; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E_PHOTO_SELLER.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PHOTO_SELLER.password);
  await page.getByRole("button", { name: "Sign in now" }).click();
  // The password check (scrypt) can take seconds on two busy cores.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  return { context, page, request: context.request, close: () => context.close() };
}

/** A photo action asked for JSON: it must succeed, and answers the draft's photo keys in order. */
async function photoKeysAfter(request: APIRequestContext, draft: number, intent: string, values: Record<string, string>): Promise<string[]> {
  const response = await request.post(ENDPOINT, { multipart: form(draft, intent, values), headers: JSON_ACCEPT });
  expect(response.status()).toBe(200);
  return ((await response.json()).photos as { key: string }[]).map((p) => p.key);
}

/** A move of no photo changes nothing and answers the list. */
const photoKeys = (request: APIRequestContext, draft: number) => photoKeysAfter(request, draft, "move", { key: "ads/none", to: "0" });

/**
 * Deletes every photo of a draft through the endpoint, so a test starts from an empty draft even
 * when an earlier attempt of it (a retry) left photos there.
 */
async function emptyDraft(request: APIRequestContext, draft: number): Promise<void> {
  for (const key of await photoKeys(request, draft)) await photoKeysAfter(request, draft, "delete", { key });
}

/** The storage keys of the photos on the page, in order (from their thumbnails' addresses). */
async function photoOrder(page: Page): Promise<string[]> {
  const sources = await page.getByRole("list", { name: "Your photos, cover first" }).getByRole("img").evaluateAll((images) => images.map((i) => i.getAttribute("src") ?? ""));
  return sources.map((src) => src.replace(/^\/medias\//, "").replace(/-320\.webp$/, ""));
}

const stepPage = (draft: number) => `/poster-une-annonce/${draft}/photos`;

test.describe("photo uploads of a draft ad", () => {
  test("a visitor is asked to sign in: 401 for the script, the login page and back without it", async ({ request }) => {
    const draft = E2E_PHOTO_DRAFTS.checks;
    const asScript = await request.post(ENDPOINT, { multipart: form(draft, "upload", {}, [file(await jpeg(), "car.jpg")]), headers: JSON_ACCEPT });
    expect(asScript.status()).toBe(401);
    expect(await asScript.json()).toEqual({ error: "Sign in to add photos to your ad." });
    const asForm = await request.post(ENDPOINT, { multipart: form(draft, "upload", {}, [file(await jpeg(), "car.jpg")]), maxRedirects: 0 });
    expect(asForm.status()).toBe(303);
    expect(asForm.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(returnTo(draft))}`);
  });

  test("checks each file by its bytes and says why one is refused", async ({ browser }) => {
    test.slow();
    const { request, close } = await signedIn(browser);
    const draft = E2E_PHOTO_DRAFTS.checks;
    const post = (files: File[]) => request.post(ENDPOINT, { multipart: form(draft, "upload", {}, files), headers: JSON_ACCEPT });

    // A PNG named car.jpg is a PNG: accepted, stored as WebP renditions.
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2e86de" } }).png().toBuffer();
    const accepted = await post([file(png, "car.jpg")]);
    expect(accepted.status()).toBe(200);
    const { photos } = (await accepted.json()) as { photos: { key: string; width: number; height: number }[] };
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ width: 1280, height: 960 });
    const rendition = await request.get(`/medias/${photos[0]!.key}-640.webp`);
    expect(rendition.status()).toBe(200);
    expect(rendition.headers()["content-type"]).toBe("image/webp");
    expect(await sharp(await rendition.body()).metadata()).toMatchObject({ format: "webp", width: 640, height: 480 });

    // A text file named .jpg: 415 with the message the manager shows.
    const text = await post([file(Buffer.from("This is not a photo, only text in a file named car.jpg\n"), "car.jpg")]);
    expect(text.status()).toBe(415);
    expect((await text.json()).error).toBe(PHOTO_MESSAGES.notAPhoto);

    // A 60 000 x 60 000 picture is refused from its header.
    const bomb = await post([file(pngClaiming(60_000, 60_000), "huge.png", "image/png")]);
    expect(bomb.status()).toBe(413);
    expect((await bomb.json()).error).toBe(PHOTO_MESSAGES.tooManyPixels);

    // Past 15 MB: 413, its bytes never kept.
    const heavy = Buffer.concat([await jpeg(), Buffer.alloc(15 * 1024 * 1024)]);
    const tooHeavy = await post([file(heavy, "heavy.jpg")]);
    expect(tooHeavy.status()).toBe(413);
    expect((await tooHeavy.json()).error).toBe(PHOTO_MESSAGES.tooHeavy);

    // Nothing refused was added.
    expect(await photoKeysAfter(request, draft, "move", { key: photos[0]!.key, to: "0" })).toHaveLength(1);
    await close();
  });

  test("a photo with GPS in its EXIF is stored without any metadata", async ({ browser }) => {
    const { request, close } = await signedIn(browser);
    const withGps = await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#8e44ad" } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneMaker", Model: "Camera 12" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "25/1 44/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "28/1 11/1 0/1" } })
      .toBuffer();
    // The file sent does carry the camera and a GPS block (EXIF tag 0x8825, little-endian here).
    const sent = (await sharp(withGps).metadata()).exif!;
    expect(sent.toString("latin1")).toContain("PhoneMaker");
    expect(sent.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const response = await request.post(ENDPOINT, { multipart: form(E2E_PHOTO_DRAFTS.exif, "upload", {}, [file(withGps, "gps.jpg")]), headers: JSON_ACCEPT });
    expect(response.status()).toBe(200);
    const [photo] = (await response.json()).photos as { key: string }[];
    for (const width of [320, 640, 1280]) {
      const stored = await sharp(await (await request.get(`/medias/${photo!.key}-${width}.webp`)).body()).metadata();
      expect(stored.format).toBe("webp");
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.icc).toBeUndefined();
    }
    await close();
  });

  test("without scripts: several photos in one form, then reorder, cover and delete, each a redirect back", async ({ browser }) => {
    const { request, close } = await signedIn(browser);
    const draft = E2E_PHOTO_DRAFTS.exif;
    const back = returnTo(draft);
    const upload = await request.post(ENDPOINT, {
      multipart: form(draft, "upload", {}, [file(await jpeg(), "front.jpg"), file(Buffer.from("text"), "notes.jpg"), file(await jpeg(), "back.jpg")]),
      maxRedirects: 0,
    });
    expect(upload.status()).toBe(303);
    const location = new URL(upload.headers().location!, "http://localhost");
    expect(location.pathname).toBe(back);
    expect(location.searchParams.get("photos_added")).toBe("2");
    expect(location.searchParams.get("photos_error")).toBe(PHOTO_MESSAGES.notAPhoto);

    const json = (intent: string, values: Record<string, string>) => photoKeysAfter(request, draft, intent, values);
    // The GPS photo of the test before may be there too: work from the list as it is.
    const keys = await photoKeys(request, draft);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const last = keys[keys.length - 1]!;
    const moved = await request.post(ENDPOINT, { multipart: form(draft, "move", { key: last, to: "0" }), maxRedirects: 0 });
    expect(moved.status()).toBe(303);
    expect(moved.headers().location).toBe(back);
    expect((await photoKeys(request, draft))[0]).toBe(last);
    expect((await json("cover", { key: keys[0]! }))[0]).toBe(keys[0]);
    expect(await json("delete", { key: last })).not.toContain(last);
    await close();
  });

  test("another seller's draft is out of reach, and so is a post from another site", async ({ browser }) => {
    const { request, close } = await signedIn(browser);
    const stranger = await request.post(ENDPOINT, {
      multipart: form(E2E_PHOTO_DRAFTS.stranger, "upload", {}, [file(await jpeg(), "car.jpg")]),
      headers: JSON_ACCEPT,
    });
    expect(stranger.status()).toBe(404);
    expect(await stranger.json()).toEqual({ error: "This draft ad was not found." });
    const forged = await request.post(ENDPOINT, {
      multipart: form(E2E_PHOTO_DRAFTS.checks, "delete", { key: "ads/none" }),
      headers: { ...JSON_ACCEPT, Origin: "https://evil.example" },
    });
    expect(forged.status()).toBe(403);
    const invalid = await request.post(ENDPOINT, { multipart: form(E2E_PHOTO_DRAFTS.checks, "rotate", { key: "ads/none" }), headers: JSON_ACCEPT });
    expect(invalid.status()).toBe(400);
    expect(await invalid.json()).toEqual({ error: "This photo request is not valid." });
    await close();
  });

  test("the photo manager: several photos at once with progress, a retry, drag, arrow keys, cover and delete", async ({ browser, checkA11y }) => {
    test.slow();
    const { page, request, close } = await signedIn(browser);
    await emptyDraft(request, E2E_PHOTO_DRAFTS.manager);
    await page.goto(stepPage(E2E_PHOTO_DRAFTS.manager));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByText("0 of 20 photos", { exact: true })).toBeVisible();
    await expect(page.getByText("No photos yet.")).toBeVisible();
    await checkA11y(page);

    // The first upload request is cut off, as a dropped connection would be: its tile offers a retry.
    let cut = false;
    await page.route("**/poster-une-annonce/photos", (route) => {
      if (!cut && route.request().method() === "POST") {
        cut = true;
        return route.abort("connectionreset");
      }
      return route.continue();
    });
    await page.getByLabel("Add photos").setInputFiles([
      { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg() },
      { name: "side.jpg", mimeType: "image/jpeg", buffer: await jpeg() },
      { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("These are notes, not a photo") },
      { name: "back.jpg", mimeType: "image/jpeg", buffer: await jpeg() },
    ]);
    // The text file is refused in the browser with the server's message, and cannot be retried.
    const refused = page.getByRole("listitem", { name: "notes.jpg: not added" });
    await expect(refused.getByText(PHOTO_MESSAGES.notAPhoto)).toBeVisible();
    await expect(refused.getByRole("button", { name: "Retry" })).toHaveCount(0);
    // Which of the three was cut depends on which request left first.
    await expect(page.getByText("The photo could not be sent: check your connection and try again")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("2 of 20 photos", { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByText("3 of 20 photos", { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Remove notes.jpg from the list" }).click();
    await expect(refused).toHaveCount(0);
    await expect(page.getByText("Cover", { exact: true })).toHaveCount(1);
    await checkA11y(page);

    // Keyboard: the third photo moves left with the arrow key, and the move is said aloud.
    const before = await photoOrder(page);
    expect(before).toHaveLength(3);
    await page.getByRole("listitem", { name: "Photo 3 of 3" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByText("Photo 3 moved to position 2")).toBeAttached();
    await expect.poll(() => photoOrder(page)).toEqual([before[0], before[2], before[1]]);
    await expect(page.getByRole("listitem", { name: "Photo 2 of 3" })).toBeFocused();
    // Dragging the first photo onto the third puts it last.
    await page.getByRole("listitem", { name: "Photo 1 of 3, cover" }).dragTo(page.getByRole("listitem", { name: "Photo 3 of 3" }));
    await expect.poll(() => photoOrder(page)).toEqual([before[2], before[1], before[0]]);
    await expect(page.getByText("Photo 1 moved to position 3")).toBeAttached();
    await page.getByRole("listitem", { name: "Photo 3 of 3" }).focus();
    await page.keyboard.press("Home");
    await expect.poll(() => photoOrder(page)).toEqual([before[0], before[2], before[1]]);
    // Make cover, then delete: each kept by the server, as a reload shows.
    await page.getByRole("button", { name: "Make photo 3 the cover" }).click();
    await expect(page.getByText("Photo 3 is now the cover")).toBeAttached();
    await expect.poll(() => photoOrder(page)).toEqual([before[1], before[0], before[2]]);
    // The page's changes go to the server one after another: the reload waits for the delete's answer
    // (a reload before it is sent would cancel it; the page had long been "network idle").
    const deleted = page.waitForResponse((r) => r.url().endsWith(ENDPOINT) && r.request().method() === "POST" && (r.request().postData() ?? "").includes("delete"));
    await page.getByRole("button", { name: "Delete photo 2" }).click();
    await expect(page.getByText("2 of 20 photos", { exact: true })).toBeVisible();
    expect((await deleted).ok()).toBe(true);
    await page.reload();
    await expect.poll(() => photoOrder(page)).toEqual([before[1], before[2]]);
    await close();
  });

  // (axe needs scripts in the page: the same markup is scanned in the journey above.)
  test("the photo manager without JavaScript: an upload form and a form per action", async ({ browser }) => {
    const signed = await signedIn(browser);
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await signed.context.storageState() });
    await signed.close();
    const page = await context.newPage();
    await page.goto(stepPage(E2E_PHOTO_DRAFTS.noScript));
    await expect(page.getByText("0 of 20 photos", { exact: true })).toBeVisible();
    await page.getByLabel("Choose photos").setInputFiles([
      { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg() },
      { name: "back.png", mimeType: "image/png", buffer: await sharp({ create: { width: 900, height: 700, channels: 3, background: "#16a085" } }).png().toBuffer() },
    ]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(/photos_added=2/);
    await expect(page.getByText("2 photos added.")).toBeVisible();
    await expect(page.getByText("2 of 20 photos", { exact: true })).toBeVisible();
    const [first, second] = await photoOrder(page);
    await page.getByRole("button", { name: "Move photo 2 left" }).click();
    await expect.poll(() => photoOrder(page)).toEqual([second, first]);
    await expect(page.getByText("2 photos added.")).toHaveCount(0);
    await page.getByRole("button", { name: "Make photo 2 the cover" }).click();
    await expect.poll(() => photoOrder(page)).toEqual([first, second]);
    await page.getByRole("button", { name: "Delete photo 1" }).click();
    await expect(page.getByText("1 of 20 photos", { exact: true })).toBeVisible();
    expect(await photoOrder(page)).toEqual([second]);
    // A file that is not a photo comes back with its message.
    await page.getByLabel("Choose photos").setInputFiles([{ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("notes") }]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("alert").filter({ hasText: PHOTO_MESSAGES.notAPhoto })).toBeVisible();
    await context.close();
  });
});
