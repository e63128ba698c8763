import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { loginAsAdmin } from "./admin-fixtures";
import { expect, test, withDatabase } from "./fixtures";

/**
 * Walks every admin page and every admin mutation, as app/routes.ts declares them, without a session and
 * then cross-site with one, and expects each to be refused without changing anything.
 */

const EVIL_ORIGIN = "https://evil.example";
const SIGN_IN_MESSAGE = { message: "Please sign in to continue." };
const CROSS_SITE_MESSAGE = { message: "Cross-site requests are not allowed." };

interface DeclaredRoute {
  path: string;
  file: string;
}

function flatten(entries: RouteConfigEntry[], parent = ""): DeclaredRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    return [...(entry.path || entry.index ? [{ path: own || "/", file: entry.file }] : []), ...flatten(entry.children ?? [], own)];
  });
}

const declared = flatten(routes);
const adminRoutes = declared.filter((route) => route.path === "/admin" || route.path.startsWith("/admin/"));
const source = (route: DeclaredRoute) => fs.readFileSync(path.resolve(import.meta.dirname, "../../app", route.file), "utf8");
const hasAction = (route: DeclaredRoute) => /export (async )?function action\b|export const action\b/.test(source(route));
const isPage = (route: DeclaredRoute) => /export default function/.test(source(route));
const OPEN = new Set(["/admin/login", "/admin/logout"]);

/** A concrete URL for a declared path ("*" becomes an unknown page). */
const concrete = (routePath: string) => routePath.replace("*", "no-such-admin-page");

/** Records the walk must not change: each mutation below names one of them. */
const target = () =>
  withDatabase((db) => {
    const first = (table: string, column = "id") => (db.prepare(`select ${column} as id from ${table} order by id limit 1`).get() as { id: number | string }).id;
    return {
      wholesaler: first("wholesalers"),
      festival: first("festivals"),
      post: first("blog_posts"),
      grocery: first("grocery_stores"),
    };
  });

type Form = Record<string, string>;

/** Every admin mutation by path, with the intents its action knows (a form each). */
function mutations(ids: ReturnType<typeof target>): Record<string, Form[]> {
  const stale = "2000-01-01T00:00:00.000Z";
  const lists: Record<string, Form[]> = {
    "/admin/wholesalers": [
      { intent: "create", name: "Walk Test", address: "1 Main St", city: "Los Angeles", state: "california", zipcode: "90014", type: "Wholesale" },
      { intent: "update", id: String(ids.wholesaler), updatedAt: stale, name: "Hijacked" },
      { intent: "delete", id: String(ids.wholesaler), updatedAt: stale },
    ],
    "/admin/festivals": [
      { intent: "create", name: "Walk Fest" },
      { intent: "update", id: String(ids.festival), updatedAt: stale, name: "Hijacked" },
      { intent: "delete", id: String(ids.festival), updatedAt: stale },
    ],
    "/admin/blog": [
      { intent: "create", title: "Walk Post" },
      { intent: "update", id: String(ids.post), updatedAt: stale, title: "Hijacked" },
      { intent: "delete", id: String(ids.post), updatedAt: stale },
      { intent: "preview", content: "# Hi" },
    ],
    "/admin/states": [{ intent: "update", id: "ohio", updatedAt: stale, name: "Hijacked", region: "West", cities: "A\nB\nC" }],
    "/admin/grocery-stores": [
      { intent: "create", name: "Walk Mart" },
      { intent: "update", id: String(ids.grocery), updatedAt: stale, name: "Hijacked" },
      { intent: "delete", id: String(ids.grocery), updatedAt: stale },
    ],
    "/admin/subscribers": [{ intent: "delete", id: "1" }],
    "/admin/suggestions": [
      { intent: "accept", id: "1" },
      { intent: "reject", id: "1" },
    ],
    "/admin/settings": [
      { intent: "general", siteName: "Hijacked", contactEmail: "evil@example.com" },
      { intent: "seo", metaTitle: "Hijacked" },
    ],
    "/admin/tools/backup": [{}],
    "/admin/tools/import": [{ intent: "dry-run" }, { intent: "import", fingerprint: "x" }],
    "/admin/tools/clear-cache": [{}],
    "/admin/tools/optimise-images": [{}],
  };
  // The /new pages open the add dialog of the same list, whose actions they share.
  for (const list of ["/admin/wholesalers", "/admin/festivals", "/admin/blog"]) lists[`${list}/new`] = lists[list] ?? [];
  return lists;
}

