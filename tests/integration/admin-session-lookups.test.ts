import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, TEST_ADMIN } from "../support/admin-session";
import { startServer, untilLogged, type LogEntry, type RunningServer } from "../support/server";

/** What tests/support/count-session-lookups.mjs, preloaded into the server, logs for each query on the sessions table. */
const SESSION_LOOKUP = "session lookup (test counter)";
const COUNTER = pathToFileURL(path.resolve(import.meta.dirname, "../support/count-session-lookups.mjs")).href;

type Form = Record<string, string>;

describe("admin requests", () => {
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, NODE_OPTIONS: `--import=${COUNTER}` });
    cookie = await signIn(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The version a settings form opened now would send ("" for a group never saved). */
  const settingsVersion = (key: string) => {
    const db = new Database(path.join(server.dataDir, "wholesale-flower-finder.db"));
    try {
      const row = db.prepare("select updated_at from settings where key = ?").get(key) as { updated_at: string } | undefined;
      return row?.updated_at ?? "";
    } finally {
      db.close();
    }
  };

  /** Sends one request (one at a time) and counts the session lookups the server made while answering it. */
  async function measure(method: "GET" | "POST", url: string, options: { form?: Form; cookie?: string } = {}) {
    const from = server.logs.length;
    const response = await fetch(`${server.url}${url}`, {
      method,
      redirect: "manual",
      headers: { cookie: options.cookie ?? cookie, origin: server.url },
      ...(options.form ? { body: new URLSearchParams(options.form) } : {}),
    });
    await response.arrayBuffer();
    const answered = (entry: LogEntry) => entry.res !== undefined && (entry.req as { url?: string } | undefined)?.url === url;
    await untilLogged(server, (logs) => logs.slice(from).some(answered));
    const lookups = server.logs.slice(from).filter((entry) => entry.msg === SESSION_LOOKUP).length;
    return { status: response.status, lookups };
  }

  it("look the signed-in admin up once each: pages, their data, saves, the CSV export and the tools", async () => {
    const general = () => ({
      intent: "general",
      version: settingsVersion("general"),
      siteName: "Wholesale Flower Finder",
      contactEmail: "hello@example.com",
      enableFeaturedWholesalers: "on",
      enableBlog: "on",
      enableFestivals: "on",
    });
    const seo = () => ({
      intent: "seo",
      version: settingsVersion("seo"),
      metaTitle: "Wholesale Flower Finder: flower markets near you",
      metaDescription: "Find wholesale flower markets, florist suppliers and flower festivals near you, state by state.",
    });

    const results: Record<string, { status: number; lookups: number }> = {};
    results["page"] = await measure("GET", "/admin/settings");
    results["page data (client navigation)"] = await measure("GET", "/admin/settings.data");
    const before = settingsVersion("general");
    // A form posted before the page's scripts ran: the action, then every loader of the page it renders.
    results["save, plain form post"] = await measure("POST", "/admin/settings", { form: general() });
    expect(settingsVersion("general"), "the plain form post saved the settings").not.toBe(before);
    // The app's own save (a fetcher), and the revalidation that follows it.
    results["save, app fetch"] = await measure("POST", "/admin/settings.data", { form: seo() });
    expect(settingsVersion("seo"), "the app's fetch saved the settings").not.toBe("");
    results["revalidation"] = await measure("GET", "/admin/settings.data?_routes=routes%2Fadmin%2Flayout%2Croutes%2Fadmin%2Fsettings");
    results["CSV export"] = await measure("GET", "/admin/subscribers.csv");
    results["tool"] = await measure("POST", "/admin/tools/clear-cache", { form: {} });
    results["unknown admin page"] = await measure("GET", "/admin/no-such-admin-page");

    const once = (status: number) => ({ status, lookups: 1 });
    expect(results).toEqual({
      page: once(200),
      "page data (client navigation)": once(200),
      "save, plain form post": once(200),
      "save, app fetch": once(200),
      revalidation: once(200),
      "CSV export": once(200),
      tool: once(200),
      "unknown admin page": once(404),
    });
  });

  it("look an ended session up once before refusing it", async () => {
    const ended = await signIn(server);
    const logout = await fetch(`${server.url}/admin/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: ended, origin: server.url },
    });
    expect(logout.status).toBe(302);

    expect({
      page: await measure("GET", "/admin/settings", { cookie: ended }),
      save: await measure("POST", "/admin/settings", { cookie: ended, form: { intent: "general" } }),
    }).toEqual({ page: { status: 302, lookups: 1 }, save: { status: 401, lookups: 1 } });
  });
});
