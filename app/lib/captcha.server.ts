import { createChallenge, verifySolution } from "altcha-lib";
import type { Challenge } from "altcha-lib/types";
import { z } from "zod";
import { env } from "./env.server";
import { redis, redisEnabled } from "./redis.server";
import { deriveSecret } from "./security.server";

// Self-hosted proof of work (ALTCHA protocol): the server signs a challenge, the browser finds
// the number behind it, the server checks the signature and the answer. No third party.

export const CAPTCHA_FIELD = "altcha";
export const CAPTCHA_MAX_NUMBER = 50_000;
const CAPTCHA_TTL_MS = 10 * 60_000;

const CAPTCHA_MISSING_MESSAGE =
  "Please enable JavaScript in your browser: we use it to check that you are human before sending this form.";
const CAPTCHA_INVALID_MESSAGE = "The check that you are human failed or expired. Please try again.";

export function captchaEnabled(): boolean {
  return env().CAPTCHA === "on";
}

function hmacKey(): string {
  return deriveSecret("altcha");
}

export async function createCaptchaChallenge(now = Date.now()): Promise<Challenge> {
  return createChallenge({
    hmacKey: hmacKey(),
    maxnumber: CAPTCHA_MAX_NUMBER,
    expires: new Date(now + CAPTCHA_TTL_MS),
  });
}

// The payload is attacker-controlled: check its shape before altcha-lib touches it.
const payloadSchema = z.object({
  algorithm: z.literal("SHA-256"),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().min(0).max(CAPTCHA_MAX_NUMBER),
  salt: z.string().min(1).max(200),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

// Solutions already accepted, kept until their challenge expires, so one solution serves once:
// in this process, and with REDIS_URL in Redis too, so it serves once across all instances.
const used = new Map<string, number>();

function pruneUsed(now: number): void {
  for (const [key, expiresAt] of used) if (expiresAt <= now) used.delete(key);
}

/** Whether this solution is taken now for the first time (false when any instance took it before). */
async function takeSolution(signature: string, expiresAt: number, now: number): Promise<boolean> {
  // Checked and recorded synchronously first: two requests to this process cannot both pass, and
  // a solution taken while Redis was unreachable stays taken here when it returns.
  pruneUsed(now);
  if (used.has(signature)) return false;
  used.set(signature, expiresAt);
  if (!redisEnabled()) return true;
  try {
    // SET NX is atomic in Redis: of two instances given one solution, one sees "OK".
    return (await redis().set(`captcha:${signature}`, "1", "PX", Math.max(1, expiresAt - now), "NX")) === "OK";
  } catch {
    // Redis unreachable (already logged by redis.server): this instance's memory still holds it once.
    return true;
  }
}

function expiryOf(salt: string): number | undefined {
  const expires = new URLSearchParams(salt.split("?")[1] ?? "").get("expires");
  const seconds = expires ? Number.parseInt(expires, 10) : Number.NaN;
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

type CaptchaResult = { ok: true } | { ok: false; reason: "missing" | "invalid"; message: string };

/** Verifies (and consumes) the solution in a form's `altcha` field. Always ok when CAPTCHA=off. */
export async function verifyCaptcha(value: FormDataEntryValue | string | null | undefined, now = Date.now()): Promise<CaptchaResult> {
  if (!captchaEnabled()) return { ok: true };
  if (typeof value !== "string" || value.trim() === "") return { ok: false, reason: "missing", message: CAPTCHA_MISSING_MESSAGE };
  const invalid = { ok: false, reason: "invalid", message: CAPTCHA_INVALID_MESSAGE } as const;
  if (value.length > 2000) return invalid;

  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value.trim(), "base64").toString("utf8"));
  } catch {
    return invalid;
  }
  const payload = payloadSchema.safeParse(parsed);
  if (!payload.success) return invalid;
  // Challenges we issue always carry an expiry; one without is not ours.
  const expiresAt = expiryOf(payload.data.salt);
  if (expiresAt === undefined || expiresAt <= now) return invalid;

  let valid = false;
  try {
    valid = await verifySolution(payload.data, hmacKey(), true);
  } catch {
    valid = false;
  }
  if (!valid) return invalid;

  return (await takeSolution(payload.data.signature, expiresAt, now)) ? { ok: true } : invalid;
}
