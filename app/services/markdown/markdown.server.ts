import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, async: false });

/**
 * Article bodies are written by admins, but an admin account can be compromised and Markdown passes raw
 * HTML through, so the output is reduced to a reading allow-list: no scripts, styles, frames, images,
 * inline handlers or non-http(s) links. The page's title is its only h1, so body headings start at h2.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "p", "br", "hr", "ul", "ol", "li", "strong", "em", "blockquote", "a", "code"],
  allowedAttributes: { a: ["href", "title", "rel"] },
  allowedSchemes: ["http", "https"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template"],
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    b: "strong",
    i: "em",
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "nofollow noopener" } }),
  },
};

/** How many articles keep their HTML: the published ones are a few dozen, and each is at most 50,000 characters. */
export const RENDERED_ARTICLES_KEPT = 64;

/**
 * The HTML of the articles rendered last, by their Markdown (the same text always gives the same HTML, so an
 * edited article is simply a new entry). Parsing and sanitising was about a tenth of the server's time for an
 * article page rendered outside the page cache (issue #13). The least recently used goes first.
 */
const rendered = new Map<string, string>();

/**
 * The most levels of quotes and lists a text may nest, and the longest run of emphasis marks. marked parses
 * nesting by recursion: 5,000 `>` or 2,000 `*` overflow its stack (a 500 on the page and the preview), and
 * 3,000 lists indented one level more each line ran it out of memory. Twenty levels is more than any article needs.
 */
export const MAX_MARKDOWN_NESTING = 20;
const MAX_EMPHASIS_RUN = 50;
export const MARKDOWN_TOO_DEEP_MESSAGE = `The text nests quotes, lists or emphasis too deeply for a page: at most ${MAX_MARKDOWN_NESTING} levels. Flatten the deepest part and try again.`;

/** Containers a line opens at its start: a quote mark or a list marker, with the spaces around them. */
const CONTAINER = /^[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))/;

/**
 * Why the text cannot be rendered safely, before it is parsed, or undefined: a line nested more than
 * MAX_MARKDOWN_NESTING levels deep (quote marks and list markers at its start, and each two columns of
 * indentation, outside fenced code), or a run of more than MAX_EMPHASIS_RUN emphasis marks.
 */
export function markdownNestingProblem(markdown: string): string | undefined {
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (fenceMark?.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    let depth = Math.floor((/^[ \t]*/.exec(line)?.[0].replace(/\t/g, "    ").length ?? 0) / 2);
    let rest = line;
    for (let match = CONTAINER.exec(rest); match && depth <= MAX_MARKDOWN_NESTING; match = CONTAINER.exec(rest)) {
      depth += 1;
      rest = rest.slice(match[0].length);
    }
    if (depth > MAX_MARKDOWN_NESTING) return MARKDOWN_TOO_DEEP_MESSAGE;
  }
  return new RegExp(`[*_]{${MAX_EMPHASIS_RUN + 1}}`).test(markdown) ? MARKDOWN_TOO_DEEP_MESSAGE : undefined;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A text that cannot be parsed safely is shown as it was written: escaped, paragraph by paragraph. */
const asPlainText = (markdown: string) =>
  markdown
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("\n");

function parse(markdown: string): string {
  if (markdownNestingProblem(markdown)) return asPlainText(markdown);
  try {
    return sanitizeHtml(marked.parse(markdown) as string, SANITIZE_OPTIONS);
  } catch (error) {
    // Nesting the check above does not see (emphasis opened word after word) still overflows marked's stack.
    if (error instanceof RangeError) return asPlainText(markdown);
    throw error;
  }
}

/** Markdown to HTML that is safe to insert into a page; never throws on what an admin wrote. */
export function renderMarkdown(markdown: string): string {
  const kept = rendered.get(markdown);
  if (kept !== undefined) {
    // Map keeps insertion order: moved to the end, the first entry is the least recently used.
    rendered.delete(markdown);
    rendered.set(markdown, kept);
    return kept;
  }
  const html = parse(markdown);
  rendered.set(markdown, html);
  if (rendered.size > RENDERED_ARTICLES_KEPT) rendered.delete(rendered.keys().next().value as string);
  return html;
}

/** How many articles' HTML is kept (for tests). */
export const renderedArticleCount = () => rendered.size;
