import fs from "node:fs";
import path from "node:path";

// The mails a test's server code wrote to DATA_DIR/outbox (no SMTP_URL in tests), for database
// tests and end-to-end tests alike, oldest first (the server names each file by its time): as
// readable text (readableMail) or parsed into headers, parts and links (parseEml).

export const outboxDir = (dataDir: string): string => path.join(dataDir, "outbox");

/** Every mail in the outbox as readable text. */
export function outboxMails(dataDir: string): string[] {
  return outboxFiles(dataDir).map((file) => readableMail(fs.readFileSync(file, "utf8")));
}

/** Every mail in the outbox, parsed. */
export function parsedOutboxMails(dataDir: string): ParsedMail[] {
  return outboxFiles(dataDir).map((file) => parseEml(fs.readFileSync(file, "latin1")));
}

function outboxFiles(dataDir: string): string[] {
  const dir = outboxDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => path.join(dir, name));
}

export function emptyOutbox(dataDir: string): void {
  fs.rmSync(outboxDir(dataDir), { recursive: true, force: true });
}

/**
 * A mail as written, with its top-level headers unfolded (long ones are wrapped onto indented
 * lines) and each part's body decoded from quoted-printable or base64, so a test can look for a
 * header line or a sentence with toContain.
 */
export function readableMail(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const unfolded = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ") + raw.slice(split);
  return unfolded.replace(
    /Content-Transfer-Encoding: (quoted-printable|base64)\r?\n((?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)(?=\r?\n--\S)/g,
    (_m, encoding: string, headers: string, body: string) =>
      `${headers}\n${encoding === "base64" ? Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8") : decodeQuotedPrintable(body.replace(/\r\n/g, "\n")).toString("utf8")}`,
  );
}

// A small MIME reader: enough for what nodemailer writes (multipart/alternative or mixed,
// quoted-printable, base64, RFC 2047 headers). The raw message is read as latin1 so each
// character is one byte until a part's charset says how to decode it.

/** One mail as a test reads it: decoded headers, the text and HTML parts, and their links. */
export interface ParsedMail {
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Absolute links found in the HTML part (href) and the text part, in order, without duplicates. */
  links: string[];
}

export function parseEml(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw.replace(/\r\n/g, "\n"));
  const parts = { text: "", html: "" };
  collectParts(headers, body, parts);
  return {
    headers,
    from: headers["from"] ?? "",
    to: headers["to"] ?? "",
    subject: headers["subject"] ?? "",
    text: parts.text,
    html: parts.html,
    links: extractLinks(parts.html, parts.text),
  };
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const end = entity.indexOf("\n\n");
  const head = end === -1 ? entity : entity.slice(0, end);
  const body = end === -1 ? "" : entity.slice(end + 2);
  const headers: Record<string, string> = {};
  // Unfold continuation lines, then decode each value.
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeHeader(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeHeader(value: string): string {
  const utf8 = Buffer.from(value, "latin1").toString("utf8");
  return utf8
    .replace(/(=\?[^?]+\?[bq]\?[^?]*\?=)\s+(?==\?)/gi, "$1") // whitespace between encoded words is not content
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([bq])\?([^?]*)\?=/gi, (_m, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toLowerCase() === "b"
          ? Buffer.from(text, "base64")
          : decodeQuotedPrintable(text.replace(/_/g, " "));
      return decodeCharset(bytes, charset);
    });
}

function contentType(headers: Record<string, string>): { type: string; params: Record<string, string> } {
  const [type = "text/plain", ...rest] = (headers["content-type"] ?? "text/plain").split(";");
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf("=");
    if (eq === -1) continue;
    params[p.slice(0, eq).trim().toLowerCase()] = p.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
  }
  return { type: type.trim().toLowerCase(), params };
}

function collectParts(headers: Record<string, string>, body: string, out: { text: string; html: string }): void {
  const { type, params } = contentType(headers);
  if (type.startsWith("multipart/") && params.boundary) {
    const delimiter = `--${params.boundary}`;
    const sections = body.split(new RegExp(`^${escapeRegExp(delimiter)}(?:--)?[ \\t]*$`, "m"));
    // sections[0] is the preamble, the last one the epilogue.
    for (const section of sections.slice(1, -1)) {
      const part = splitEntity(section.replace(/^\n/, ""));
      collectParts(part.headers, part.body.replace(/\n$/, ""), out);
    }
    return;
  }
  if (/^\s*attachment/i.test(headers["content-disposition"] ?? "")) return;
  if (type !== "text/plain" && type !== "text/html") return;
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").trim().toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, "latin1");
  const text = decodeCharset(bytes, params.charset ?? "utf-8");
  if (type === "text/plain" && !out.text) out.text = text;
  if (type === "text/html" && !out.html) out.html = text;
}

/** Quoted-printable (RFC 2045) to bytes: soft line breaks removed, =XX turned into the byte. */
export function decodeQuotedPrintable(input: string): Buffer {
  const source = input.replace(/[ \t]+$/gm, "").replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    const hex = c === "=" ? source.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(c.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function extractLinks(html: string, text: string): string[] {
  const links: string[] = [];
  for (const m of html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) links.push(decodeEntities(m[1] ?? m[2] ?? ""));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'\])]+/g)) links.push(m[0].replace(/[.,;:!?]+$/, ""));
  return [...new Set(links.filter((l) => /^https?:\/\//i.test(l)))];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
