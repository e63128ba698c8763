import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { pageMeta } from "./meta";

const root = (allowIndexing = true) => ({
  id: "root",
  loaderData: {
    siteUrl: "https://flowers.example.com",
    allowIndexing,
    settings: {
      general: { siteName: "Petal Finder", contactEmail: "team@flowers.example.com" },
      seo: { metaTitle: "Default title | Petal Finder", metaDescription: "The default description of the site." },
    },
  },
});

const content = (tags: MetaDescriptor[], key: string) =>
  tags.find((tag) => ("name" in tag && tag.name === key) || ("property" in tag && tag.property === key)) as
    { content?: string } | undefined;

describe("pageMeta", () => {
  it("gives a page its title, description, social tags and absolute canonical link", () => {
    const tags = pageMeta([root()], { title: "About Us", description: "Who we are.", keywords: "about", path: "/about" });
    expect(tags).toContainEqual({ title: "About Us | Petal Finder" });
    expect(content(tags, "description")?.content).toBe("Who we are.");
    expect(content(tags, "keywords")?.content).toBe("about");
    expect(content(tags, "og:url")?.content).toBe("https://flowers.example.com/about");
    expect(content(tags, "og:site_name")?.content).toBe("Petal Finder");
    expect(content(tags, "og:image")?.content).toBe("https://flowers.example.com/images/og-default.webp");
    expect(content(tags, "twitter:card")?.content).toBe("summary_large_image");
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://flowers.example.com/about" });
    expect(content(tags, "robots")).toBeUndefined();
  });

  it("falls back to the admin's SEO defaults", () => {
    const tags = pageMeta([root()], { path: "/" });
    expect(tags).toContainEqual({ title: "Default title | Petal Finder" });
    expect(content(tags, "description")?.content).toBe("The default description of the site.");
  });

  it("prefixes a local image with the site's address and keeps an absolute one", () => {
    expect(content(pageMeta([root()], { path: "/", image: "/images/a.webp" }), "og:image")?.content).toBe(
      "https://flowers.example.com/images/a.webp",
    );
    expect(content(pageMeta([root()], { path: "/", image: "https://cdn.example.com/b.jpg" }), "twitter:image")?.content).toBe(
      "https://cdn.example.com/b.jpg",
    );
  });

  it("marks the page noindex when asked, or everywhere when the deployment forbids indexing", () => {
    expect(content(pageMeta([root()], { path: "/search?q=x", noindex: true }), "robots")?.content).toBe("noindex");
    expect(content(pageMeta([root(false)], { path: "/" }), "robots")?.content).toBe("noindex");
  });

  it("adds each JSON-LD block as its own script", () => {
    const tags = pageMeta([root()], { path: "/", jsonLd: [{ "@type": "Organization" }, { "@type": "WebSite" }] });
    expect(tags.filter((tag) => "script:ld+json" in tag)).toEqual([
      { "script:ld+json": { "@type": "Organization" } },
      { "script:ld+json": { "@type": "WebSite" } },
    ]);
  });
});
