import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { editWholesalerDescription, htmlOf, postForm, rawGet } from "../support/page-requests";
import { startServer, type RunningServer } from "../support/server";

/**
 * The home, state and listing pages keep what they read until a write (services/tools/kept.server.ts, issue #39),
 * even with the page cache off: an admin's edit must show on the next page of each, and the Clear cache tool names
 * what was kept.
 */
describe("pages kept until a write, with the page cache off", () => {
  let server: RunningServer;
  let cookie: string;
  const listingPath = "/wholesalers/1/original-los-angeles-flower-market";
  const pages = ["/", "/state/california", listingPath];

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, PAGE_CACHE: "off" });
    cookie = await signIn(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const clearCache = async () => {
    const answer = await postForm(server, "/admin/tools/clear-cache", cookie, {});
    expect(answer.status).toBe(200);
    return answer.text();
  };

  it("reads each page once and keeps it: the Clear cache tool names one entry for each", async () => {
    await clearCache();
    for (const page of pages) for (let visit = 0; visit < 2; visit += 1) expect((await rawGet(`${server.url}${page}`)).status).toBe(200);
    const said = await clearCache();
    for (const kept of ["Home page (1 entry)", "State pages (1 entry)", "Listing pages (1 entry)"]) expect(said).toContain(kept);
  });

  it("shows an admin's edit of a listing on its page, its state's page and the home page at once", async () => {
    for (const page of pages) expect(htmlOf(await rawGet(`${server.url}${page}`))).toContain("Original Los Angeles Flower Market");
    const name = "Original Los Angeles Flower Market Wall Street";
    const description = `Renamed for the kept pages test ${Date.now()}.`;
    await editWholesalerDescription(server, undefined, cookie, 1, description, name);

    const renamed = await rawGet(`${server.url}/wholesalers/1/original-los-angeles-flower-market-wall-street`);
    expect(renamed.status).toBe(200);
    expect(htmlOf(renamed)).toContain(description);
    // The old address now leads to the new one: the listing was read again, not taken from what was kept.
    const old = await rawGet(`${server.url}${listingPath}`);
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe("/wholesalers/1/original-los-angeles-flower-market-wall-street");
    for (const page of ["/", "/state/california"]) expect(htmlOf(await rawGet(`${server.url}${page}`)), page).toContain(name);
    expect(htmlOf(await rawGet(`${server.url}/state/california`))).toContain(description);
  });
});
