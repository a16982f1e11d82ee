// Photo uploads (issue 15): a seller adds 20 photos of about 4 MB to a draft, one file per request
// as the photo manager sends them, and the server checks, decodes and stores each as WebP
// renditions. Measures the wall-clock time of each request (upload and processing) and the
// server's peak resident memory while they run. `--only=photos` runs this alone.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { log } from "./processes.mjs";

export const PHOTO_COUNT = 20;
export const PHOTO_BUDGET_MS = 1500;
export const PHOTO_RSS_BUDGET_MB = 400;
const RSS_SAMPLE_MS = 50;

const WIDTH = 4000;
const HEIGHT = 3000;

/**
 * A 4000×3000 JPEG of about 4 MB that compresses like a photo: smooth gradients under sensor-like
 * noise (a flat colour would shrink to a few kB and measure nothing). Each seed gives another
 * picture, so no two uploads share a content hash (the same photo twice is stored once).
 */
export async function benchPhoto(seed) {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = (Math.imul(seed + 1, 2654435761) >>> 0) || 1;
  const fx = 1 + (seed % 5);
  const fy = 1 + (seed % 3);
  const clamp = (v) => (v < 0 ? 0 : v > 255 ? 255 : v);
  for (let y = 0; y < HEIGHT; y++) {
    const wave = Math.cos((y * fy) / 500) * 50;
    for (let x = 0; x < WIDTH; x++) {
      // xorshift32: cheap noise of about ±16 levels.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const noise = ((state & 255) - 128) / 8;
      const light = Math.sin((x * fx) / 700 + seed) * 60 + wave;
      const i = (y * WIDTH + x) * 3;
      raw[i] = clamp(120 + light + x / 40 + noise);
      raw[i + 1] = clamp(110 + light * 0.7 + y / 30 + noise);
      raw[i + 2] = clamp(100 - light * 0.5 + (x + y) / 70 + noise);
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** A process's resident memory now and its peak, in MB, from /proc (undefined off Linux). */
export function processMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return undefined;
  }
}

/**
 * Watches a process's memory: its RSS every 50 ms, and the kernel's own high-water mark, reset
 * first (writing 5 to clear_refs) so start-up does not count. `stop()` gives the higher peak.
 */
export function watchMemory(pid) {
  let kernelReset = false;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    kernelReset = true;
  } catch {
    // Not allowed here: the samples alone.
  }
  const start = processMemory(pid);
  let sampledPeak = start?.rssMb ?? 0;
  const timer = setInterval(() => {
    const now = processMemory(pid);
    if (now) sampledPeak = Math.max(sampledPeak, now.rssMb);
  }, RSS_SAMPLE_MS);
  return {
    startMb: start?.rssMb ?? null,
    stop() {
      clearInterval(timer);
      const end = processMemory(pid);
      const peaks = [sampledPeak, ...(kernelReset && end ? [end.peakMb] : [])];
      return { startMb: start?.rssMb ?? null, peakMb: end ? Math.max(...peaks) : null, kernelPeak: kernelReset };
    },
  };
}

