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

/** Markdown to HTML that is safe to insert into a page. */
export function renderMarkdown(markdown: string): string {
  const kept = rendered.get(markdown);
  if (kept !== undefined) {
    // Map keeps insertion order: moved to the end, the first entry is the least recently used.
    rendered.delete(markdown);
    rendered.set(markdown, kept);
    return kept;
  }
  const html = sanitizeHtml(marked.parse(markdown) as string, SANITIZE_OPTIONS);
  rendered.set(markdown, html);
  if (rendered.size > RENDERED_ARTICLES_KEPT) rendered.delete(rendered.keys().next().value as string);
  return html;
}

/** How many articles' HTML is kept (for tests). */
export const renderedArticleCount = () => rendered.size;
