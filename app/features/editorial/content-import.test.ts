import { describe, expect, it } from "vitest";
import { type ContentFile, formatContentIssue, parseContentFiles, splitFrontMatter } from "./content-import";

const article = (overrides: Record<string, string> = {}, body = "A body of **text**.") => {
  const fields: Record<string, string> = {
    id: "1001",
    slug: "corolla-cross-arrives",
    title: '"Corolla Cross arrives"',
    category: "nouveautes",
    author: "Thandi Mokoena",
    published: "2026-03-14T09:00:00+02:00",
    summary: '"A summary."',
    cover: '\n  body: suv\n  colour: "#B91C1C"',
    ...overrides,
  };
  const yaml = Object.entries(fields)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  return `---\n${yaml}\n---\n${body}\n`;
};

const news = (text: string, name = "1001-corolla-cross-arrives.md"): ContentFile => ({ path: `content/news/${name}`, text });

describe("parseContentFiles: articles", () => {
  it("reads a valid article: dates, cover, defaults, rendered body, reading time and hash", () => {
    const { articles, issues } = parseContentFiles([news(article({ models: "\n  - toyota/corolla-cross" }))]);
    expect(issues).toEqual([]);
    const a = articles[0]!;
    expect(a).toMatchObject({
      id: 1001,
      slug: "corolla-cross-arrives",
      title: "Corolla Cross arrives",
      categorySlug: "nouveautes",
      featured: false,
      coverBodyType: "suv",
      coverColour: "#b91c1c",
      models: ["toyota/corolla-cross"],
      readingMinutes: 1,
      sourcePath: "content/news/1001-corolla-cross-arrives.md",
    });
    expect(a.publishedAt.toISOString()).toBe("2026-03-14T07:00:00.000Z");
    expect(a.updatedAt).toEqual(a.publishedAt);
    expect(a.bodyHtml).toBe("<p>A body of <strong>text</strong>.</p>");
    expect(a.sourceHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("names the file and the field of every problem", () => {
    const cases: [string, ContentFile, RegExp][] = [
      ["no front matter", news("Just text"), /front matter between two --- lines/],
      ["bad YAML", news("---\nid: [1\n---\nBody"), /not valid YAML/],
      ["missing title", news(article({ title: "" })), /title: /],
      ["bad id", news(article({ id: "abc" })), /id: /],
      ["bad date", news(article({ published: "14/03/2026" })), /published: expected a date/],
      ["unknown body type", news(article({ cover: "\n  body: rocket\n  colour: \"#000000\"" })), /cover\.body: /],
      ["bad colour", news(article({ cover: "\n  body: suv\n  colour: red" })), /cover\.colour: expected a #rrggbb colour/],
      ["unknown field", news(article({ tags: "[a]" })), /unknown field tags/],
      ["long summary", news(article({ summary: `"${"x".repeat(241)}"` })), /summary: at most 240 characters/],
      ["file name", news(article(), "1002-other.md"), /file name must be 1001-corolla-cross-arrives\.md/],
      ["empty body", news(article({}, "")), /body is empty/],
      ["updated before published", news(article({ updated: "2026-01-01" })), /updated: must not be before published/],
      ["bad model", news(article({ models: "\n  - corolla" })), /models\.0: expected \{brand slug\}\/\{model slug\}/],
      ["bad slug", news(article({ slug: "Bad Slug" }), "1001-Bad Slug.md"), /slug: use lower-case letters/],
    ];
    for (const [label, file, message] of cases) {
      const { issues, articles } = parseContentFiles([file]);
      expect(articles, label).toEqual([]);
      expect(issues.map(formatContentIssue).join("\n"), label).toMatch(message);
      expect(issues[0]!.file, label).toBe(file.path);
    }
  });

  it("refuses an id used twice and files in the wrong place", () => {
    const { issues } = parseContentFiles([
      news(article()),
      news(article({ slug: "other" }), "1001-other.md"),
      { path: "content/misc/note.md", text: "x" },
    ]);
    expect(issues.map(formatContentIssue)).toEqual([
      "content/misc/note.md: not a place for content: use content/news/{id}-{slug}.md or content/guides/{taxonomy}/{slug}.md",
      "content/news/1001-other.md: id 1001 is already used by content/news/1001-corolla-cross-arrives.md",
    ]);
  });

  it("stores the sanitised body, never raw HTML or script links", () => {
    const { articles } = parseContentFiles([news(article({}, '<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>'))]);
    expect(articles[0]!.bodyHtml).not.toMatch(/<script|<img|href="javascript/);
    expect(articles[0]!.bodyMarkdown).toContain("<script>");
  });
});

describe("parseContentFiles: guides", () => {
  const guide = (fields = "title: \"Renew a disc\"\nslug: renew-disc\nsummary: \"How.\"\nposition: 2\nupdated: 2026-10-02") => `---\n${fields}\n---\nRenew it.\n`;

  it("reads a guide with its taxonomy from the folder", () => {
    const { guides, issues } = parseContentFiles([{ path: "content/guides/vignette/renew-disc.md", text: guide() }]);
    expect(issues).toEqual([]);
    expect(guides[0]).toMatchObject({ taxonomySlug: "vignette", slug: "renew-disc", title: "Renew a disc", position: 2, bodyHtml: "<p>Renew it.</p>" });
    expect(guides[0]!.updatedAt.toISOString()).toBe("2026-10-01T22:00:00.000Z");
  });

  it("checks the file name and the fields", () => {
    const { issues } = parseContentFiles([
      { path: "content/guides/vignette/other.md", text: guide() },
      { path: "content/guides/vignette/x.md", text: guide("title: x\nslug: x\nsummary: y\nposition: -1\nupdated: 2026-10-02") },
    ]);
    expect(issues.map(formatContentIssue)).toEqual([
      "content/guides/vignette/other.md: the file name must be renew-disc.md (the slug of the front matter)",
      expect.stringMatching(/^content\/guides\/vignette\/x\.md: position: /),
    ]);
  });
});

describe("splitFrontMatter", () => {
  it("accepts a byte-order mark and Windows line ends", () => {
    const split = splitFrontMatter("\uFEFF---\r\ntitle: x\r\n---\r\nBody");
    expect(split).toEqual({ data: { title: "x" }, body: "Body" });
  });

  it("refuses duplicate keys", () => {
    expect(splitFrontMatter("---\ntitle: a\ntitle: b\n---\n")).toMatchObject({ error: expect.stringMatching(/not valid YAML/) });
  });
});
