import { captchaEnabled, createCaptchaChallenge } from "~/lib/captcha.server";

// A fresh proof-of-work challenge for the captcha field; never cached (each is single use).
export async function loader() {
  const headers = { "cache-control": "no-store", "x-robots-tag": "noindex" };
  if (!captchaEnabled()) return Response.json({ error: "The captcha is turned off." }, { status: 404, headers });
  return Response.json(await createCaptchaChallenge(), { headers });
}
