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

/** Markdown to HTML that is safe to insert into a page. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}
