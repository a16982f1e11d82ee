import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

// A visitor of the cluster as plain HTTP: forms posted as a browser without scripts posts them,
// photos as the photo manager sends them (one per request, JSON back). Forms carry the Origin of
// the address they go to, as a browser there would (React Router refuses an action whose Origin
// is not its Host).

export const PASSWORD = "Cluster-Pa55word!";
// A browser's user agent: crawlers get a bare status line on error pages (entry.server).
export const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36", accept: "text/html" };

export interface Visitor {
  /** Where the requests go: nginx, or one instance straight. */
  base: string;
  /** A client address of its own (X-Forwarded-For, trusted from the loopback), so rate limits are the visitor's. */
  ip: string;
  cookie?: string;
}

const headers = (v: Visitor, extra: Record<string, string> = {}) => ({
  ...BROWSER,
  origin: v.base,
  "x-forwarded-for": v.ip,
  ...(v.cookie ? { cookie: v.cookie } : {}),
  ...extra,
});

export function get(v: Visitor, pathname: string, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${v.base}${pathname}`, { headers: headers(v, extra), redirect: "manual", signal: AbortSignal.timeout(30_000) });
}

export function postForm(v: Visitor, pathname: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${v.base}${pathname}`, { method: "POST", body: new URLSearchParams(form), headers: headers(v), redirect: "manual", signal: AbortSignal.timeout(30_000) });
}

export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("voitura.session_token="));
  if (!cookie) throw new Error(`no session cookie in the answer (${response.status})`);
  return cookie.split(";")[0]!;
}

/** The activation link of the mail to `email`, from whichever instance's outbox it went to. */
export async function activationLink(dataDirs: string[], email: string): Promise<URL> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const dir of dataDirs) {
      const outbox = path.join(dir, "outbox");
      const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith(".eml")) : [];
      for (const name of names) {
        // Quoted-printable: soft line breaks and "=3D" for "=".
        const raw = fs.readFileSync(path.join(outbox, name), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        if (!raw.includes(email)) continue;
        const link = raw.match(/https?:\/\/[^\s"'<>]+\/compte\/verification\?token=[^\s"'<>]+/)?.[0];
        if (link) return new URL(link.replace(/&amp;/g, "&"));
      }
    }
    if (Date.now() > deadline) throw new Error(`no activation mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs up, activates the account (which signs no one in) and signs in: the visitor with its session. */
export async function newSeller(v: Visitor, dataDirs: string[], email: string, name = "Thandi Cluster"): Promise<Visitor> {
  const registered = await postForm(v, "/register", { name, email, password: PASSWORD, confirm_password: PASSWORD });
  if (registered.status !== 200) throw new Error(`sign-up answered ${registered.status}`);
  const link = await activationLink(dataDirs, email);
  const activated = await get(v, link.pathname + link.search);
  if (activated.status !== 200) throw new Error(`activation answered ${activated.status}`);
  const signedIn = await signIn(v, email);
  if (signedIn.status !== 302) throw new Error(`sign-in answered ${signedIn.status}`);
  return { ...v, cookie: sessionCookie(signedIn) };
}

export async function signIn(v: Visitor, email: string): Promise<Response> {
  return postForm(v, "/login", { email, password: PASSWORD, redirectTo: "/mon-compte" });
}

/** A JPEG of its own (its colour from `seed`): no two seeds share a content hash, so each is a new upload. */
export function carPhoto(seed: number): Promise<Buffer> {
  const background = { r: (seed * 67) % 256, g: (seed * 131 + 40) % 256, b: (seed * 29 + 90) % 256 };
  return sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .composite([{ input: Buffer.from(`<svg width="800" height="600"><text x="40" y="300" font-size="90">car ${seed}</text></svg>`), top: 0, left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

export const CAR_STEPS: [string, Record<string, string>][] = [
  ["car", { make: "Volkswagen", model: "Polo Vivo", variant: "1.4 Life", year: "2019", bodyType: "hatchback", fuel: "petrol", transmission: "manual", drive: "2wd" }],
  ["condition", { mileageKm: "86 000", serviceHistory: "full", colour: "silver", previousOwners: "1" }],
  ["price", { priceZar: "R 139 000" }],
  ["place", { province: "western-cape", city: "stellenbosch" }],
  ["description", { description: "One careful owner, serviced at the agents every year. New tyres in March." }],
];

/** A step failed: which one, and what came back (or how the request broke). */
export class PostingFailed extends Error {}

/** Posts an ad step by step, each request to `via(step)`; resolves with the ad's path from the publish answer. */
export async function postAd(seller: Visitor, photos: Buffer[], options: { word: string; via?: (step: string) => string }): Promise<string> {
  const at = (step: string): Visitor => ({ ...seller, base: options.via?.(step) ?? seller.base });
  const attempt = async <T>(step: string, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (err) {
      throw new PostingFailed(`${step}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const started = await attempt("start", () => get(at("start"), "/poster-une-annonce"));
  const draft = /\/poster-une-annonce\/(\d+)\//.exec(started.headers.get("location") ?? "")?.[1];
  if (!draft) throw new PostingFailed(`start answered ${started.status} without a draft`);

  for (const [step, fields] of CAR_STEPS) {
    const form = step === "description" ? { description: `${fields.description} ${options.word}.` } : fields;
    const saved = await attempt(step, () => postForm(at(step), `/poster-une-annonce/${draft}/${step}`, { ...form, intent: "continue" }));
    if (saved.status !== 302) throw new PostingFailed(`${step} answered ${saved.status}`);
  }
  for (const [i, bytes] of photos.entries()) {
    const body = new FormData();
    body.append("draft", draft);
    body.append("intent", "upload");
    body.append("returnTo", `/poster-une-annonce/${draft}/photos`);
    body.append("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `car-${i + 1}.jpg`);
    const v = at("photos");
    const uploaded = await attempt("photos", () =>
      fetch(`${v.base}/poster-une-annonce/photos`, { method: "POST", body, headers: headers(v, { accept: "application/json" }), signal: AbortSignal.timeout(60_000) }),
    );
    if (uploaded.status !== 200) throw new PostingFailed(`photo upload answered ${uploaded.status}`);
  }
  for (const [step, form] of [["photos", {}], ["contact", { phone: "" }]] as const) {
    const saved = await attempt(step, () => postForm(at(step), `/poster-une-annonce/${draft}/${step}`, { ...form, intent: "continue" }));
    if (saved.status !== 302) throw new PostingFailed(`${step} answered ${saved.status}`);
  }
  const published = await attempt("publish", () => postForm(at("publish"), `/poster-une-annonce/${draft}/preview`, { intent: "publish" }));
  const location = published.headers.get("location") ?? "";
  if (published.status !== 302 || !location.includes("annonce=publiee")) throw new PostingFailed(`publish answered ${published.status} ${location}`);
  return new URL(location, seller.base).pathname;
}
