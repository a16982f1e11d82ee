import crypto from "node:crypto";
import { solveChallenge } from "altcha-lib";
import { describe, expect, it } from "vitest";
import { encodeCaptchaPayload, sha256HexFallback, solveCaptchaChallenge } from "~/ui/captcha-field";

process.env.CAPTCHA = "on";
process.env.AUTH_SECRET = "a-test-secret-that-is-at-least-32-characters-long";

const { CAPTCHA_MAX_NUMBER, createCaptchaChallenge, verifyCaptcha } = await import("./captcha.server");

async function solvedPayload(): Promise<string> {
  const challenge = await createCaptchaChallenge();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("no solution");
  return encodeCaptchaPayload(challenge, solution.number);
}

describe("captcha challenge", () => {
  it("is a signed SHA-256 challenge with an expiry about 10 minutes ahead", async () => {
    const challenge = await createCaptchaChallenge();
    expect(challenge.algorithm).toBe("SHA-256");
    expect(challenge.maxnumber).toBe(CAPTCHA_MAX_NUMBER);
    const expires = Number(new URLSearchParams(challenge.salt.split("?")[1]).get("expires")) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });
});

describe("verifyCaptcha", () => {
  it("accepts a solved challenge once, then rejects its reuse", async () => {
    const payload = await solvedPayload();
    expect(await verifyCaptcha(payload)).toEqual({ ok: true });
    expect(await verifyCaptcha(payload)).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("asks for JavaScript when the field is missing", async () => {
    expect(await verifyCaptcha(null)).toMatchObject({ ok: false, reason: "missing", message: expect.stringMatching(/enable JavaScript/) });
    expect(await verifyCaptcha("")).toMatchObject({ ok: false, reason: "missing" });
  });

  it("rejects tampered payloads", async () => {
    const payload = JSON.parse(Buffer.from(await solvedPayload(), "base64").toString("utf8"));
    const variants = [
      { ...payload, number: payload.number + 1 },
      { ...payload, signature: "0".repeat(64) },
      // A later expiry breaks the signature: the salt is part of the hashed challenge.
      { ...payload, salt: payload.salt.replace(/expires=\d+/, "expires=9999999999") },
      { ...payload, algorithm: "SHA-1" },
      { ...payload, number: "12" },
      { ...payload, salt: 42 },
    ];
    for (const variant of variants) {
      expect(await verifyCaptcha(Buffer.from(JSON.stringify(variant)).toString("base64"))).toMatchObject({ ok: false, reason: "invalid" });
    }
    expect(await verifyCaptcha("not base64 json")).toMatchObject({ ok: false, reason: "invalid" });
    expect(await verifyCaptcha("x".repeat(5000))).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("rejects an expired solution", async () => {
    const payload = await solvedPayload();
    expect(await verifyCaptcha(payload, Date.now() + 11 * 60_000)).toMatchObject({ ok: false, reason: "invalid" });
  });
});

describe("browser solver (captcha-field)", () => {
  it("solves a server challenge into a payload the server accepts", async () => {
    const challenge = await createCaptchaChallenge();
    const number = await solveCaptchaChallenge(challenge);
    expect(number).not.toBeNull();
    expect(await verifyCaptcha(encodeCaptchaPayload(challenge, number as number))).toEqual({ ok: true });
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await solveCaptchaChallenge(await createCaptchaChallenge(), controller.signal)).toBeNull();
  });

  it("has a pure-JS SHA-256 (for non-secure contexts) matching node:crypto", () => {
    for (const input of ["", "abc", "a".repeat(55), "a".repeat(56), "a".repeat(64), "a".repeat(1000), "héllo ✓ 🚗", "0123abc?expires=1&42"]) {
      expect(sha256HexFallback(input)).toBe(crypto.createHash("sha256").update(input).digest("hex"));
    }
  });
});
