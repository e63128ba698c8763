import { describe, expect, it } from "vitest";
import {
  MARKDOWN_TOO_DEEP_MESSAGE,
  MAX_MARKDOWN_NESTING,
  markdownNestingProblem,
  RENDERED_ARTICLES_KEPT,
  renderMarkdown,
  renderedArticleCount,
} from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders headings, paragraphs, lists, emphasis and quotes", () => {
    const html = renderMarkdown("## Tools\n\nUse **sharp** *pruners*.\n\n- one\n- two\n\n1. first\n\n> Fresh water daily.");
    expect(html).toContain("<h2>Tools</h2>");
    expect(html).toContain("<p>Use <strong>sharp</strong> <em>pruners</em>.</p>");
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<blockquote>\s*<p>Fresh water daily.<\/p>\s*<\/blockquote>/);
  });

  it("keeps the page title the only h1", () => {
    expect(renderMarkdown("# Big\n\n###### Small")).toBe("<h2>Big</h2>\n<h4>Small</h4>\n");
  });

  it("removes script and style elements with their content", () => {
    const html = renderMarkdown(
      'Hello <script>alert("x")</script><style>body{display:none}</style>\n\n<script src="https://evil.example/x.js"></script>',
    );
    expect(html).not.toMatch(/script|style|alert|display:none/i);
    expect(html).toContain("Hello");
  });

  it("removes inline event handlers and images", () => {
    const html = renderMarkdown('<img src="x" onerror="alert(1)"> <p onclick="alert(2)">Text</p> ![alt](https://example.com/a.png)');
    expect(html).not.toMatch(/onerror|onclick|<img|alert/i);
    expect(html).toContain("Text");
  });

  it("drops javascript:, data: and protocol-relative link targets but keeps the link text", () => {
    const html = renderMarkdown(
      '[one](javascript:alert(1)) [two](data:text/html;base64,PHNjcmlwdD4=) [three](//evil.example) <a href="JaVaScRiPt:alert(1)">four</a>',
    );
    expect(html).not.toMatch(/javascript|data:|evil\.example/i);
    for (const text of ["one", "two", "three", "four"]) expect(html).toContain(text);
  });

  it("keeps http(s) and relative links and marks them nofollow noopener", () => {
    const html = renderMarkdown("[market](https://example.com/market) [states](/states)");
    expect(html).toContain('<a href="https://example.com/market" rel="nofollow noopener">market</a>');
    expect(html).toContain('<a href="/states" rel="nofollow noopener">states</a>');
  });

  it("removes frames, forms and style attributes", () => {
    const html = renderMarkdown(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><p style="color:red">Hi</p>',
    );
    expect(html).not.toMatch(/iframe|form|input|style=/i);
    expect(html).toContain("<p>Hi</p>");
  });

  it("keeps the HTML of the articles rendered last, at most RENDERED_ARTICLES_KEPT, and renders an edited text anew", () => {
    const before = renderedArticleCount();
    const article = `## Kept ${before}\n\nConditioning stems.`;
    const first = renderMarkdown(article);
    expect(renderedArticleCount()).toBe(Math.min(before + 1, RENDERED_ARTICLES_KEPT));
    expect(renderMarkdown(article)).toBe(first);
    expect(renderedArticleCount()).toBe(Math.min(before + 1, RENDERED_ARTICLES_KEPT));
    expect(renderMarkdown(`${article} Edited.`)).toContain("Conditioning stems. Edited.");

    for (let i = 0; i < RENDERED_ARTICLES_KEPT * 2; i++) renderMarkdown(`Article number ${i}`);
    expect(renderedArticleCount()).toBe(RENDERED_ARTICLES_KEPT);
    expect(renderMarkdown("Article number 0")).toBe("<p>Article number 0</p>\n");
  });
});

describe("nesting too deep for the parser (#40.6)", () => {
  const hostile = {
    "5,000 quote marks": ">".repeat(5000) + " deep",
    "5,000 spaced quote marks": "> ".repeat(5000) + "deep",
    "5,000 list markers on a line": "- ".repeat(5000) + "deep",
    "3,000 lists, each indented one level more": Array.from({ length: 3000 }, (_, i) => `${" ".repeat(i * 2)}- deep item`).join("\n"),
    "2,000 emphasis marks around a word": `${"*".repeat(2000)}deep${"*".repeat(2000)}`,
  };

  for (const [name, markdown] of Object.entries(hostile)) {
    it(`refuses ${name} before parsing, and renders it as escaped text instead of failing`, () => {
      expect(markdownNestingProblem(markdown)).toBe(MARKDOWN_TOO_DEEP_MESSAGE);
      const started = performance.now();
      const html = renderMarkdown(markdown);
      expect(html.startsWith("<p>")).toBe(true);
      expect(html).not.toContain("<blockquote>");
      expect(html).toContain("deep");
      // It never reached marked: a plain paragraph of the text as written takes no time at all.
      expect(performance.now() - started).toBeLessThan(1_000);
    });
  }

  it("renders emphasis opened word after word too deeply as text (marked's stack overflow caught)", () => {
    const markdown = `${"*a ".repeat(3000)}b${" c*".repeat(3000)}`;
    expect(markdownNestingProblem(markdown)).toBeUndefined();
    expect(renderMarkdown(markdown)).toMatch(/^<p>\*a \*a/);
  });

  it(`allows ${MAX_MARKDOWN_NESTING} levels, fenced code of any indentation, and escapes what it shows as text`, () => {
    const nested = Array.from({ length: MAX_MARKDOWN_NESTING }, (_, i) => `${"  ".repeat(i)}- level ${i + 1}`).join("\n");
    expect(markdownNestingProblem(nested)).toBeUndefined();
    expect(renderMarkdown(nested).match(/<ul>/g)).toHaveLength(MAX_MARKDOWN_NESTING);
    expect(markdownNestingProblem(`${"> ".repeat(MAX_MARKDOWN_NESTING)}quote`)).toBeUndefined();
    expect(markdownNestingProblem(`${"> ".repeat(MAX_MARKDOWN_NESTING + 1)}quote`)).toBe(MARKDOWN_TOO_DEEP_MESSAGE);
    expect(markdownNestingProblem(`\`\`\`\n${" ".repeat(200)}code\n\`\`\``)).toBeUndefined();
    expect(renderMarkdown(`${">".repeat(100)} <script>alert(1)</script>`)).toContain("&lt;script&gt;");
  });
});
