import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABOUT_FAQ } from "~/components/about/faq";
import { startServer, type RunningServer } from "../support/server";

/**
 * What search engines and calendar apps read, checked against the production build: every public page's
 * metadata and structured data, its HTML against the W3C Nu checker, every link, and the .ics feeds.
 */

const SITE_URL = "https://flowers.example.com";
const SITE_NAME = "Wholesale Flower Finder";
const CONTACT_EMAIL = "hello@wholesaleflowerfinder.com";
const VNU_JAR = path.resolve(import.meta.dirname, "../../node_modules/vnu-jar/build/dist/vnu.jar");
const STRUCTURED_EVENTS = 10;

type Json = Record<string, unknown>;

interface ApiPost {
  id: number;
  title: string;
  excerpt: string;
  date: string;
  image: string | null;
}

interface ApiFestival {
  id: number;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  location: string;
  city: string;
  state: string;
  website?: string;
  ticketPrice?: string;
}

interface ApiWholesaler {
  name: string;
  address: string;
  city: string;
  zipcode: string;
  type: "Wholesale" | "Retail" | "Both";
  phone?: string;
  website?: string;
  image: string | null;
  latitude: number;
  longitude: number;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith("#x") || entity.startsWith("#X")) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/** The attributes of every `<tag ...>` in the markup (React always quotes attribute values with "). */
function elements(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))].map(([, attributes = ""]) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, name = "", value = ""]) => [name.toLowerCase(), decodeEntities(value)]),
    ),
  );
}

interface PageHead {
  title: string | undefined;
  meta: Map<string, string>;
  canonical: string | undefined;
  jsonLd: Json[];
}

function readHead(html: string): PageHead {
  const head = html.slice(0, html.indexOf("</head>"));
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  const meta = new Map<string, string>();
  for (const tag of elements(head, "meta")) {
    const key = tag.name ?? tag.property;
    if (key && tag.content !== undefined) meta.set(key, tag.content);
  }
  const canonical = elements(head, "link").find((link) => link.rel === "canonical")?.href;
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, body = ""]) => JSON.parse(body) as Json,
  );
  return { title: title === undefined ? undefined : decodeEntities(title), meta, canonical, jsonLd };
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

const isAbsoluteSiteUrl = (value: unknown) => typeof value === "string" && value.startsWith(`${SITE_URL}/`);
const isHttpsUrl = (value: unknown) => typeof value === "string" && /^https:\/\/[^/\s]+/.test(value);
const asList = (value: unknown) => value as Json[];
const obj = (value: unknown) => value as Json;

// Rich-result requirements, one checker per schema.org type the site publishes.

function expectOrganization(org: Json) {
  expect(org["@context"]).toBe("https://schema.org");
  expect(org).toMatchObject({ "@type": "Organization", name: SITE_NAME, url: `${SITE_URL}/`, email: CONTACT_EMAIL, foundingDate: "2020" });
  expect(obj(org.logo)["@type"]).toBe("ImageObject");
  expect(isAbsoluteSiteUrl(obj(org.logo).url)).toBe(true);
  expect(obj(org.contactPoint)).toMatchObject({ "@type": "ContactPoint", email: CONTACT_EMAIL, contactType: expect.any(String) as string });
}

function expectWebSite(site: Json) {
  expect(site["@context"]).toBe("https://schema.org");
  expect(site).toMatchObject({ "@type": "WebSite", name: SITE_NAME, url: `${SITE_URL}/` });
  expect(obj(site.potentialAction)).toEqual({
    "@type": "SearchAction",
    target: { "@type": "EntryPoint", urlTemplate: `${SITE_URL}/search?q={search_term_string}` },
    "query-input": "required name=search_term_string",
  });
}

function expectFaqPage(faq: Json) {
  expect(faq["@context"]).toBe("https://schema.org");
  expect(faq["@type"]).toBe("FAQPage");
  expect(asList(faq.mainEntity)).toEqual(
    ABOUT_FAQ.map(({ question, answer }) => ({ "@type": "Question", name: question, acceptedAnswer: { "@type": "Answer", text: answer } })),
  );
}

