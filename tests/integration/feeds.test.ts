import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server";

const SITE_URL = "https://flowers.example.com";

describe("sitemap.xml, robots.txt and rss.xml", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SITE_URL });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("lists every public URL in sitemap.xml, each of which answers 200", async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(XMLValidator.validate(xml)).toBe(true);
    const sitemap = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" }).parse(xml) as {
      urlset: { "@_xmlns": string; url: { loc: string; lastmod?: string }[] };
    };
    expect(sitemap.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs = sitemap.urlset.url.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.some((loc) => loc.includes("/search"))).toBe(false);
    const posts = (await (await fetch(`${server.url}/api/blog-posts`)).json()) as { id: number }[];
    const festivals = (await (await fetch(`${server.url}/api/flower-festivals`)).json()) as { id: number }[];
    expect(posts.length).toBeGreaterThan(0);
    expect(festivals.length).toBeGreaterThan(0);
    // The blog, every post and festival and each state with listings carry the day of their last change.
    const lastmods = new Map(sitemap.urlset.url.flatMap((url) => (url.lastmod === undefined ? [] : [[url.loc, url.lastmod] as const])));
    const dated = [
      `${SITE_URL}/blog`,
      ...posts.map((post) => `${SITE_URL}/blog/${post.id}`),
      ...festivals.map((festival) => `${SITE_URL}/festivals/${festival.id}`),
      `${SITE_URL}/state/california`,
    ];
    expect([...lastmods.keys()]).toEqual(expect.arrayContaining(dated));
    for (const [loc, lastmod] of lastmods) expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A state page is listed only once the state has a listing.
    const states = (await (await fetch(`${server.url}/api/states`)).json()) as { id: string }[];
    const listed: string[] = [];
    let listings = 0;
    for (const state of states) {
      const wholesalers = (await (await fetch(`${server.url}/api/wholesalers/state/${state.id}`)).json()) as unknown[];
      if (wholesalers.length > 0) listed.push(`${SITE_URL}/state/${state.id}`);
      listings += wholesalers.length;
    }
    expect(locs.filter((loc) => loc.includes("/state/")).sort()).toEqual(listed.sort());
    expect(locs).not.toContain(`${SITE_URL}/state/newhampshire`);
    // home, 2 state lists, the listed states, every listing's page, every grocery chain's page, blog + posts, festivals + each,
    // about, list your business, privacy, terms, sitemap
    expect(locs.filter((loc) => loc.includes("/wholesalers/"))).toHaveLength(listings);
    const chains = (await (await fetch(`${server.url}/api/grocery-stores`)).json()) as unknown[];
    expect(chains.length).toBeGreaterThan(0);
    expect(locs.filter((loc) => loc.startsWith(`${SITE_URL}/grocery/`))).toHaveLength(chains.length);
    expect(locs).toContain(`${SITE_URL}/grocery/trader-joes`);
    expect(locs).toHaveLength(3 + listed.length + listings + chains.length + 1 + posts.length + 1 + festivals.length + 5);
    expect(locs.every((loc) => loc.startsWith(SITE_URL))).toBe(true);
    for (const loc of locs) {
      const page = await fetch(loc.replace(SITE_URL, server.url), { redirect: "manual" });
      expect(page.status, loc).toBe(200);
    }
  });

  it("robots.txt disallows /admin and /api and names the sitemap", async () => {
    const text = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /api");
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it("rss.xml carries every published post with absolute links and RFC 822 dates", async () => {
    const response = await fetch(`${server.url}/rss.xml`);
    expect(response.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    const xml = await response.text();
    const posts = (await (await fetch(`${server.url}/api/blog-posts`)).json()) as { id: number; title: string }[];
    expect(XMLValidator.validate(xml)).toBe(true);
    const rss = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" }).parse(xml) as {
      rss: {
        "@_version": string;
        channel: { title: string; link: string; item: { title: string; link: string; guid: { "#text": string } }[] };
      };
    };
    expect(rss.rss["@_version"]).toBe("2.0");
    expect(rss.rss.channel.link).toBe(`${SITE_URL}/blog`);
    expect(rss.rss.channel.item.map((item) => [item.title, item.link, item.guid["#text"]])).toEqual(
      posts.map((post) => [post.title, `${SITE_URL}/blog/${post.id}`, `${SITE_URL}/blog/${post.id}`]),
    );
    expect(posts.length).toBeGreaterThan(0);
    const items = xml.match(/<item>/g) ?? [];
    expect(items).toHaveLength(posts.length);
    expect(xml).toContain(`<link>${SITE_URL}/blog/${posts[0]!.id}</link>`);
    const dates = [...xml.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map(([, date]) => date);
    expect(dates).toHaveLength(posts.length);
    for (const date of dates) {
      expect(date).toMatch(
        /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} \+0000$/,
      );
    }
  });
});
