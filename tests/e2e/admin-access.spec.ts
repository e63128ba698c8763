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
// The code step after the password (decision 048) is reached without a session, like the sign-in page itself.
const OPEN = new Set(["/admin/login", "/admin/login/code", "/admin/logout", "/admin/forgot-password", "/admin/reset-password"]);

/** A concrete URL for a declared path ("*" becomes an unknown page). */
const concrete = (routePath: string) => routePath.replace("*", "no-such-admin-page");

/** A record the walk aims at, with the version an editor opening it now would send. */
interface Version {
  id: number | string;
  version: string;
}

const WALK_SUBSCRIBER = "walk-guard@example.com";
const WALK_SUGGESTION = "Walk Guard Suggestion";
const WALK_SUBMISSION = "Walk Guard Business";
const WALK_REPORT = "Walk guard report";

/**
 * Records the walk must not change: each mutation below names one of them, with its current version, so
 * that its form would be accepted were it not for the access checks.
 */
const target = () =>
  withDatabase((db) => {
    const row = (what: string, found: unknown): Version => {
      expect(found, `the walk needs ${what}`).toMatchObject({ id: expect.anything(), version: expect.any(String) });
      return found as Version;
    };
    const first = (table: string) =>
      row(`a record in ${table}`, db.prepare(`select id, updated_at as version from ${table} order by id limit 1`).get());
    // A settings group never saved has the version "" (the editor saw the defaults).
    const setting = (key: string): Version => ({
      id: key,
      version:
        (db.prepare("select updated_at as version from settings where key = ?").get(key) as { version: string } | undefined)?.version ?? "",
    });
    return {
      wholesaler: first("wholesalers"),
      festival: first("festivals"),
      post: first("blog_posts"),
      grocery: first("grocery_stores"),
      ohio: row("the state ohio", db.prepare("select id, updated_at as version from states where id = 'ohio'").get()),
      general: setting("general"),
      seo: setting("seo"),
      mail: setting("mail"),
      subscriber: row(
        "the walk's subscriber",
        db
          .prepare("select id, 'subscribed' as version from newsletter_subscribers where email_normalized = ? and unsubscribed_at is null")
          .get(WALK_SUBSCRIBER),
      ),
      suggestion: row(
        "the walk's pending suggestion",
        db
          .prepare("select id, status as version from location_suggestions where business_name = ? and status = 'pending'")
          .get(WALK_SUGGESTION),
      ),
      submission: row(
        "the walk's pending listing request",
        db.prepare("select id, status as version from business_submissions where name = ? and status = 'pending'").get(WALK_SUBMISSION),
      ),
      report: row(
        "the walk's open report",
        db.prepare("select id, status as version from listing_reports where details = ? and status = 'open'").get(WALK_REPORT),
      ),
    };
  });

/** Adds a subscriber, a pending suggestion and an open report for the walk to aim at, runs it, and takes them away again. */
async function withWalkRecords(walk: () => Promise<void>) {
  withDatabase((db) => {
    db.prepare(
      "insert into newsletter_subscribers (email, email_normalized, unsubscribe_token, created_at, unsubscribed_at) values (?, ?, ?, ?, null)",
    ).run(WALK_SUBSCRIBER, WALK_SUBSCRIBER, `walk-guard-${Date.now()}`, "2026-03-01T00:00:00.000Z");
    db.prepare(
      "insert into location_suggestions (business_name, contact_name, email, business_address, additional_info, status, ip, created_at, reviewed_at) values (?, null, null, ?, null, 'pending', '198.51.100.9', ?, null)",
    ).run(WALK_SUGGESTION, "1 Walk St, Columbus, OH 43004", "2026-03-01T00:00:00.000Z");
    db.prepare(
      "insert into business_submissions (name, address, city, state_id, zipcode, type, access, hours, description, submitter_name, submitter_email, submitter_role, status, ip, created_at) values (?, '1 Walk St', 'Columbus', 'ohio', '43004', 'Wholesale', 'trade-only', '', '', 'Walker', 'walker@example.com', 'owner', 'pending', '198.51.100.9', ?)",
    ).run(WALK_SUBMISSION, "2026-03-01T00:00:00.000Z");
    db.prepare(
      "insert into listing_reports (wholesaler_id, kind, details, email, status, ip, created_at, reviewed_at) values ((select min(id) from wholesalers), 'closed', ?, null, 'open', '198.51.100.9', ?, null)",
    ).run(WALK_REPORT, "2026-03-01T00:00:00.000Z");
  });
  try {
    await walk();
  } finally {
    withDatabase((db) => {
      db.prepare("delete from newsletter_subscribers where email_normalized = ?").run(WALK_SUBSCRIBER);
      db.prepare("delete from location_suggestions where business_name = ?").run(WALK_SUGGESTION);
      db.prepare("delete from business_submissions where name = ?").run(WALK_SUBMISSION);
      db.prepare("delete from listing_reports where details = ?").run(WALK_REPORT);
    });
  }
}