const UPLOADS = ["/api/upload/wholesaler/1", "/api/upload/festival/1", "/api/upload/blog/1"];
const TINY_JPEG = Buffer.from("/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=", "base64");

/**
 * What the walk's requests would have changed had they been let through. Other tests change records at the
 * same time, so this looks for the walk's own marks rather than comparing whole tables.
 */
const snapshot = (ids: ReturnType<typeof target>) =>
  withDatabase((db) => {
    const count = (query: string, ...params: (string | number)[]) => (db.prepare(query).get(...params) as { n: number }).n;
    return {
      targetsLeft: [
        count("select count(*) as n from wholesalers where id = ? and name <> 'Hijacked'", ids.wholesaler),
        count("select count(*) as n from festivals where id = ? and name <> 'Hijacked'", ids.festival),
        count("select count(*) as n from blog_posts where id = ? and title <> 'Hijacked'", ids.post),
        count("select count(*) as n from grocery_stores where id = ? and name <> 'Hijacked'", ids.grocery),
        count("select count(*) as n from states where id = 'ohio' and name = 'Ohio'"),
      ],
      walkMarks: [
        count("select count(*) as n from wholesalers where name in ('Walk Test', 'Hijacked')"),
        count("select count(*) as n from festivals where name in ('Walk Fest', 'Hijacked')"),
        count("select count(*) as n from blog_posts where title in ('Walk Post', 'Hijacked')"),
        count("select count(*) as n from grocery_stores where name in ('Walk Mart', 'Hijacked')"),
        count("select count(*) as n from settings where value like '%Hijacked%' or value like '%evil@example.com%'"),
      ],
    };
  });

async function expectJsonRefusal(response: APIResponse, status: number, body: object, what: string) {
  expect(response.status(), what).toBe(status);
  expect(response.headers()["content-type"], what).toMatch(/^application\/json/);
  expect(await response.json(), what).toEqual(body);
}

async function post(request: APIRequestContext, url: string, form: Form, headers: Record<string, string> = {}) {
  return request.post(url, { form, headers, maxRedirects: 0 });
}