function expectBusinessList(list: Json, statePath: string, wholesalers: ApiWholesaler[]) {
  expect(list["@context"]).toBe("https://schema.org");
  expect(list).toMatchObject({ "@type": "ItemList", url: `${SITE_URL}${statePath}`, numberOfItems: wholesalers.length });
  const entries = asList(list.itemListElement);
  expect(entries).toHaveLength(wholesalers.length);
  entries.forEach((entry, index) => {
    const wholesaler = wholesalers[index]!;
    const business = obj(entry.item);
    expect(entry).toMatchObject({ "@type": "ListItem", position: index + 1 });
    expect(business["@type"]).toBe(wholesaler.type === "Wholesale" ? "WholesaleStore" : "Florist");
    expect(business.name).toBe(wholesaler.name);
    expect(obj(business.address)).toEqual({
      "@type": "PostalAddress",
      streetAddress: wholesaler.address,
      addressLocality: wholesaler.city,
      addressRegion: expect.stringMatching(/^[A-Z]{2}$/) as string,
      postalCode: wholesaler.zipcode,
      addressCountry: "US",
    });
    expect(obj(business.address).postalCode).toMatch(/^\d{5}$/);
    expect(obj(business.geo)).toEqual({ "@type": "GeoCoordinates", latitude: wholesaler.latitude, longitude: wholesaler.longitude });
    expect(business.telephone).toBe(wholesaler.phone);
    expect(business.url).toBe(wholesaler.website);
    if (wholesaler.image) expect(isHttpsUrl(business.image)).toBe(true);
    else expect(business).not.toHaveProperty("image");
  });
}

function expectBlogPosting(posting: Json, post: ApiPost) {
  const url = `${SITE_URL}/blog/${post.id}`;
  expect(posting).toMatchObject({ "@type": "BlogPosting", headline: post.title, url, datePublished: post.date });
  expect(post.title.length).toBeLessThanOrEqual(110);
  expect(asList(posting.image).length).toBeGreaterThan(0);
  for (const image of posting.image as unknown[]) expect(isAbsoluteSiteUrl(image)).toBe(true);
  expect(Date.parse(String(posting.dateModified))).not.toBeNaN();
  expect(String(posting.dateModified).slice(0, 10) >= post.date).toBe(true);
  expect(obj(posting.author)).toMatchObject({ "@type": "Organization", name: SITE_NAME, url: `${SITE_URL}/` });
  expect(obj(posting.publisher)).toMatchObject({ "@type": "Organization", name: SITE_NAME });
  expect(isAbsoluteSiteUrl(obj(obj(posting.publisher).logo).url)).toBe(true);
  expect(obj(posting.mainEntityOfPage)).toEqual({ "@type": "WebPage", "@id": url });
}

function expectListedBlogPosting(posting: Json, post: ApiPost) {
  expect(posting).toMatchObject({
    "@type": "BlogPosting",
    headline: post.title,
    url: `${SITE_URL}/blog/${post.id}`,
    datePublished: post.date,
  });
  for (const image of asList(posting.image)) expect(isAbsoluteSiteUrl(image)).toBe(true);
  expect(asList(posting.image).length).toBeGreaterThan(0);
  expect(String(posting.dateModified).slice(0, 10) >= post.date).toBe(true);
  expect(obj(posting.author)).toMatchObject({ "@type": "Organization", name: SITE_NAME, url: `${SITE_URL}/` });
}

function expectListedEvent(event: Json, festival: ApiFestival) {
  expect(event).toMatchObject({
    "@type": "Event",
    name: festival.name,
    startDate: festival.startDate,
    endDate: festival.endDate,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    url: `${SITE_URL}/festivals/${festival.id}`,
  });
  expect(obj(event.location)).toEqual({
    "@type": "Place",
    name: festival.location,
    address: { "@type": "PostalAddress", addressLocality: festival.city, addressRegion: festival.state, addressCountry: "US" },
  });
  for (const image of asList(event.image)) expect(isAbsoluteSiteUrl(image)).toBe(true);
  expect(asList(event.image).length).toBeGreaterThan(0);
}

