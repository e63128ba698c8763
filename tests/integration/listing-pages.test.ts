import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { states } from "~/db/seed/data/states";
import { listingPath } from "~/services/wholesalers/slug";
import type { Wholesaler } from "~/services/wholesalers/types";
import { startServer, type RunningServer } from "../support/server";

/** Every listing's own page, as a search engine and a shared link reach it, against the production build. */

const SITE_URL = "https://flowers.example.com";

type Json = Record<string, unknown>;
type ApiWholesaler = Omit<Wholesaler, "imageUpdatedAt" | "featured">;

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, body = ""]) => JSON.parse(body) as Json);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe("a page for every listing", () => {
  let server: RunningServer;
  let listings: ApiWholesaler[];
  let codes: Map<string, string>;

  const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

  beforeAll(async () => {
    server = await startServer({ SITE_URL });
    const stateList = (await (await get("/api/states")).json()) as { id: string }[];
    listings = [];
    for (const state of stateList) listings.push(...((await (await get(`/api/wholesalers/state/${state.id}`)).json()) as ApiWholesaler[]));
    // The API names a listing's state; its postal address gives the state's code.
    codes = new Map(states.map((state) => [state.id, state.code]));
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("answers 200 for every seeded listing with its canonical link and LocalBusiness JSON-LD", async () => {
    expect(listings.length).toBeGreaterThanOrEqual(40);
    for (const listing of listings) {
      const path = listingPath(listing);
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(canonicalOf(html), path).toBe(`${SITE_URL}${path}`);
      const description = (/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "").replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, "_");
      expect(description.length, path).toBeGreaterThanOrEqual(50);
      expect(description.length, path).toBeLessThanOrEqual(200);
      expect(html, path).not.toContain('<meta name="robots"');
      const blocks = jsonLdOf(html);
      expect(blocks, path).toHaveLength(1);
      const business = blocks[0]!;
      expect(business).toMatchObject({
        "@context": "https://schema.org",
        "@type": listing.type === "Wholesale" ? "WholesaleStore" : "Florist",
        "@id": `${SITE_URL}${path}#business`,
        name: listing.name,
        address: {
          "@type": "PostalAddress",
          streetAddress: listing.address,
          addressLocality: listing.city,
          addressRegion: codes.get(listing.stateId),
          postalCode: listing.zipcode,
          addressCountry: "US",
        },
        geo: { "@type": "GeoCoordinates", latitude: listing.latitude, longitude: listing.longitude },
        url: listing.website ?? `${SITE_URL}${path}`,
      });
      expect(business.telephone, path).toBe(listing.phone);
      expect("openingHoursSpecification" in business, path).toBe(listing.openingHours !== null);
      // The three nearest other listings link to their own pages.
      expect([...html.matchAll(/data-testid="nearby-listing"/g)], path).toHaveLength(3);
    }
    expect(listings.filter((listing) => listing.openingHours !== null).length).toBeGreaterThan(0);
  }, 120_000);

  it("answers a wrong or missing slug with a 301 to the canonical address, keeping the query string", async () => {
    const [listing] = listings;
    const canonical = listingPath(listing!);
    for (const path of [`/wholesalers/${listing!.id}/not-its-name`, `/wholesalers/${listing!.id}`, `/wholesalers/${listing!.id}/`]) {
      const response = await get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe(canonical);
    }
    const withQuery = await get(`/wholesalers/${listing!.id}/old-name?utm_source=flyer&ref=2`);
    expect(withQuery.status).toBe(301);
    expect(withQuery.headers.get("location")).toBe(`${canonical}?utm_source=flyer&ref=2`);
  });

  it("answers an unknown or malformed id with 404 'Wholesaler Not Found' and a way home", async () => {
    for (const path of [
      "/wholesalers/999999/nowhere",
      "/wholesalers/999999",
      "/wholesalers/abc",
      "/wholesalers/abc/some-name",
      "/wholesalers/0",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain("Wholesaler Not Found");
      expect(html, path).toContain('href="/"');
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("lists every listing's page in sitemap.xml and on the /sitemap page", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = ""]) => loc));
    const html = await (await get("/sitemap")).text();
    for (const listing of listings) {
      expect(locs, listing.name).toContain(`${SITE_URL}${listingPath(listing)}`);
      expect(html, listing.name).toContain(`href="${listingPath(listing)}"`);
    }
    expect([...locs].filter((loc) => loc.includes("/wholesalers/"))).toHaveLength(listings.length);
  });

  it("answers 'Report a problem' at /wholesalers/:id/report: a GET is the form's page, a POST stores the report", async () => {
    const listing = listings[0]!;
    const page = await get(`/wholesalers/${listing.id}/report`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<h1 class="font-serif text-2xl font-semibold text-ink">Report a problem</h1>`);
    const response = await fetch(`${server.url}/wholesalers/${listing.id}/report`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ kind: "closed" }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thanks — we&#x27;ll check this listing.");
  });
});
