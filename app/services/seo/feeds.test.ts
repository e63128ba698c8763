import { describe, expect, it } from "vitest";
import { renderRobotsTxt, renderSitemapXml, rfc822 } from "./feeds.server";

describe("rfc822", () => {
  it("formats a calendar date as an RFC 822 date at noon UTC", () => {
    expect(rfc822("2026-03-05")).toBe("Thu, 05 Mar 2026 12:00:00 +0000");
  });
});

describe("renderSitemapXml", () => {
  it("escapes URLs and includes lastmod only when known", () => {
    const xml = renderSitemapXml([{ path: "/a?b=1&c=2", lastmod: "2026-01-02" }, { path: "/about" }], "https://x.example");
    expect(xml).toContain("<url><loc>https://x.example/a?b=1&amp;c=2</loc><lastmod>2026-01-02</lastmod></url>");
    expect(xml).toContain("<url><loc>https://x.example/about</loc></url>");
  });
});

describe("renderRobotsTxt", () => {
  it("disallows everything on a staging deployment", () => {
    expect(renderRobotsTxt("https://x.example", false)).toBe("User-agent: *\nDisallow: /\n");
  });
});