/** Cookies of a response as one Cookie header, added to `jar` (name → value). */
function keepCookies(response, jar) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The activation link of the newest mail to `email` in the server's outbox (.eml files, quoted-printable). */
async function activationLink(outbox, email) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith(".eml")) : [];
    for (const name of names.sort().reverse()) {
      const text = fs.readFileSync(path.join(outbox, name), "utf8").replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      if (!text.toLowerCase().includes(email.toLowerCase())) continue;
      const link = /https?:\/\/[^\s"'<>]+\/compte\/verification\?token=[^\s"'<>]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no activation mail to ${email} in the outbox`);
}

/** Signs up a seller through the site's own forms, activates the account from its mail and signs in: a Cookie header (with `withEmail`, the account's e-mail too). */
export async function signInBenchSeller(origin, dataDir, { withEmail = false } = {}) {
  const email = `bench-seller-${Date.now()}@example.com`;
  const password = "Bench-photos-2026";
  const form = (fields) => ({
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const signUp = await fetch(`${origin}/register`, form({ name: "Bench Seller", email, password, confirm_password: password }));
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  const link = new URL(await activationLink(path.join(dataDir, "outbox"), email));
  const activation = await fetch(`${origin}${link.pathname}${link.search}`, { redirect: "manual" });
  if (activation.status >= 400) throw new Error(`activation answered ${activation.status}`);
  const jar = new Map();
  const signIn = await fetch(`${origin}/login`, form({ email, password, redirectTo: "/" }));
  const cookie = keepCookies(signIn, jar);
  if (signIn.status >= 400 || !cookie) throw new Error(`sign-in answered ${signIn.status} without a session`);
  return withEmail ? { cookie, email } : cookie;
}

/** The seller's draft: /poster-une-annonce sends a signed-in seller to its first step. */
async function startDraft(origin, cookie) {
  const response = await fetch(`${origin}/poster-une-annonce`, { redirect: "manual", headers: { cookie } });
  const draftId = /\/poster-une-annonce\/(\d+)\//.exec(response.headers.get("location") ?? "")?.[1];
  if (!draftId) throw new Error(`/poster-une-annonce answered ${response.status} without a draft`);
  return Number(draftId);
}

/** One photo as the photo manager's script sends it: its own request, JSON back. */
async function uploadPhoto(origin, cookie, draftId, bytes, name) {
  const body = new FormData();
  body.append("draft", String(draftId));
  body.append("intent", "upload");
  body.append("returnTo", `/poster-une-annonce/${draftId}/photos`);
  body.append("photo", new Blob([bytes], { type: "image/jpeg" }), name);
  const started = performance.now();
  const response = await fetch(`${origin}/poster-une-annonce/photos`, { method: "POST", body, headers: { origin, cookie, accept: "application/json" } });
  const answer = await response.json().catch(() => ({}));
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`upload of ${name} answered ${response.status}: ${answer.error ?? "no message"}`);
  return { ms, photos: answer.photos?.length ?? 0 };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The whole measurement, on the bench's server restarted: a first start seeds the demo data into
 * the embedded database, whose memory the process keeps (about 350 MB more than a server started
 * on its data, as every later start is).
 */
export async function measurePhotoUploads(server) {
  log(`photo uploads: drawing ${PHOTO_COUNT} JPEGs of 4000×3000 (about 4 MB each)`);
  const files = [];
  for (let i = 0; i < PHOTO_COUNT; i++) files.push(await benchPhoto(i));
  log("photo uploads: restarting the server on its seeded data (as it runs after its first start)");
  const { origin, pid, dataDir } = await server.restart();
  const cookie = await signInBenchSeller(origin, dataDir);
  const draftId = await startDraft(origin, cookie);
  log(`photo uploads: ${PHOTO_COUNT} photos to draft ${draftId}, one request each`);

  const memory = watchMemory(pid);
  const times = [];
  let stored = 0;
  for (const [i, bytes] of files.entries()) {
    const { ms, photos } = await uploadPhoto(origin, cookie, draftId, bytes, `IMG_${String(1001 + i)}.jpg`);
    times.push(ms);
    stored = photos;
  }
  const { startMb, peakMb, kernelPeak } = memory.stop();
  if (stored !== PHOTO_COUNT) throw new Error(`the draft holds ${stored} photos after ${PHOTO_COUNT} uploads`);
  const round = (v) => (v == null ? null : Math.round(v));
  return {
    photos: PHOTO_COUNT,
    averageMb: Number((files.reduce((sum, f) => sum + f.length, 0) / files.length / 1_048_576).toFixed(2)),
    medianMs: round(median(times)),
    maxMs: round(Math.max(...times)),
    timesMs: times.map(round),
    rssBeforeMb: round(startMb),
    peakRssMb: round(peakMb),
    peakFrom: kernelPeak ? "VmHWM after a reset, and RSS every 50 ms" : "RSS every 50 ms",
  };
}

/** The report's lines for the uploads. */
export function printPhotoUploads(result, mark) {
  console.log(
    `\nPhoto uploads: ${result.photos} JPEGs of 4000×3000 (${result.averageMb} MB on average), one request each: ` +
      `median ${result.medianMs} ms, max ${result.maxMs} ms ${mark(result.maxMs <= PHOTO_BUDGET_MS)} (budget ≤ ${PHOTO_BUDGET_MS} ms a photo); ` +
      `server RSS ${result.rssBeforeMb} MB before, peak ${result.peakRssMb} MB ${mark(result.peakRssMb === null ? null : result.peakRssMb <= PHOTO_RSS_BUDGET_MB)} ` +
      `(budget ≤ ${PHOTO_RSS_BUDGET_MB} MB; ${result.peakFrom})`,
  );
  console.log(`  each photo: ${result.timesMs.join(", ")} ms`);
}
