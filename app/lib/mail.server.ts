import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { db } from "./db.server";
import { env, publicUrl } from "./env.server";
import { enqueueJob } from "./job-queue.server";
import { logger } from "./logger.server";
import { site } from "./site";
import { escapeHtml } from "./html";

// Outgoing mail. With SMTP_URL the mail goes over SMTP; without it every mail is written as an
// .eml file to DATA_DIR/outbox/, so development and tests can read what would have been sent.

interface MailAddress {
  name: string;
  address: string;
}

interface OutgoingMail {
  to: string | MailAddress;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | MailAddress;
  headers?: Record<string, string>;
}

interface SentMail {
  messageId: string;
  /** The .eml file written when no SMTP server is configured. */
  file?: string;
}

const ACCENT = "#1f6feb";

export function outboxDir(): string {
  return path.resolve(env().DATA_DIR, "outbox");
}

function mailFrom(): string {
  if (env().MAIL_FROM) return env().MAIL_FROM as string;
  const host = new URL(site.url).hostname.replace(/^www\./, "");
  return `"${site.name}" <no-reply@${host}>`;
}

let transport: { key: string; transporter: Transporter } | undefined;

function transporter(): Transporter {
  const smtp = env().SMTP_URL;
  const key = smtp ?? "outbox";
  if (transport?.key !== key) {
    const created = smtp
      ? // Short timeouts: an unreachable server fails the attempt (retried later) instead of holding the job worker.
        nodemailer.createTransport({ url: smtp, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    transport = { key, transporter: created };
  }
  return transport.transporter;
}

/** The queue's job that delivers one mail over SMTP (server/jobs.ts runs it). */
export const MAIL_JOB = "send-mail";
/** Retries after 1, 4, 9 … 60 minutes (job-queue.server.ts): about eight hours before giving up. */
const MAIL_ATTEMPTS = 12;

/**
 * With SMTP_URL, a mail goes into the job queue and the worker delivers it, retrying with growing
 * delays while the server is down (nothing lost, docs/operations.md "Faults"); without it, the mail
 * is written to the outbox at once.
 */
export async function sendMail(mail: OutgoingMail): Promise<SentMail> {
  if (!env().SMTP_URL) return deliverMail(mail);
  // Fixed now, so a repeated delivery (an instance died between sending and recording it) carries
  // the same Message-ID, which mail servers and clients use to drop duplicates.
  const messageId = `<${crypto.randomUUID()}@${new URL(site.url).hostname.replace(/^www\./, "")}>`;
  await enqueueJob(db(), { name: MAIL_JOB, payload: { mail, messageId }, singletonKey: `mail:${messageId}`, maxAttempts: MAIL_ATTEMPTS });
  logger.info({ messageId, subject: mail.subject }, "mail queued");
  return { messageId };
}

/** The send-mail job: one delivery attempt; a failure throws and the queue retries later. */
export async function deliverQueuedMail(payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { mail, messageId } = payload as { mail?: OutgoingMail; messageId?: string };
  if (!mail || typeof mail.subject !== "string" || !mail.to || typeof messageId !== "string") throw new Error("A send-mail job without a mail");
  await deliverMail(mail, messageId);
  return { messageId };
}

async function deliverMail(mail: OutgoingMail, messageId?: string): Promise<SentMail> {
  const info = await transporter().sendMail({
    from: mailFrom(),
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId,
  });
  const sentId = String(info.messageId ?? "");
  const message: unknown = (info as { message?: unknown }).message;
  if (!env().SMTP_URL && Buffer.isBuffer(message)) {
    const dir = outboxDir();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${Date.now()}-${crypto.randomBytes(6).toString("hex")}.eml`);
    // wx: never overwrite, even in the unlikely case of a name clash.
    await fs.writeFile(file, message, { flag: "wx" });
    logger.info({ file: path.basename(file), subject: mail.subject }, "mail written to the outbox");
    return { messageId: sentId, file };
  }
  logger.info({ messageId: sentId, subject: mail.subject }, "mail sent");
  return { messageId: sentId };
}

// ---------------------------------------------------------------------------------------------
// Branded layout

/** Only absolute http(s) links go into a mail: no javascript: or relative surprises. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error(`Refusing a ${parsed.protocol} link in a mail`);
  return parsed.toString();
}

/** RFC 2369 and RFC 8058 one-click unsubscribe: the mail provider POSTs "List-Unsubscribe=One-Click" to the URL. */
export function oneClickUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

interface MailLink {
  label: string;
  url: string;
}

interface MailLayout {
  /** The preview line mail clients show after the subject. */
  preheader: string;
  heading: string;
  /** Plain text; line breaks are kept. */
  paragraphs: string[];
  /** Linked entries after the paragraphs (the ads of a saved-search alert): a title, a line of detail. */
  items?: { title: string; detail?: string; url: string }[];
  action?: MailLink;
  /** A line above the site footer (e.g. why the reader gets this mail), with an optional link. */
  footer?: string | { text: string; link?: MailLink };
}

const textStyle = "margin:0 0 16px;font-size:16px;line-height:24px;color:#0f172a;";

function htmlParagraph(text: string): string {
  return `<p style="${textStyle}">${escapeHtml(text).replace(/\r?\n/g, "<br>")}</p>`;
}

export function renderMail(layout: MailLayout): { html: string; text: string } {
  const home = publicUrl();
  const footer = typeof layout.footer === "string" ? { text: layout.footer } : layout.footer;
  const action = layout.action ? { label: layout.action.label, url: safeUrl(layout.action.url) } : undefined;
  const footerLink = footer?.link ? { label: footer.link.label, url: safeUrl(footer.link.url) } : undefined;
  const link = (l: MailLink, style: string) => `<a href="${escapeHtml(l.url)}" style="${style}">${escapeHtml(l.label)}</a>`;
  const items = (layout.items ?? []).map((item) => ({ ...item, url: safeUrl(item.url) }));

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(layout.heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Inter,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${escapeHtml(layout.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:12px;border-top:4px solid ${ACCENT};">
<tr><td style="padding:24px 32px 0;">
<a href="${escapeHtml(home)}/" style="font-size:22px;font-weight:800;letter-spacing:-0.02em;color:${ACCENT};text-decoration:none;">${escapeHtml(site.name)}</a>
</td></tr>
<tr><td style="padding:16px 32px 8px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#0f172a;">${escapeHtml(layout.heading)}</h1>
${layout.paragraphs.map(htmlParagraph).join("\n")}
${
  items.length
    ? `<ul style="margin:0 0 16px;padding:0;list-style:none;">${items
        .map(
          (item) =>
            `<li style="margin:0 0 12px;padding:12px 16px;border:1px solid #e2e8f0;border-radius:8px;">${link({ label: item.title, url: item.url }, `font-size:16px;font-weight:600;color:${ACCENT};`)}${
              item.detail ? `<br><span style="font-size:14px;line-height:20px;color:#475569;">${escapeHtml(item.detail)}</span>` : ""
            }</li>`,
        )
        .join("\n")}</ul>`
    : ""
}
${
  action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td style="border-radius:8px;background:${ACCENT};">${link(action, "display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;")}</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#475569;">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.url)}" style="color:${ACCENT};word-break:break-all;">${escapeHtml(action.url)}</a></p>`
    : ""
}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e2e8f0;font-size:13px;line-height:20px;color:#475569;">
${footer ? `<p style="margin:0 0 8px;">${escapeHtml(footer.text)}${footerLink ? ` ${link(footerLink, `color:${ACCENT};`)}` : ""}</p>` : ""}
<p style="margin:0;">${escapeHtml(site.name)}: ${escapeHtml(site.tagline)}<br><a href="${escapeHtml(home)}/" style="color:${ACCENT};">${escapeHtml(home.replace(/^https?:\/\//, ""))}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  const lines = [layout.heading, "", ...layout.paragraphs.flatMap((p) => [p, ""])];
  for (const item of items) lines.push(`- ${item.title}`, ...(item.detail ? [`  ${item.detail}`] : []), `  ${item.url}`, "");
  if (action) lines.push(`${action.label}: ${action.url}`, "");
  // "-- " (with the space) is the conventional signature separator mail clients recognise.
  lines.push("-- ");
  if (footer) lines.push(footerLink ? `${footer.text} ${footerLink.label}: ${footerLink.url}` : footer.text);
  lines.push(`${site.name}: ${site.tagline}`, `${home}/`);
  return { html, text: `${lines.join("\n")}\n` };
}
