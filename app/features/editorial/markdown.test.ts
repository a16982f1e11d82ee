import { describe, expect, it } from "vitest";
import { isAllowedHref, readingMinutes, renderMarkdown, sanitiseHtml } from "./markdown";

/** Nothing executable may survive, whatever the input (text shown escaped is harmless). */
function expectHarmless(html: string) {
  const tags = html.match(/<[^>]*>/g) ?? [];
  for (const tag of tags) {
    if (tag === '<div class="article-table" role="region" aria-label="Table" tabindex="0">' || tag === "</div>") continue;
    expect(tag).toMatch(/^<\/?(p|h2|h3|h4|ul|ol|li|a|strong|em|del|code|pre|blockquote|table|thead|tbody|tr|th|td|hr|br)[\s>/]/);
    expect(tag).not.toMatch(/\son\w+\s*=|\sstyle\s*=|\ssrc\s*=|\starget\s*=/i);
    const href = /href="([^"]*)"/.exec(tag)?.[1];
    if (href !== undefined) expect(href).toMatch(/^(https?:\/\/|mailto:|\/(?!\/)|#)/);
  }
}

describe("renderMarkdown", () => {
  it("renders the body's ordinary Markdown", () => {
    const html = renderMarkdown(
      "# Title\n\nA *new* **bakkie**.\n\n## Prices\n\n- one\n- two\n\n> quoted\n\n| Model | Price |\n|---|--:|\n| Hilux | R500 000 |\n\n[Compare](/comparateur) or [NAAMSA](https://naamsa.net/) or [mail](mailto:news@example.org)",
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<em>new</em>");
    expect(html).toContain("<h2>Prices</h2>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain('<div class="article-table" role="region" aria-label="Table" tabindex="0"><table>');
    expect(html).toContain('<th scope="col">Model</th>');
    expect(html).toContain("<td>R500 000</td>");
    expect(html).toContain('<a href="/comparateur">Compare</a>');
    expect(html).toContain('<a href="https://naamsa.net/" rel="noopener noreferrer">NAAMSA</a>');
    expect(html).toContain('<a href="mailto:news@example.org">mail</a>');
    expectHarmless(html);
  });

  it("never renders raw HTML", () => {
    const inputs = [
      "<script>alert(1)</script>",
      "Hello <img src=x onerror=alert(1)>",
      '<a href="javascript:alert(1)">x</a>',
      "<iframe src=https://evil.example></iframe>",
      '<svg onload="alert(1)"><circle /></svg>',
      '<p style="background:url(javascript:alert(1))">styled</p>',
      "<style>body{display:none}</style>",
      '<div onclick="alert(1)">click</div>',
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    ];
    for (const input of inputs) {
      const html = renderMarkdown(input);
      expectHarmless(html);
      // Shown as text, escaped.
      expect(html.startsWith("<p>")).toBe(true);
    }
  });

  it("drops links with dangerous schemes, keeping their text", () => {
    const inputs = [
      "[x](javascript:alert(1))",
      "[x](JaVaScRiPt:alert(1))",
      "[x](jav&#x09;ascript:alert(1))",
      "[x](jav&#9;ascript:alert(1))",
      "[x](&#106;avascript:alert(1))",
      "[x](vbscript:msgbox(1))",
      "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "[x](file:///etc/passwd)",
      "[x](//evil.example/path)",
      "<javascript:alert(1)>",
      "![x](javascript:alert(1))",
      '![x](https://tracker.example/pixel.png "t")',
    ];
    for (const input of inputs) {
      const html = renderMarkdown(input);
      expectHarmless(html);
      expect(html).not.toContain("<a ");
      expect(html).not.toContain("evil.example/path\"");
    }
  });

  it("cleans hostile HTML given directly to the sanitiser", () => {
    const html = sanitiseHtml(
      [
        '<a href="jav&#x09;ascript:alert(1)">a</a>',
        '<a href="  javascript:alert(1)">b</a>',
        '<a href="java\u0000script:alert(1)">c</a>',
        '<a href="data:text/html,<script>alert(1)</script>">d</a>',
        '<a href="/ok" onclick="alert(1)" style="color:red" target="_top">e</a>',
        '<img src=x onerror="alert(1)">',
        "<svg><script>alert(1)</script></svg>",
        '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
        '<p onmouseover="alert(1)">f</p>',
        "<script>alert(1)</script>",
        '<form action="https://evil.example"><input name=x></form>',
      ].join("\n"),
    );
    expectHarmless(html);
    expect(html).toContain('<a href="/ok">e</a>');
    expect(html).toContain("<p>f</p>");
    for (const text of ["a", "b", "c", "d"]) expect(html).toMatch(new RegExp(`(^|\\n)${text}\\n`));
    expect(html).not.toContain("alert(1)</script>");
  });
});

describe("isAllowedHref", () => {
  it("allows http(s), mailto and site paths only", () => {
    for (const ok of ["/actualite-auto", "https://example.org/a", "http://example.org", "mailto:a@b.co", "#prices", "page?x=1:2"]) expect(isAllowedHref(ok)).toBe(true);
    for (const bad of ["javascript:x", "jav\tascript:x", " javascript:x", "JAVASCRIPT:x", "vbscript:x", "data:text/html,x", "//evil.example", "\\\\evil", "ftp://x", ""])
      expect(isAllowedHref(bad)).toBe(false);
  });
});

describe("readingMinutes", () => {
  it("counts about 220 words a minute, at least one", () => {
    expect(readingMinutes("Short.")).toBe(1);
    expect(readingMinutes(Array.from({ length: 660 }, () => "word").join(" "))).toBe(3);
    expect(readingMinutes(`## Heading\n\n${Array.from({ length: 1100 }, () => "word").join(" ")}`)).toBe(5);
  });
});
