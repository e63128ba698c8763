import { describe, expect, it } from "vitest";
import { frameMessage } from "./viewer";

const SITE = "https://flowers.example";
const message = (body: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"></head><body>${body}</body></html>`;

describe("frameMessage", () => {
  it("opens every link in a new tab through a base element at the start of the head, and leaves links alone on the site's own origin", () => {
    const html = message(`<a href="${SITE}/newsletter/confirm?token=abc">Confirm</a>`);
    expect(frameMessage(html, { siteUrl: SITE, origin: SITE })).toEqual({
      document: `<!DOCTYPE html><html lang="en"><head><base target="_blank"><meta charset="UTF-8"></head><body><a href="${SITE}/newsletter/confirm?token=abc">Confirm</a></body></html>`,
      rewrittenFrom: null,
    });
  });

  it("adds a head when there is none, and puts the base first when there is no html element either", () => {
    expect(frameMessage('<html lang="en"><body>Hi</body></html>', { siteUrl: SITE, origin: SITE }).document).toBe(
      '<html lang="en"><head><base target="_blank"></head><body>Hi</body></html>',
    );
    expect(frameMessage("<p>Hi</p>", { siteUrl: SITE, origin: SITE }).document).toBe('<base target="_blank"><p>Hi</p>');
  });

  it("points links to the site at this server when it runs on another origin, and only those", () => {
    const html = message(
      [
        `<a href="${SITE}">Home</a>`,
        `<a href="${SITE}/newsletter/unsubscribe?token=a%2Bb&amp;x=1">Unsubscribe</a>`,
        `<a href='${SITE}?q=1'>Query</a>`,
        `<a href="${SITE}#top">Top</a>`,
        `<a href="${SITE}.evil.example/phish">Lookalike</a>`,
        `<a href="https://other.example/${SITE}">Elsewhere</a>`,
        `<a href="mailto:hello@flowers.example">Mail us</a>`,
        `<p>Visit ${SITE}/states</p>`,
      ].join(""),
    );
    const framed = frameMessage(html, { siteUrl: `${SITE}/`, origin: "http://localhost:3000" });
    expect(framed.rewrittenFrom).toBe(SITE);
    expect(framed.document).toContain('<a href="http://localhost:3000">Home</a>');
    expect(framed.document).toContain('<a href="http://localhost:3000/newsletter/unsubscribe?token=a%2Bb&amp;x=1">Unsubscribe</a>');
    expect(framed.document).toContain("<a href='http://localhost:3000?q=1'>Query</a>");
    expect(framed.document).toContain('<a href="http://localhost:3000#top">Top</a>');
    expect(framed.document).toContain(`<a href="${SITE}.evil.example/phish">Lookalike</a>`);
    expect(framed.document).toContain(`<a href="https://other.example/${SITE}">Elsewhere</a>`);
    expect(framed.document).toContain('<a href="mailto:hello@flowers.example">Mail us</a>');
    // Only links change: the text says what the message says.
    expect(framed.document).toContain(`<p>Visit ${SITE}/states</p>`);
  });

  it("matches the site URL case-insensitively and as text, not as a pattern", () => {
    const framed = frameMessage(message('<a href="HTTPS://Flowers.Example/a">A</a><a href="https://flowersXexample/b">B</a>'), {
      siteUrl: SITE,
      origin: "http://127.0.0.1:5173",
    });
    expect(framed.document).toContain('<a href="http://127.0.0.1:5173/a">A</a>');
    expect(framed.document).toContain('<a href="https://flowersXexample/b">B</a>');
  });
});
