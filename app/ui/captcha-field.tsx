import { CircleAlert, LoaderCircle, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";

// The browser half of the self-hosted captcha (ALTCHA protocol): fetch a signed challenge, find
// the number whose SHA-256 matches it, and post the solution in a hidden `altcha` field.

export type CaptchaStatus = "idle" | "working" | "verified" | "error";

interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

// Challenges live 10 minutes on the server; solve a new one before that.
const REFRESH_MS = 9 * 60_000;
const BATCH = 200;

// ---------------------------------------------------------------------------------------------
// SHA-256. Web Crypto is only there in secure contexts (https, localhost); a plain-http address
// on a LAN would have none, so a small pure-JS version stands in.

const K = new Uint32Array(64);
const H0 = new Uint32Array(8);
{
  const primes: number[] = [];
  for (let n = 2; primes.length < 64; n++) if (primes.every((p) => n % p !== 0)) primes.push(n);
  const frac = (x: number) => ((x - Math.floor(x)) * 2 ** 32) >>> 0;
  primes.forEach((p, i) => {
    K[i] = frac(Math.cbrt(p));
    if (i < 8) H0[i] = frac(Math.sqrt(p));
  });
}

const ror = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export function sha256HexFallback(message: string): string {
  const bytes = new TextEncoder().encode(message);
  const length = (((bytes.length + 9 + 63) >> 6) << 6) >>> 0;
  const data = new Uint8Array(length);
  data.set(bytes);
  data[bytes.length] = 0x80;
  const view = new DataView(data.buffer);
  view.setUint32(length - 8, Math.floor((bytes.length * 8) / 2 ** 32));
  view.setUint32(length - 4, (bytes.length * 8) >>> 0);
  const h = Array.from(H0);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = ror(a, 7) ^ ror(a, 18) ^ (a >>> 3);
      const s1 = ror(b, 17) ^ ror(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) | 0;
      const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const next = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] as number) + (next[i] as number)) | 0;
  }
  return h.map((x) => (x >>> 0).toString(16).padStart(8, "0")).join("");
}

const encoder = new TextEncoder();

async function subtleSha256Hex(message: string): Promise<string> {
  const buffer = await crypto.subtle.digest("SHA-256", encoder.encode(message));
  let hex = "";
  for (const byte of new Uint8Array(buffer)) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** Finds the number behind a challenge; null when aborted or not found. Hashes in batches. */
export async function solveCaptchaChallenge(challenge: CaptchaChallenge, signal?: AbortSignal): Promise<number | null> {
  if (challenge.algorithm !== "SHA-256") return null;
  const max = challenge.maxnumber ?? 1_000_000;
  const subtle = typeof crypto !== "undefined" && crypto.subtle ? subtleSha256Hex : undefined;
  for (let start = 0; start <= max; start += BATCH) {
    if (signal?.aborted) return null;
    const end = Math.min(start + BATCH - 1, max);
    if (subtle) {
      const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
      const hashes = await Promise.all(numbers.map((n) => subtle(challenge.salt + n)));
      const found = hashes.indexOf(challenge.challenge);
      if (found !== -1) return numbers[found] as number;
    } else {
      for (let n = start; n <= end; n++) if (sha256HexFallback(challenge.salt + n) === challenge.challenge) return n;
      // Let the page breathe between batches of synchronous hashing.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  return null;
}

/** The value of the `altcha` field: base64 of the JSON solution, as the ALTCHA protocol defines. */
export function encodeCaptchaPayload(challenge: CaptchaChallenge, number: number): string {
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: hash, number, salt, signature }));
}

// ---------------------------------------------------------------------------------------------

interface CaptchaFieldProps {
  /** From the page loader: false when CAPTCHA=off, then nothing renders. */
  enabled: boolean;
  /** Solve only once this is true (the visitor has started on the form: useCheckedForm's `engaged`). */
  active?: boolean;
  /** Change it (e.g. pass the latest action result) to solve a fresh challenge: each is single use. */
  resetKey?: unknown;
  onStatusChange?: (status: CaptchaStatus) => void;
  className?: string;
}

export function CaptchaField({ enabled, active = true, resetKey, onStatusChange, className }: CaptchaFieldProps) {
  const [status, setStatus] = useState<CaptchaStatus>("idle");
  const [payload, setPayload] = useState("");
  const [attempt, setAttempt] = useState(0);
  const onStatusRef = useRef(onStatusChange);

  useEffect(() => {
    onStatusRef.current = onStatusChange;
  }, [onStatusChange]);

  useEffect(() => {
    onStatusRef.current?.(status);
  }, [status]);

  useEffect(() => {
    if (!enabled || !active) return;
    const controller = new AbortController();
    let refresh: ReturnType<typeof setTimeout> | undefined;
    setStatus("working");
    setPayload("");
    (async () => {
      try {
        const response = await fetch("/captcha/challenge", { cache: "no-store", signal: controller.signal });
        if (!response.ok) throw new Error(`challenge: ${response.status}`);
        const challenge = (await response.json()) as CaptchaChallenge;
        const number = await solveCaptchaChallenge(challenge, controller.signal);
        if (controller.signal.aborted) return;
        if (number === null) throw new Error("no solution");
        setPayload(encodeCaptchaPayload(challenge, number));
        setStatus("verified");
        refresh = setTimeout(() => setAttempt((n) => n + 1), REFRESH_MS);
      } catch {
        if (!controller.signal.aborted) setStatus("error");
      }
    })();
    return () => {
      controller.abort();
      clearTimeout(refresh);
    };
  }, [enabled, active, resetKey, attempt]);

  if (!enabled) return null;

  return (
    <div className={["text-sm", className].filter(Boolean).join(" ")}>
      <input type="hidden" name="altcha" value={payload} />
      <noscript>
        <p className="text-slate-700 dark:text-slate-300">
          Please enable JavaScript: we use it to check that you are human before sending this form.
        </p>
      </noscript>
      <div className="flex min-h-6 flex-wrap items-center gap-x-3 gap-y-1">
        <p role="status" aria-live="polite" className="flex items-center gap-1.5 text-slate-600 dark:text-slate-400">
          {status === "working" ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" strokeWidth={1.75} />
              Checking you are human…
            </>
          ) : status === "verified" ? (
            <>
              <ShieldCheck aria-hidden="true" className="size-4 text-green-700 dark:text-green-400" strokeWidth={1.75} />
              Verified
            </>
          ) : status === "error" ? (
            <span className="flex items-center gap-1.5 font-medium text-red-700 dark:text-red-400">
              <CircleAlert aria-hidden="true" className="size-4" strokeWidth={1.75} />
              We could not check that you are human.
            </span>
          ) : null}
        </p>
        {status === "error" ? (
          <button type="button" className="link text-sm" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        ) : null}
      </div>
    </div>
  );
}