type Form = Record<string, string>;
type Targets = ReturnType<typeof target>;

/**
 * Every admin mutation by path, with the intents its action knows (a form each). Each form is complete
 * and valid and carries its record's current version: only the access checks stand between it and a change.
 */
function mutations(ids: Targets): Record<string, Form[]> {
  const of = (record: Version) => ({ id: String(record.id), updatedAt: record.version });
  const wholesaler = {
    name: "Walk Test",
    address: "1 Main St",
    city: "Los Angeles",
    stateId: "california",
    zipcode: "90014",
    type: "Wholesale",
  };
  const festival = {
    name: "Walk Fest",
    description: "A festival the access walk tries to add.",
    startDate: "2030-05-01",
    endDate: "2030-05-02",
    location: "Walk Park",
    city: "Columbus",
    state: "Ohio",
  };
  const post = {
    title: "Walk Post",
    excerpt: "An excerpt the access walk tries to save.",
    content: "An article the access walk tries to save, long enough to pass.",
    category: "DIY",
    date: "2030-01-01",
    status: "draft",
  };
  const grocery = {
    name: "Walk Mart",
    description: "A grocery store the access walk tries to add.",
    priceRange: "$4-$15",
    bestFor: "Roses",
  };
  const lists: Record<string, Form[]> = {
    "/admin/wholesalers": [
      { intent: "create", ...wholesaler },
      { intent: "create", ...wholesaler, suggestion: String(ids.suggestion.id), confirm: "1" },
      { intent: "update", ...of(ids.wholesaler), ...wholesaler, name: "Hijacked" },
      { intent: "delete", ...of(ids.wholesaler) },
    ],
    "/admin/festivals": [
      { intent: "create", ...festival },
      { intent: "update", ...of(ids.festival), ...festival, name: "Hijacked" },
      { intent: "delete", ...of(ids.festival) },
    ],
    "/admin/blog": [
      { intent: "create", ...post },
      { intent: "update", ...of(ids.post), ...post, title: "Hijacked" },
      { intent: "delete", ...of(ids.post) },
      { intent: "preview", content: "# Hi" },
    ],
    "/admin/states": [{ intent: "update", ...of(ids.ohio), name: "Hijacked", region: "West", cities: "Akron\nCanton\nDayton" }],
    "/admin/grocery-stores": [
      { intent: "create", ...grocery },
      { intent: "update", ...of(ids.grocery), ...grocery, name: "Hijacked" },
      { intent: "delete", ...of(ids.grocery) },
    ],
    "/admin/subscribers": [{ intent: "delete", id: String(ids.subscriber.id) }],
    "/admin/suggestions": [{ intent: "reject", id: String(ids.suggestion.id), status: ids.suggestion.version }],
    "/admin/submissions": [
      { intent: "approve", id: String(ids.submission.id), status: ids.submission.version, confirm: "1" },
      { intent: "reject", id: String(ids.submission.id), status: ids.submission.version },
    ],
    "/admin/reports": [
      { intent: "resolve", id: String(ids.report.id) },
      { intent: "dismiss", id: String(ids.report.id) },
    ],
    "/admin/claims": [
      { intent: "approve", id: "1" },
      { intent: "reject", id: "1" },
      { intent: "approve-change", id: "1" },
      { intent: "reject-change", id: "1" },
      { intent: "remove-owner", id: "1" },
    ],
    "/admin/settings": [
      {
        intent: "general",
        version: ids.general.version,
        siteName: "Hijacked",
        contactEmail: "evil@example.com",
        enableBlog: "on",
        enableFestivals: "on",
      },
      { intent: "seo", version: ids.seo.version, metaTitle: "Hijacked", metaDescription: "Hijacked description of the whole site." },
      { intent: "mail", version: ids.mail.version, sendRate: "1", postalAddress: "Hijacked", adminDigest: "off" },
    ],
    "/admin/mail": [{ intent: "test" }],
    "/admin/account": [
      { intent: "start" },
      { intent: "enable", code: "123456" },
      { intent: "cancel" },
      { intent: "regenerate", confirmation: "123456" },
      { intent: "disable", confirmation: "123456" },
    ],
    "/admin/newsletter": [
      { intent: "create", title: "Walk Issue", body: "An issue the access walk tries to save." },
      { intent: "preview", body: "# Hi" },
      { intent: "preview-issue", id: "1" },
      { intent: "send-test", id: "1" },
      { intent: "send", id: "1" },
    ],
    "/admin/tools/backup": [{}],
    "/admin/tools/import": [{ intent: "dry-run" }, { intent: "import", fingerprint: "x" }],
    "/admin/tools/clear-cache": [{}],
    "/admin/tools/optimise-images": [{}],
  };
  // The /new pages open the add dialog of the same list, whose actions they share.
  for (const list of ["/admin/wholesalers", "/admin/festivals", "/admin/blog", "/admin/newsletter"])
    lists[`${list}/new`] = lists[list] ?? [];
  return lists;
}