/** A festival's own page: what a list's Event names, and its description, ticket offer and organizer. */
function expectEvent(event: Json, festival: ApiFestival) {
  expectListedEvent(event, festival);
  expect(event.description).toBe(festival.description);
  if (festival.ticketPrice && (/\bfree\b/i.test(festival.ticketPrice) || /\d/.test(festival.ticketPrice))) {
    const offer = obj(event.offers);
    expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "USD", availability: "https://schema.org/InStock" });
    expect(offer.price).toMatch(/^\d+(\.\d{1,2})?$/);
    if (/\bfree\b/i.test(festival.ticketPrice)) expect(offer.price).toBe("0");
    expect(isHttpsUrl(offer.url)).toBe(true);
  } else {
    expect(event, `${festival.name}: no price, no offer`).not.toHaveProperty("offers");
  }
  if (festival.website) expect(obj(event.organizer)).toMatchObject({ "@type": "Organization", url: festival.website });
  else expect(event, `${festival.name}: no website, no organizer`).not.toHaveProperty("organizer");
}

describe("search engine metadata, structured data, valid HTML and links", () => {
  let server: RunningServer;
  let posts: ApiPost[];
  let festivals: ApiFestival[];
  let post: ApiPost;
  let festival: ApiFestival;
  let wholesalersByState: Map<string, ApiWholesaler[]>;
  let emptyState: { id: string; name: string };
  /** The official websites of the listed wholesalers and festivals: the only other sites pages may link to, besides maps and calendars. */
  let officialWebsites: Set<string>;
  /** Every sitemap page and the search pages: path -> SSR HTML. */
  const pages = new Map<string, string>();

  const get = (pagePath: string) => fetch(`${server.url}${pagePath}`, { redirect: "manual" });
  const getJson = async <T>(pagePath: string) => (await (await get(pagePath)).json()) as T;

  beforeAll(async () => {
    server = await startServer({ SITE_URL });
    [posts, festivals] = await Promise.all([getJson<ApiPost[]>("/api/blog-posts"), getJson<ApiFestival[]>("/api/flower-festivals")]);
    post = posts[0]!;
    // A festival with a priced ticket and an official site shows the most structured data.
    festival =
      festivals.find((f) => f.website && f.ticketPrice && /\$\d/.test(f.ticketPrice) && !/free/i.test(f.ticketPrice)) ?? festivals[0]!;
    const states = await getJson<{ id: string; name: string }[]>("/api/states");
    const byState = await mapLimit(states, 8, (state) => getJson<ApiWholesaler[]>(`/api/wholesalers/state/${state.id}`));
    wholesalersByState = new Map(states.map((state, index) => [state.id, byState[index]!]));
    emptyState = states[byState.findIndex((wholesalers) => wholesalers.length === 0)]!;
    officialWebsites = new Set([...byState.flat(), ...festivals].map((listing) => listing.website).filter((url) => url !== undefined));

    const sitemap = await (await get("/sitemap.xml")).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = ""]) => loc.replace(SITE_URL, ""));
    // A state without listings is reachable but kept out of the sitemap (and noindex) until it has one.
    const listedStates = states.filter((state) => (wholesalersByState.get(state.id)?.length ?? 0) > 0);
    expect(paths.filter((pagePath) => pagePath.startsWith("/state/")).sort()).toEqual(
      listedStates.map((state) => `/state/${state.id}`).sort(),
    );
    paths.push(
      "/search",
      "/search?q=rose",
      "/search?q=Chicago",
      "/search?q=Springfield",
      "/search?q=zzzz-no-such-flower",
      "/search?q=Chicago&type=wholesale",
      `/state/${emptyState.id}`,
      // Zipcode results (noindex searches): a map, the filters, far-away help.
      "/near",
      "/near?zip=90014",
      "/near?zip=90014&type=both&public=1",
      "/near?zip=33101&radius=100",
    );
    await mapLimit(paths, 8, async (pagePath) => {
      const response = await get(pagePath);
      expect(response.status, pagePath).toBe(200);
      pages.set(pagePath, await response.text());
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const PUBLIC_PAGES = () => [
    { path: "/", title: `Find Wholesale Flowers Near You - Save up to 70% | ${SITE_NAME}`, types: ["Organization", "WebSite"] },
    { path: "/states", title: `Flower Wholesalers by State | ${SITE_NAME}`, types: [] },
    { path: "/all-states", title: `All 50 States: Wholesale Flower Markets by Region | ${SITE_NAME}`, types: [] },
    { path: "/state/california", title: `California Wholesale Flower Markets & Suppliers | ${SITE_NAME}`, types: ["ItemList"] },
    {
      path: `/state/${emptyState.id}`,
      title: `${emptyState.name} Wholesale Flower Markets & Suppliers | ${SITE_NAME}`,
      types: [],
      noindex: true,
    },
    { path: "/blog", title: `DIY Flower Arranging Blog | ${SITE_NAME}`, types: ["Blog"] },
    { path: `/blog/${post.id}`, title: `${post.title} | Flower Arranging Guide`, types: ["BlogPosting"], ogType: "article" },
    { path: "/about", title: `About Us | ${SITE_NAME}`, types: ["FAQPage"] },
    { path: "/festivals", title: `Flower Festival Calendar | ${SITE_NAME}`, types: ["ItemList"] },
    { path: "/grocery/trader-joes", title: `Trader Joe's Flowers: Prices, Best Buys and Tips | ${SITE_NAME}`, types: ["WebPage"] },
    { path: `/festivals/${festival.id}`, title: `${festival.name} | ${SITE_NAME}`, types: ["Event"] },
    { path: "/privacy", title: `Privacy Policy | ${SITE_NAME}`, types: [] },
    { path: "/terms", title: `Terms of Service | ${SITE_NAME}`, types: [] },
    { path: "/sitemap", title: `Sitemap | ${SITE_NAME}`, types: [] },
    { path: "/search?q=rose", title: `Search results for “rose” | ${SITE_NAME}`, types: [], noindex: true },
  ];

  it("gives every public page its title, description, keywords, Open Graph and Twitter tags and an absolute canonical link", async () => {
    expect(emptyState).toBeDefined();
    for (const page of PUBLIC_PAGES()) {
      const html = pages.get(page.path);
      expect(html, page.path).toBeDefined();
      const head = readHead(html!);
      const canonical = `${SITE_URL}${page.path}`;
      expect(head.title, page.path).toBe(page.title);
      const description = head.meta.get("description");
      expect(description?.length, `${page.path} description`).toBeGreaterThanOrEqual(50);
      expect(description!.length, `${page.path} description`).toBeLessThanOrEqual(200);
      expect(head.meta.get("keywords")?.length, `${page.path} keywords`).toBeGreaterThan(0);
      expect(head.canonical, page.path).toBe(canonical);
      expect(Object.fromEntries([...head.meta].filter(([key]) => key.startsWith("og:") || key.startsWith("twitter:")))).toEqual({
        "og:title": page.title,
        "og:description": description,
        "og:type": page.ogType ?? "website",
        "og:url": canonical,
        "og:image": expect.stringMatching(new RegExp(`^${SITE_URL}/.+\\.(webp|png|jpe?g|svg)$`)) as string,
        "og:site_name": SITE_NAME,
        "twitter:card": "summary_large_image",
        "twitter:title": page.title,
        "twitter:description": description,
        "twitter:image": head.meta.get("og:image"),
      });
      const image = await get(head.meta.get("og:image")!.replace(SITE_URL, ""));
      expect(image.status, `${page.path} og:image`).toBe(200);
      expect(image.headers.get("content-type"), `${page.path} og:image`).toMatch(/^image\//);
      expect(head.meta.get("robots"), page.path).toBe(page.noindex ? "noindex" : undefined);
    }
  });

  it("describes an article by its excerpt and names the article guide in its title", () => {
    const head = readHead(pages.get(`/blog/${post.id}`)!);
    const description = head.meta.get("description")!;
    if (post.excerpt.length <= 160) expect(description).toBe(post.excerpt);
    else expect(post.excerpt.startsWith(description.replace(/\.\.\.$/, ""))).toBe(true);
  });

  it("publishes the structured data each page needs, every block parsing with the required properties", async () => {
    const foundTypes = new Map<string, string[]>();
    for (const [pagePath, html] of pages)
      foundTypes.set(
        pagePath,
        readHead(html).jsonLd.map((block) => String(block["@type"])),
      );
    for (const page of PUBLIC_PAGES()) expect(foundTypes.get(page.path), page.path).toEqual(page.types);
    // Questions and answers are structured only where the page shows them.
    expect([...foundTypes].filter(([, types]) => types.includes("FAQPage")).map(([pagePath]) => pagePath)).toEqual(["/about"]);
    for (const [pagePath, types] of foundTypes)
      expect(types.length > 0, pagePath).toBe(pages.get(pagePath)!.includes('type="application/ld+json"'));

    const [organization, webSite] = readHead(pages.get("/")!).jsonLd;
    expectOrganization(organization!);
    expectWebSite(webSite!);
    const logo = await get(obj(organization!.logo).url!.toString().replace(SITE_URL, ""));
    expect(logo.status).toBe(200);
    const template = String(obj(obj(webSite!.potentialAction).target).urlTemplate);
    const searchUrl = new URL(template.replace("{search_term_string}", "tulip"));
    const searchPage = await get(`${searchUrl.pathname}${searchUrl.search}`);
    expect(searchPage.status).toBe(200);
    expect(await searchPage.text()).toContain("Tulip Festival");

    const aboutHtml = decodeEntities(pages.get("/about")!);
    expectFaqPage(readHead(pages.get("/about")!).jsonLd[0]!);
    for (const { question, answer } of ABOUT_FAQ) {
      expect(aboutHtml).toContain(question);
      expect(aboutHtml).toContain(answer);
    }

    const california = obj(asList(readHead(pages.get("/state/california")!).jsonLd[0]!.itemListElement)[0]!.item);
    expect(obj(california.address).addressRegion).toBe("CA");
    // Every state page with listings is checked against its own wholesalers.
    const statePages = [...pages.keys()].filter((pagePath) => pagePath.startsWith("/state/"));
    // The listed states and the one empty state read above.
    expect(statePages).toHaveLength([...wholesalersByState.values()].filter((list) => list.length > 0).length + 1);
    for (const statePath of statePages) {
      const wholesalers = wholesalersByState.get(statePath.slice("/state/".length))!;
      const blocks = readHead(pages.get(statePath)!).jsonLd;
      expect(blocks, statePath).toHaveLength(wholesalers.length > 0 ? 1 : 0);
      if (blocks[0]) expectBusinessList(blocks[0], statePath, wholesalers);
    }

    const blog = readHead(pages.get("/blog")!).jsonLd[0]!;
    expect(blog).toMatchObject({ "@context": "https://schema.org", "@type": "Blog", url: `${SITE_URL}/blog` });
    expect(asList(blog.blogPost)).toHaveLength(posts.length);
    // The list names each post as an article's rich result reads it (decision 050); the rest is on the post's own page.
    asList(blog.blogPost).forEach((entry, index) => expectListedBlogPosting(entry, posts[index]!));

    for (const each of posts) {
      const [article] = readHead(pages.get(`/blog/${each.id}`)!).jsonLd;
      expect(article!["@context"]).toBe("https://schema.org");
      expectBlogPosting(article!, each);
    }

    const eventList = readHead(pages.get("/festivals")!).jsonLd[0]!;
    expect(eventList).toMatchObject({ "@context": "https://schema.org", "@type": "ItemList" });
    const listed = asList(eventList.itemListElement);
    expect(listed).toHaveLength(Math.min(STRUCTURED_EVENTS, festivals.length));
    // Each listed event has what an event needs (name, dates, place with its address), its page and image; the
    // description, tickets and organizer are on that page (decision 050).
    listed.forEach((entry, index) => {
      expect(entry).toMatchObject({ "@type": "ListItem", position: index + 1 });
      expectListedEvent(obj(entry.item), festivals[index]!);
    });
    const filtered = readHead(await (await get("/festivals?q=tulip")).text()).jsonLd[0]!;
    const tulips = festivals.filter((f) => /tulip/i.test(`${f.name} ${f.description} ${f.city} ${f.state}`)).slice(0, STRUCTURED_EVENTS);
    expect(asList(filtered.itemListElement).map((entry) => obj(entry.item).name)).toEqual(tulips.map((f) => f.name));

    for (const each of festivals) {
      const [event] = readHead(pages.get(`/festivals/${each.id}`)!).jsonLd;
      expect(event!["@context"]).toBe("https://schema.org");
      expectEvent(event!, each);
    }
    expect(obj(readHead(pages.get(`/festivals/${festival.id}`)!).jsonLd[0]!.offers).price).toMatch(/^[1-9]\d*(\.\d+)?$/);
  });

  it("lists every upcoming festival on /festivals as a card with its facts, in the HTML and in the data the page hydrates from", async () => {
    // Issue #39 trimmed the cards' data and markup (decision 050): nothing a visitor or a search engine reads may go.
    const upcoming = await getJson<ApiFestival[]>("/api/flower-festivals/upcoming");
    const html = pages.get("/festivals")!;
    const start = html.indexOf('data-testid="festival-list"');
    const list = html.slice(start, html.indexOf("</ul></section>", start));
    const hydration = [...html.matchAll(/streamController\.enqueue\(([\s\S]*?)\);<\/script>/g)]
      .map(([, chunk = ""]) => JSON.parse(chunk) as string)
      .join("");
    const escaped = (text: string) =>
      text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
    expect(upcoming.length).toBeGreaterThan(10);
    expect(list.match(/data-testid="festival-card"/g)).toHaveLength(upcoming.length);
    for (const each of upcoming) {
      const link = list.indexOf(`href="/festivals/${each.id}"`);
      expect(link, each.name).toBeGreaterThan(0);
      const card = list.slice(list.lastIndexOf('data-testid="festival-card"', link), link);
      expect(card, each.name).toContain(`>${escaped(each.name)}</h3>`);
      expect(card, each.name).toContain(`dateTime="${each.startDate}"`);
      expect(card, each.name).toContain(escaped(`${each.location}, ${each.city}`));
      if (each.ticketPrice) expect(card, each.name).toContain(escaped(each.ticketPrice));
      // The description as far as the card's two clamped lines can show it, and more.
      expect(card, each.name).toContain(escaped(each.description.slice(0, 150)));
      expect(hydration, each.name).toContain(JSON.stringify(each.description.slice(0, 150)).slice(1, -1));
      expect(hydration, each.name).toContain(JSON.stringify(each.name));
    }
    // What the cards no longer carry: the official sites and the full texts stay on the festivals' own pages.
    for (const each of upcoming.filter((f) => f.website)) expect(hydration).not.toContain(JSON.stringify(each.website));
  });

  it("uses no id twice on any page (the Nu checker below says so too; this says which page and id without Java)", () => {
    const repeated: string[] = [];
    for (const [pagePath, html] of pages) {
      // An id attribute itself, not data-testid="…" or aria-describedby="…".
      const ids = [...html.matchAll(/(?<![\w-])id="([^"]*)"/g)].map(([, id = ""]) => id);
      const seen = new Set<string>();
      for (const id of ids) {
        if (seen.has(id)) repeated.push(`${pagePath}: ${id}`);
        seen.add(id);
      }
    }
    expect([...pages.keys()].some((pagePath) => pagePath.startsWith("/grocery/"))).toBe(true);
    expect(repeated).toEqual([]);
  });

  it("serves HTML the W3C Nu checker finds no error in, on every page", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-vnu-"));
    try {
      const files = [...pages].map(([pagePath, html], index) => {
        const file = path.join(dir, `${String(index).padStart(3, "0")}${pagePath.replace(/[^a-z0-9]+/gi, "-")}.html`);
        fs.writeFileSync(file, html);
        return file;
      });
      const { stderr } = await promisify(execFile)(
        "java",
        ["-jar", VNU_JAR, "--format", "json", "--errors-only", "--exit-zero-always", ...files],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const report = JSON.parse(stderr) as { messages: { type: string; url?: string; message: string; extract?: string }[] };
      expect(files.length).toBe(pages.size);
      expect(report.messages.map((m) => `${path.basename(m.url ?? "")}: ${m.type}: ${m.message} [${m.extract ?? ""}]`)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it("links only to pages that answer 200, and to other sites only over https", async () => {
    const internal = new Set<string>();
    const external = new Set<string>();
    for (const html of pages.values()) {
      const hrefs = [...elements(html, "a"), ...elements(html, "link").filter((link) => link.rel !== "canonical")].map((tag) => tag.href);
      for (const href of hrefs) {
        if (!href || href.startsWith("mailto:") || href.startsWith("tel:")) continue;
        // "Subscribe to all festivals": the site's own feed, for calendars, at the site's own host.
        if (href.startsWith("webcal://")) {
          expect(new URL(href).host).toBe(new URL(SITE_URL).host);
          internal.add(new URL(href).pathname);
        } else if (href.startsWith("/") && !href.startsWith("//")) internal.add(href.replace(/#.*$/, "") || "/");
        else if (href.startsWith("#")) continue;
        else external.add(href);
      }
    }
    expect(internal.size).toBeGreaterThan(pages.size);
    const broken = (
      await mapLimit([...internal], 8, async (href) => {
        const response = await get(href);
        await response.arrayBuffer();
        return response.status === 200 ? undefined : `${href} answered ${response.status}`;
      })
    ).filter(Boolean);
    expect(broken).toEqual([]);

    expect([...external].filter((href) => !href.startsWith("https://"))).toEqual([]);
    // Our own pages are linked by path, so a link never leaves the deployment it is served from; other
    // sites are the listings' official websites, map searches, the add-to-Google-Calendar link and the credit to
    // GeoNames, whose points city search measures from (CC BY 4.0).
    const unexpected = [...external].filter(
      (href) =>
        !officialWebsites.has(href) &&
        href !== "https://www.geonames.org/" &&
        !href.startsWith("https://www.google.com/maps/search/?api=1&query=") &&
        !href.startsWith("https://calendar.google.com/calendar/render?action=TEMPLATE&"),
    );
    expect(unexpected).toEqual([]);
    const hosts = new Set([...external].map((href) => new URL(href).host));
    expect(hosts).toContain("www.google.com");
    expect(hosts).toContain("calendar.google.com");
  }, 120_000);

  it("keeps search and zipcode results and states without listings out of the index while every other page may be indexed", () => {
    expect(readHead(pages.get("/search?q=zzzz-no-such-flower")!).meta.get("robots")).toBe("noindex");
    expect(readHead(pages.get("/search")!).meta.get("robots")).toBeUndefined();
    expect(readHead(pages.get(`/state/${emptyState.id}`)!).meta.get("robots")).toBe("noindex");
    for (const pagePath of ["/near?zip=90014", "/near?zip=33101&radius=100"]) {
      expect(readHead(pages.get(pagePath)!).meta.get("robots"), pagePath).toBe("noindex");
    }
    const indexable = [...pages]
      .filter(([pagePath]) => !pagePath.startsWith("/search") && !pagePath.startsWith("/near?") && pagePath !== `/state/${emptyState.id}`)
      .filter(([, html]) => readHead(html).meta.get("robots"));
    expect(indexable.map(([pagePath]) => pagePath)).toEqual([]);
  });

  it("sends a zipcode typed into search to the zipcode results page", async () => {
    for (const query of ["90014", " 90014 "]) {
      const response = await get(`/search?q=${encodeURIComponent(query)}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/near?zip=90014");
    }
    expect((await get("/search?q=9001")).status).toBe(200);
    expect((await get("/search?q=90014%20roses")).status).toBe(200);
  });

  it("marks admin pages noindex", async () => {
    const head = readHead(await (await get("/admin/login")).text());
    expect(head.meta.get("robots")).toMatch(/noindex/);
  });

  it("serves /festivals.ics with every upcoming festival as an all-day event ical.js can read", async () => {
    const response = await get("/festivals.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await response.text();
    expect(text.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
    const upcoming = await getJson<ApiFestival[]>("/api/flower-festivals/upcoming");
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(upcoming.length);
    const uids = new Set<string>();
    events.forEach((vevent, index) => {
      const expected = upcoming[index]!;
      const event = new ICAL.Event(vevent);
      uids.add(event.uid);
      expect(event.summary).toBe(expected.name);
      expect(event.startDate.isDate).toBe(true);
      expect(event.endDate.isDate).toBe(true);
      expect(event.startDate.toString()).toBe(expected.startDate);
      const dayAfter = new Date(`${expected.endDate}T00:00:00Z`);
      dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
      expect(event.endDate.toString()).toBe(dayAfter.toISOString().slice(0, 10));
      expect(vevent.getFirstPropertyValue("dtstamp")).toBeTruthy();
      expect(vevent.getFirstPropertyValue("url")).toBe(`${SITE_URL}/festivals/${expected.id}`);
      expect(event.location).toContain(expected.city);
    });
    expect(uids.size).toBe(events.length);
  });

  it("serves /festivals/{id}.ics with that one festival", async () => {
    const response = await get(`/festivals/${festival.id}.ics`);
    expect(response.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]);
    expect(event.uid).toBe(`festival-${festival.id}@flowers.example.com`);
    expect(event.summary).toBe(festival.name);
    expect(event.description).toBe(festival.description);
    expect(event.startDate.toString()).toBe(festival.startDate);
    expect(event.endDate.isDate).toBe(true);
    expect(event.endDate.compare(event.startDate)).toBe(1);
  });
});

describe("a deployment that forbids indexing (ALLOW_INDEXING=false)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SITE_URL, ALLOW_INDEXING: "false" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("marks every page noindex and disallows everything in robots.txt", async () => {
    for (const pagePath of ["/", "/states", "/state/california", "/blog", "/about", "/festivals", "/privacy", "/search"]) {
      const head = readHead(await (await fetch(`${server.url}${pagePath}`)).text());
      expect(head.meta.get("robots"), pagePath).toBe("noindex");
    }
    expect(await (await fetch(`${server.url}/robots.txt`)).text()).toBe("User-agent: *\nDisallow: /\n");
  });

  it("searches neither the blog nor the festivals once they are switched off", async () => {
    const db = new Database(path.join(server.dataDir, "wholesale-flower-finder.db"));
    try {
      const general = {
        siteName: SITE_NAME,
        contactEmail: CONTACT_EMAIL,
        enableFeaturedWholesalers: true,
        enableBlog: false,
        enableFestivals: false,
      };
      db.prepare(
        "insert into settings (key, value, updated_at) values ('general', ?, ?) on conflict(key) do update set value = excluded.value, updated_at = excluded.updated_at",
      ).run(JSON.stringify(general), new Date().toISOString());
    } finally {
      db.close();
    }
    const search = async (query: string) => (await fetch(`${server.url}/search?q=${query}`)).text();
    // A change made straight in the database shows once the server's short settings cache expires.
    await expect.poll(() => search("dallas"), { timeout: 20_000, interval: 500 }).not.toContain('id="festivals"');
    const html = await search("dallas");
    expect(html).toContain('id="wholesalers"');
    expect(html).not.toContain('id="articles"');
    expect(html).not.toContain("Blog articles");
    const blank = await search("");
    expect(blank).not.toContain('href="/blog"');
    expect(blank).not.toContain('href="/festivals"');
  }, 30_000);
});
