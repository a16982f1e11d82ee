import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// env() caches on first use: point DATA_DIR at a fresh folder before anything reads it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voitura-mail-"));
process.env.DATA_DIR = dataDir;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
delete process.env.SMTP_URL;

const { outboxDir, renderMail, sendMail } = await import("./mail.server");
const { escapeHtml } = await import("./html");

describe("renderMail", () => {
  it("escapes everything interpolated into the HTML", () => {
    const { html, text } = renderMail({
      preheader: "<img src=x onerror=alert(1)>",
      heading: 'Hello "you" & <friends>',
      paragraphs: ["<script>alert('x')</script>", "line one\nline two"],
      action: { label: "Go <now>", url: "https://example.com/?a=1&b=<2>" },
      footer: { text: "Because <reasons>", link: { label: "Unsubscribe", url: "https://example.com/u?t=1" } },
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(html).toContain("Hello &quot;you&quot; &amp; &lt;friends&gt;");
    expect(html).toContain("line one<br>line two");
    expect(html).toContain('href="https://example.com/?a=1&amp;b=%3C2%3E"');
    expect(html).toContain("#1f6feb");
    expect(html).toContain("Voitura");
    // The plain-text part carries the same content, unescaped, with the links spelled out.
    expect(text).toContain("<script>alert('x')</script>");
    expect(text).toContain("Go <now>: https://example.com/?a=1&b=%3C2%3E");
    expect(text).toContain("Unsubscribe: https://example.com/u?t=1");
    expect(text).toContain("http://localhost:3000/");
  });

  it("refuses non-http links", () => {
    expect(() => renderMail({ preheader: "", heading: "x", paragraphs: [], action: { label: "x", url: "javascript:alert(1)" } })).toThrow();
  });

  it("escapes the five HTML specials", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;");
  });
});

describe("sendMail without SMTP", () => {
  it("writes an .eml file with both parts into DATA_DIR/outbox", async () => {
    const { html, text } = renderMail({ preheader: "Pre", heading: "Héllo wörld", paragraphs: ["Body ✓"] });
    const sent = await sendMail({
      to: "someone@example.com",
      replyTo: { name: "Jane Doe", address: "jane@example.com" },
      subject: "Test ✓",
      text,
      html,
      headers: { "List-Unsubscribe": "<https://example.com/u>" },
    });
    expect(outboxDir()).toBe(path.join(dataDir, "outbox"));
    expect(sent.file && path.dirname(sent.file)).toBe(outboxDir());
    expect(path.basename(sent.file ?? "")).toMatch(/^\d{13}-[0-9a-f]{12}\.eml$/);
    const eml = fs.readFileSync(sent.file as string, "utf8");
    expect(eml).toContain("To: someone@example.com");
    expect(eml).toMatch(/Reply-To: Jane Doe <jane@example.com>/);
    expect(eml).toContain("List-Unsubscribe: <https://example.com/u>");
    expect(eml).toContain("Content-Type: text/plain");
    expect(eml).toContain("Content-Type: text/html");
    expect(eml).toMatch(/From: "?Voitura"? <no-reply@voitura\.co\.za>/);
  });
});