const UPLOADS = ["/api/upload/wholesaler/1", "/api/upload/festival/1", "/api/upload/blog/1"];
const TINY_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);

/**
 * What the walk's requests would have changed had they been let through. Other tests change records at the
 * same time, so this looks for the walk's own marks rather than comparing whole tables.
 */
const snapshot = (ids: Targets) =>
  withDatabase((db) => {
    const count = (query: string, ...params: (string | number)[]) => (db.prepare(query).get(...params) as { n: number }).n;
    return {
      targetsLeft: [
        count("select count(*) as n from wholesalers where id = ? and name <> 'Hijacked'", ids.wholesaler.id),
        count("select count(*) as n from festivals where id = ? and name <> 'Hijacked'", ids.festival.id),
        count("select count(*) as n from blog_posts where id = ? and title <> 'Hijacked'", ids.post.id),
        count("select count(*) as n from grocery_stores where id = ? and name <> 'Hijacked'", ids.grocery.id),
        count("select count(*) as n from states where id = 'ohio' and name = 'Ohio'"),
        count("select count(*) as n from newsletter_subscribers where id = ? and unsubscribed_at is null", ids.subscriber.id),
        count("select count(*) as n from location_suggestions where id = ? and status = 'pending'", ids.suggestion.id),
        count("select count(*) as n from business_submissions where id = ? and status = 'pending'", ids.submission.id),
        count("select count(*) as n from listing_reports where id = ? and status = 'open'", ids.report.id),
      ],
      walkMarks: [
        count("select count(*) as n from wholesalers where name in ('Walk Test', 'Hijacked', ?)", WALK_SUBMISSION),
        count("select count(*) as n from festivals where name in ('Walk Fest', 'Hijacked')"),
        count("select count(*) as n from blog_posts where title in ('Walk Post', 'Hijacked')"),
        count("select count(*) as n from grocery_stores where name in ('Walk Mart', 'Hijacked')"),
        count("select count(*) as n from settings where value like '%Hijacked%' or value like '%evil@example.com%'"),
        count("select count(*) as n from mail_outbox where kind = 'test'"),
        count("select count(*) as n from admin_second_factors"),
      ],
    };
  });