test.describe("admin access", () => {
  test("the walk below covers every admin route app/routes.ts declares", () => {
    const walked = new Set(Object.keys(mutations({ wholesaler: 1, festival: 1, post: 1, grocery: 1 })));
    const withActions = adminRoutes.filter((route) => hasAction(route) && !OPEN.has(route.path)).map((route) => route.path);
    expect(withActions.length).toBeGreaterThanOrEqual(12);
    expect(new Set(withActions)).toEqual(walked);
    const uploadRoutes = declared.filter((route) => route.path.startsWith("/api/upload/")).map((route) => route.path.replace(":id", "1"));
    expect(uploadRoutes.sort()).toEqual([...UPLOADS].sort());
  });

  test("every admin page sends a visitor without a session to the sign-in page, and its data stays behind", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    try {
      const pages = adminRoutes.filter((route) => isPage(route) && !OPEN.has(route.path));
      expect(pages.length).toBeGreaterThanOrEqual(14);
      for (const route of pages) {
        const url = concrete(route.path);
        const response = await anonymous.get(url, { maxRedirects: 0 });
        expect(response.status(), url).toBe(302);
        expect(response.headers().location, url).toBe(`/admin/login?${new URLSearchParams({ next: url })}`);

        // The data requests the app makes when navigating in the browser are refused the same way.
        const data = await anonymous.get(`${url === "/admin" ? "/admin/_index" : url}.data`, { maxRedirects: 0 });
        expect([202, 204, 302], `${url}.data`).toContain(data.status());
        const text = await data.text();
        expect(text, `${url}.data`).toContain("/admin/login");
        expect(text, `${url}.data`).not.toMatch(/admin@example\.com|wholesale-flower|"subscribers"|"list"/);
      }
      // Resource routes under /admin: the CSV export sends to sign-in, the tools only take POST.
      const csv = await anonymous.get("/admin/subscribers.csv", { maxRedirects: 0 });
      expect(csv.status()).toBe(302);
      expect(csv.headers().location).toBe("/admin/login?next=%2Fadmin%2Fsubscribers.csv");
      for (const route of adminRoutes.filter((r) => r.path.startsWith("/admin/tools/"))) {
        await expectJsonRefusal(await anonymous.get(route.path, { maxRedirects: 0 }), 405, { message: "Method not allowed. Use POST." }, route.path);
      }
    } finally {
      await anonymous.dispose();
    }
  });

  test("every admin mutation and upload answers 401 JSON without a session, and changes nothing", async ({ playwright, baseURL }) => {
    const ids = target();
    expect(snapshot(ids)).toEqual({ targetsLeft: [1, 1, 1, 1, 1], walkMarks: [0, 0, 0, 0, 0] });
    const anonymous = await playwright.request.newContext({ baseURL });
    try {
      for (const [url, forms] of Object.entries(mutations(ids))) {
        for (const form of forms) {
          const what = `${url} ${form.intent ?? ""}`;
          await expectJsonRefusal(await post(anonymous, url, form), 401, SIGN_IN_MESSAGE, what);
          // The same through the app's own data endpoint, and as multipart.
          await expectJsonRefusal(await post(anonymous, `${url}.data`, form), 401, SIGN_IN_MESSAGE, `${what} (.data)`);
          await expectJsonRefusal(await anonymous.post(url, { multipart: form, maxRedirects: 0 }), 401, SIGN_IN_MESSAGE, `${what} (multipart)`);
        }
        for (const method of ["put", "delete", "patch"] as const) {
          await expectJsonRefusal(await anonymous[method](url, { maxRedirects: 0 }), 401, SIGN_IN_MESSAGE, `${method.toUpperCase()} ${url}`);
        }
      }
      for (const url of UPLOADS) {
        const response = await anonymous.post(url, { multipart: { image: { name: "a.jpg", mimeType: "image/jpeg", buffer: TINY_JPEG } }, maxRedirects: 0 });
        await expectJsonRefusal(response, 401, SIGN_IN_MESSAGE, url);
      }
      // A forged or expired session cookie is no better than none.
      const forged = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `wff_session=${"a".repeat(43)}` } });
      try {
        await expectJsonRefusal(await post(forged, "/admin/wholesalers", { intent: "delete", id: String(ids.wholesaler), updatedAt: "x" }), 401, SIGN_IN_MESSAGE, "forged cookie");
      } finally {
        await forged.dispose();
      }
    } finally {
      await anonymous.dispose();
    }
    expect(snapshot(ids)).toEqual({ targetsLeft: [1, 1, 1, 1, 1], walkMarks: [0, 0, 0, 0, 0] });
  });

  test("every admin mutation and upload answers 403 to a cross-site request, even with a session, and changes nothing", async ({ page }) => {
    const ids = target();
    expect(snapshot(ids)).toEqual({ targetsLeft: [1, 1, 1, 1, 1], walkMarks: [0, 0, 0, 0, 0] });
    await loginAsAdmin(page);
    const forms: Record<string, Form[]> = { ...mutations(ids), "/admin/login": [{ email: "admin@example.com", password: "x" }], "/admin/logout": [{}] };
    for (const [url, list] of Object.entries(forms)) {
      for (const form of list) {
        const what = `${url} ${form.intent ?? ""}`;
        await expectJsonRefusal(await post(page.request, url, form, { Origin: EVIL_ORIGIN }), 403, CROSS_SITE_MESSAGE, what);
        // Without an Origin header, a Referer from another site is refused too; a malformed one as well.
        await expectJsonRefusal(await post(page.request, url, form, { Referer: `${EVIL_ORIGIN}/page` }), 403, CROSS_SITE_MESSAGE, `${what} (Referer)`);
        await expectJsonRefusal(await post(page.request, url, form, { Origin: "null" }), 403, CROSS_SITE_MESSAGE, `${what} (Origin null)`);
      }
    }
    for (const url of UPLOADS) {
      const response = await page.request.post(url, {
        multipart: { image: { name: "a.jpg", mimeType: "image/jpeg", buffer: TINY_JPEG } },
        headers: { Origin: EVIL_ORIGIN },
        maxRedirects: 0,
      });
      await expectJsonRefusal(response, 403, CROSS_SITE_MESSAGE, url);
    }
    expect(snapshot(ids)).toEqual({ targetsLeft: [1, 1, 1, 1, 1], walkMarks: [0, 0, 0, 0, 0] });

    // The session survived the forged sign-out, and the same requests from the site itself still work.
    await page.goto("/admin/wholesalers");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wholesalers");
    const own = await post(page.request, "/admin/tools/clear-cache", {}, { Origin: new URL(page.url()).origin });
    expect(own.status()).toBe(200);
  });
});