const UNCHANGED = { targetsLeft: [1, 1, 1, 1, 1, 1, 1, 1, 1], walkMarks: [0, 0, 0, 0, 0, 0, 0] };

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
    const any: Version = { id: 1, version: "" };
    const walked = new Set(
      Object.keys(
        mutations({
          wholesaler: any,
          festival: any,
          post: any,
          grocery: any,
          ohio: any,
          general: any,
          seo: any,
          mail: any,
          subscriber: any,
          suggestion: any,
          submission: any,
          report: any,
        }),
      ),
    );
    const withActions = adminRoutes.filter((route) => hasAction(route) && !OPEN.has(route.path)).map((route) => route.path);
    expect(withActions.length).toBeGreaterThanOrEqual(12);
    expect(new Set(withActions)).toEqual(walked);
    const uploadRoutes = declared.filter((route) => route.path.startsWith("/api/upload/")).map((route) => route.path.replace(":id", "1"));
    expect(uploadRoutes.sort()).toEqual([...UPLOADS].sort());
  });

  test("every admin page sends a visitor without a session to the sign-in page, and its data stays behind", async ({
    playwright,
    baseURL,
  }) => {
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
      // Resource routes under /admin: the CSV exports send to sign-in, the tools only take POST (but the jobs' progress).
      const exports = adminRoutes.filter((route) => route.path.endsWith(".csv")).map((route) => route.path);
      expect(exports.sort()).toEqual(["/admin/subscribers.csv", "/admin/wholesalers.csv"]);
      for (const url of exports) {
        const csv = await anonymous.get(`${url}?q=a`, { maxRedirects: 0 });
        expect(csv.status(), url).toBe(302);
        expect(csv.headers().location, url).toBe(`/admin/login?${new URLSearchParams({ next: `${url}?q=a` })}`);
        expect(await csv.text(), url).not.toMatch(/^\uFEFF?(name|email),/);
      }
      // The background jobs' progress is the one tools address read with GET: 401 JSON, no data.
      await expectJsonRefusal(
        await anonymous.get("/admin/tools/jobs", { maxRedirects: 0 }),
        401,
        { message: "Please sign in to continue." },
        "/admin/tools/jobs",
      );
      for (const route of adminRoutes.filter((r) => r.path.startsWith("/admin/tools/") && r.path !== "/admin/tools/jobs")) {
        await expectJsonRefusal(
          await anonymous.get(route.path, { maxRedirects: 0 }),
          405,
          { message: "Method not allowed. Use POST." },
          route.path,
        );
      }
    } finally {
      await anonymous.dispose();
    }
  });

  test("every admin mutation and upload answers 401 JSON without a session, and changes nothing", async ({ playwright, baseURL }) => {
    await withWalkRecords(async () => {
      const ids = target();
      expect(snapshot(ids)).toEqual(UNCHANGED);
      const anonymous = await playwright.request.newContext({ baseURL });
      try {
        for (const [url, forms] of Object.entries(mutations(ids))) {
          for (const form of forms) {
            const what = `${url} ${form.intent ?? ""}`;
            await expectJsonRefusal(await post(anonymous, url, form), 401, SIGN_IN_MESSAGE, what);
            // The same through the app's own data endpoint, and as multipart.
            await expectJsonRefusal(await post(anonymous, `${url}.data`, form), 401, SIGN_IN_MESSAGE, `${what} (.data)`);
            await expectJsonRefusal(
              await anonymous.post(url, { multipart: form, maxRedirects: 0 }),
              401,
              SIGN_IN_MESSAGE,
              `${what} (multipart)`,
            );
          }
          for (const method of ["put", "delete", "patch"] as const) {
            await expectJsonRefusal(
              await anonymous[method](url, { maxRedirects: 0 }),
              401,
              SIGN_IN_MESSAGE,
              `${method.toUpperCase()} ${url}`,
            );
          }
        }
        for (const url of UPLOADS) {
          const response = await anonymous.post(url, {
            multipart: { image: { name: "a.jpg", mimeType: "image/jpeg", buffer: TINY_JPEG } },
            maxRedirects: 0,
          });
          await expectJsonRefusal(response, 401, SIGN_IN_MESSAGE, url);
        }
        // A forged or expired session cookie is no better than none.
        const forged = await playwright.request.newContext({
          baseURL,
          extraHTTPHeaders: { cookie: `__Host-wff_session=${"a".repeat(43)}` },
        });
        try {
          await expectJsonRefusal(
            await post(forged, "/admin/wholesalers", {
              intent: "delete",
              id: String(ids.wholesaler.id),
              updatedAt: ids.wholesaler.version,
            }),
            401,
            SIGN_IN_MESSAGE,
            "forged cookie",
          );
        } finally {
          await forged.dispose();
        }
      } finally {
        await anonymous.dispose();
      }
      expect(snapshot(ids)).toEqual(UNCHANGED);
    });
  });

  test("every admin mutation and upload answers 403 to a cross-site request, even with a session, and changes nothing", async ({
    page,
  }) => {
    await withWalkRecords(async () => {
      const ids = target();
      expect(snapshot(ids)).toEqual(UNCHANGED);
      await loginAsAdmin(page);
      const others: Record<string, Form[]> = { "/admin/login": [{ email: "admin@example.com", password: "x" }], "/admin/logout": [{}] };
      for (const [url, list] of Object.entries({ ...mutations(ids), ...others })) {
        for (const form of list) {
          const what = `${url} ${form.intent ?? ""}`;
          await expectJsonRefusal(await post(page.request, url, form, { Origin: EVIL_ORIGIN }), 403, CROSS_SITE_MESSAGE, what);
          // Without an Origin header, a Referer from another site is refused too; a malformed one as well.
          await expectJsonRefusal(
            await post(page.request, url, form, { Referer: `${EVIL_ORIGIN}/page` }),
            403,
            CROSS_SITE_MESSAGE,
            `${what} (Referer)`,
          );
          await expectJsonRefusal(
            await post(page.request, url, form, { Origin: "null" }),
            403,
            CROSS_SITE_MESSAGE,
            `${what} (Origin null)`,
          );
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
      expect(snapshot(ids)).toEqual(UNCHANGED);
    });

    // The session survived the forged sign-out, and the same requests from the site itself still work.
    await page.goto("/admin/wholesalers");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wholesalers");
    const own = await post(page.request, "/admin/tools/clear-cache", {}, { Origin: new URL(page.url()).origin });
    expect(own.status()).toBe(200);
  });
});
