import type { Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-fixtures";
import { expect, test, withDatabase } from "./fixtures";

/*
 * Hostile text in every field an admin or a visitor can fill, then every page that shows it, public and
 * admin, opened in Chromium: no payload runs (none sets window.__xss or opens a dialog) and, since the
 * Content-Security-Policy is only the second line, the markup itself carries none of them: no inline
 * handler, no script, frame or object of theirs, no javascript: or data: link; and the text is shown as
 * typed wherever it is shown.
 */

/** Each payload, if it ever ran, would set window.__xss or open a dialog. */
const CORPUS = [
  `<script>window.__xss=1</script>`,
  `<img src=x onerror="window.__xss=2">`,
  `<svg onload=window.__xss=3>`,
  `"><script>window.__xss=4</script>`,
  `'><img src=x onerror=alert(5)>`,
  `<a href="javascript:window.__xss=6">link six</a>`,
  `<iframe src="data:text/html,<script>parent.__xss=7</script>"></iframe>`,
  `<img src=x onerror=alert(8)//`,
  `<<script>alert(9)//<</script>`,
  `</textarea></title></script><script>window.__xss=10</script>`,
  `<details open ontoggle=alert(11)>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(12)>`,
  `<a href="jav&#x09;ascript:alert(13)">link thirteen</a>`,
  `<object data="javascript:alert(14)"></object>`,
  `&lt;script&gt;window.__xss=15&lt;/script&gt; &#60;b&#62;bold&#60;/b&#62;`,
  `<a href=data:text/html;base64,PHNjcmlwdD5hbGVydCgxNik8L3NjcmlwdD4=>link sixteen</a>`,
  `<body onload=alert(17)><style onload=alert(18)></style>`,
  `{{constructor.constructor('window.__xss=19')()}} \${window.__xss=20}`,
] as const;

/** Markdown's own ways to a link: inline, angle-bracketed, reference, autolink, image, entities, odd case. */
const MARKDOWN_TRICKS = [
  `[link md1](javascript:window.__xss=101)`,
  `[link md2](<javascript:alert(102)>)`,
  `[link md3](JaVaScRiPt:alert(103))`,
  `[link md4](javascript&#58;alert(104))`,
  `[link md5](data:text/html;base64,PHNjcmlwdD5hbGVydCgxMDUpPC9zY3JpcHQ+)`,
  `[link md6][evil]\n\n[evil]: javascript:alert(106)`,
  `<javascript:alert(107)>`,
  `<https://example.com/"onmouseover="alert(108)>`,
  `![image md9](x" onerror="alert(109))`,
  `[link md10](https://example.com/"onclick="alert(110))`,
  `[link md11]( javascript:alert(111) "title")`,
  `[link md12](vbscript:msgbox(112))`,
] as const;

/** `label` and as many payloads as fit in `max` characters, so that each field is told apart on the page. */
function hostile(label: string, max: number, first = 0): string {
  let value = label;
  for (let i = 0; i < CORPUS.length; i++) {
    const next = `${value} ${CORPUS[(first + i) % CORPUS.length]}`;
    if (next.length > max) break;
    value = next;
  }
  return value;
}

const today = () => new Date().toISOString().slice(0, 10);
const nextYear = new Date().getUTCFullYear() + 1;

/** The hostile records, as typed. Short fields take one payload, long ones the whole corpus. */
const STATE = { id: "california", name: hostile("Calif", 60, 1) };
const CITY = hostile("Citty", 60, 2);
const WHOLESALER = {
  name: hostile("0-Xwholesaler", 120, 0),
  address: hostile("1 Xaddress St", 200, 3),
  city: hostile("Xcity", 80, 4),
  stateId: STATE.id,
  zipcode: "90014",
  type: "Wholesale",
  hours: hostile("Xhours", 120, 5),
  description: `Xdescription ${CORPUS.join(" ")}`.slice(0, 2000),
  website: `https://xss.example/"><svg/onload=window.__xss=30>'onmouseover='alert(31)`,
  access: "public-welcome",
  accessNote: hostile("Xaccessnote", 160, 6),
  source: `Xsource ${CORPUS.join(" ")}`.slice(0, 1000),
  adminNote: `Xadminnote ${CORPUS.join(" ")}`.slice(0, 2000),
  featured: "on",
};
const FESTIVAL = {
  name: hostile("Xfestival", 150, 7),
  description: `Xfestdesc ${CORPUS.join(" ")}`.slice(0, 2000),
  startDate: `${nextYear}-05-01`,
  endDate: `${nextYear}-05-03`,
  location: hostile("Xvenue", 150, 8),
  city: hostile("Xfestcity", 80, 9),
  state: STATE.name,
  website: `https://fest.example/?a="><script>window.__xss=32</script>`,
  ticketPrice: hostile("$5", 60, 10),
  featured: "on",
};
const POST = {
  title: hostile("Xpost", 150, 11),
  excerpt: hostile("Xexcerpt", 300, 12),
  content: `Xbody paragraph.\n\n${[...MARKDOWN_TRICKS, ...CORPUS].join("\n\n")}`,
  date: today(),
  status: "published",
};
const GROCERY = {
  name: hostile("Xgrocer", 80, 13),
  description: `Xgrocerydesc ${CORPUS.join(" ")}`.slice(0, 1500),
  priceRange: `$1 <svg onload=alert(40)>`,
  bestFor: hostile("Xbestfor", 120, 14),
  position: "0",
};
const SETTINGS = {
  siteName: hostile("Xsite", 80, 15),
  metaTitle: hostile("Xmeta", 120, 16),
  metaDescription: hostile("Xmetadesc", 320, 17),
};
const SUGGESTION = {
  businessName: hostile("Xsuggested", 120, 1),
  contactName: hostile("Xcontact", 120, 2),
  email: "o'xss+suggest@example.com",
  businessAddress: hostile("Xsugaddr", 200, 3),
  additionalInfo: `Xsuginfo ${CORPUS.join(" ")}`.slice(0, 2000),
};
const SUBMISSION = {
  name: hostile("Xsubmitted", 120, 4),
  address: hostile("2 Xsubaddr", 200, 5),
  city: hostile("Xsubcity", 80, 6),
  stateId: "california",
  zipcode: "90014",
  type: "Both",
  access: "public-welcome",
  accessNote: hostile("Xsubnote", 160, 7),
  website: `https://sub.example/"><img/src=x/onerror=alert(41)>`,
  description: `Xsubdesc ${CORPUS.join(" ")}`.slice(0, 2000),
  submitterName: hostile("Xsubmitter", 120, 8),
  submitterEmail: "o'xss+submit@example.com",
  submitterRole: "owner",
};
const REPORT = { kind: "other", details: `Xreport ${CORPUS.join(" ")}`.slice(0, 2000), email: "o'xss+report@example.com" };
const SUBSCRIBER = "o'xss+news@example.com";
const IMPORTED = hostile("Ximported", 120, 9);
const SEARCH = `Xwholesaler <script>window.__xss=50</script>"><img src=x onerror=alert(51)>`;

/**
 * What a browser must never see in markup that came from data: found by `unsafeMarkup` in the page. Every script
 * that may run is one the page's policy allows by name: its nonce (a page rendered for one visitor) or the hash of
 * its text (a public page, server/security.ts), or a file of the site's own.
 */
async function unsafeMarkup(page: Page, policy: string): Promise<string[]> {
  return page.evaluate(async (policy) => {
    const problems: string[] = [];
    const describe = (el: Element) => `<${el.tagName.toLowerCase()}> ${el.outerHTML.slice(0, 120)}`;
    const safeProtocols = new Set(["http:", "https:", "mailto:", "tel:"]);
    for (const el of document.querySelectorAll("*")) {
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase();
        if (name.startsWith("on")) problems.push(`inline handler ${name}: ${describe(el)}`);
        if (name === "srcdoc" || name === "formaction") problems.push(`${name}: ${describe(el)}`);
        if (["href", "xlink:href", "src", "action", "data", "poster", "background"].includes(name)) {
          let protocol: string;
          try {
            protocol = new URL(attr.value.trim(), document.baseURI).protocol;
          } catch {
            continue;
          }
          const image = el.tagName === "IMG" && name === "src" && /^data:image\/(png|jpeg|webp|gif|avif);/i.test(attr.value);
          // The festivals' subscription: the site's own feed, in the scheme calendars open (never from data).
          const feed = el.tagName === "A" && name === "href" && /^webcal:\/\/[^/]+\/festivals\.ics$/.test(attr.value);
          if (!safeProtocols.has(protocol) && !image && !feed) problems.push(`${name} with ${protocol}: ${describe(el)}`);
        }
      }
    }
    for (const el of document.querySelectorAll("iframe, frame, object, embed, base, applet, meta[http-equiv='refresh']")) {
      problems.push(`element: ${describe(el)}`);
    }
    for (const script of document.querySelectorAll("script")) {
      if (script.type === "application/ld+json") {
        try {
          JSON.parse(script.textContent ?? "");
        } catch {
          problems.push(`structured data broken out of: ${describe(script)}`);
        }
      } else if (script.nonce) {
        if (!policy.includes(`'nonce-${script.nonce}'`)) problems.push(`script with another nonce than the policy's: ${describe(script)}`);
      } else if (script.src) {
        if (new URL(script.src).origin !== location.origin) problems.push(`script from elsewhere without a nonce: ${describe(script)}`);
      } else {
        const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script.textContent ?? ""));
        const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
        if (!policy.includes(`'sha256-${hash}'`)) problems.push(`script the page's policy does not name: ${describe(script)}`);
      }
    }
    return problems;
  }, policy);
}

interface Visit {
  path: string;
  /** Texts shown on the page exactly as they were typed (a payload shown as text, not markup). */
  shows?: string[];
  /** Texts the page's title shows as typed. */
  title?: string;
  /** Run after the page has loaded, before the checks (open a dialog, switch a tab). */
  then?: (page: Page) => Promise<void>;
}

/**
 * Opens each page and checks it: the page's scripts have run (so a payload would have, too), nothing set
 * window.__xss, no dialog opened, the markup carries no payload, and each typed text is shown as typed.
 */
async function checkPages(page: Page, visits: Visit[]) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    // Leaving a form the page prefilled asks about unsaved changes: the site's own question, not a payload.
    if (dialog.type() === "beforeunload") return void dialog.accept();
    dialogs.push(`${dialog.type()}: ${dialog.message()} on ${page.url()}`);
    void dialog.dismiss();
  });
  for (const visit of visits) {
    const response = await page.goto(visit.path);
    expect(response?.status(), visit.path).toBe(200);
    // The page's own scripts have run and React has taken the page over (it marks the document it listens on).
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("_reactListening")), null, { timeout: 10_000 });
    await page.waitForLoadState("load");
    if (visit.then) await visit.then(page);
    for (const text of visit.shows ?? []) {
      await expect(page.getByText(text, { exact: false }).first(), `${visit.path} shows ${text}`).toBeVisible();
    }
    if (visit.title !== undefined) expect(await page.title(), visit.path).toContain(visit.title);
    expect(await unsafeMarkup(page, (await response?.allHeaders())?.["content-security-policy"] ?? ""), visit.path).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), visit.path).toBeUndefined();
  }
  expect(dialogs).toEqual([]);
}

/** Saves every hostile record through the admin screens' and the public forms' own actions. */
async function seedHostileRecords(page: Page, { subscriber = false } = {}) {
  const request = page.request;
  const origin = new URL(page.url()).origin;
  const send = async (path: string, form: Record<string, string>) => {
    const response = await request.post(path, { form, headers: { Origin: origin } });
    // The page's loader and action data ride along in the page: its messages name what was refused.
    const html = await response.text();
    const refusal = [...html.matchAll(/"(?:message|fieldErrors)",[^\]]{0,400}/g)].map(([found]) => found).join(" | ");
    expect(response.status(), `${path}: ${refusal}`).toBe(200);
  };

  const state = withDatabase(
    (db) =>
      db.prepare("select region, updated_at from states where id = ?").get(STATE.id) as {
        region: string;
        updated_at: string;
      },
  );
  const cities = withDatabase((db) =>
    (db.prepare("select name from cities where state_id = ? order by position").all(STATE.id) as { name: string }[]).map((c) => c.name),
  );
  await send("/admin/states", {
    intent: "update",
    id: STATE.id,
    updatedAt: state.updated_at,
    name: STATE.name,
    region: state.region,
    cities: [CITY, ...cities.slice(1)].join("\n"),
  });
  await send("/admin/wholesalers", { intent: "create", ...WHOLESALER });
  await send("/admin/festivals", { intent: "create", ...FESTIVAL });
  const category = withDatabase(
    (db) => (db.prepare("select category from blog_posts order by id limit 1").get() as { category: string }).category,
  );
  await send("/admin/blog", { intent: "create", ...POST, category });
  await send("/admin/grocery-stores", { intent: "create", ...GROCERY });

  const versions = withDatabase((db) =>
    Object.fromEntries(
      (db.prepare("select key, updated_at from settings").all() as { key: string; updated_at: string }[]).map((r) => [r.key, r.updated_at]),
    ),
  );
  await send("/admin/settings", {
    intent: "general",
    version: versions.general ?? "",
    siteName: SETTINGS.siteName,
    contactEmail: "o'xss+contact@example.com",
    enableFeaturedWholesalers: "on",
    enableBlog: "on",
    enableFestivals: "on",
  });
  await send("/admin/settings", {
    intent: "seo",
    version: versions.seo ?? "",
    metaTitle: SETTINGS.metaTitle,
    metaDescription: SETTINGS.metaDescription,
  });

  await send("/about", SUGGESTION);
  await send("/list-your-business", SUBMISSION);
  const listing = withDatabase((db) => (db.prepare("select id from wholesalers where name = ?").get(WHOLESALER.name) as { id: number }).id);
  await send(`/wholesalers/${listing}/report`, REPORT);
  // The newsletter allows few subscriptions per address, so only the test of the admin's subscriber list sends one
  // (and the public pages' test alone sends the values the forms refuse).
  if (subscriber) {
    const subscribed = await request.post("/api/newsletter/subscribe", { data: { email: SUBSCRIBER }, headers: { Origin: origin } });
    expect(subscribed.status()).toBe(202);
    return listing;
  }

  // Fields whose value becomes a link or an address take none of it: a script URL, a data: URL or markup is refused.
  const refuse = async (path: string, form: Record<string, string>, field: string) => {
    const response = await request.post(path, { form, headers: { Origin: origin } });
    expect(response.status(), `${path} ${field}=${form[field]}`).toBe(400);
  };
  for (const website of [
    "javascript:window.__xss=70",
    "JaVaScRiPt://x.example/%0aalert(71)",
    "data:text/html,<script>alert(72)</script>",
  ]) {
    await refuse("/admin/wholesalers", { intent: "create", ...WHOLESALER, name: "Xrefused", website }, "website");
    await refuse("/admin/festivals", { intent: "create", ...FESTIVAL, name: "Xrefused", website }, "website");
    await refuse("/list-your-business", { ...SUBMISSION, name: "Xrefused", website }, "website");
  }
  await refuse("/admin/wholesalers", { intent: "create", ...WHOLESALER, name: "Xrefused", phone: `"><svg onload=alert(73)>` }, "phone");
  await refuse("/about", { ...SUGGESTION, email: `"<script>alert(74)</script>"@example.com` }, "email");
  await refuse(`/wholesalers/${listing}/report`, { ...REPORT, email: `x@example.com"><img src=x onerror=alert(75)>` }, "email");
  return listing;
}

const unsubscribeToken = (email: string) =>
  withDatabase(
    (db) =>
      (db.prepare("select unsubscribe_token from newsletter_subscribers where email = ?").get(email) as { unsubscribe_token: string })
        .unsubscribe_token,
  );

/** Puts the settings back as they were and drops the server's cached copy. */
function settingsKeeper(page: Page) {
  const saved = withDatabase((db) => db.prepare("select key, value, updated_at from settings").all() as Record<string, string>[]);
  return async () => {
    withDatabase((db) => {
      db.prepare("delete from settings").run();
      for (const row of saved)
        db.prepare("insert into settings (key, value, updated_at) values (?, ?, ?)").run(row.key, row.value, row.updated_at);
    });
    expect((await page.request.post("/admin/tools/clear-cache")).status()).toBe(200);
  };
}

// A step that cannot find what it waits for fails at once instead of running into the test's time limit.
test.use({ actionTimeout: 10_000, navigationTimeout: 15_000 });

test.describe("hostile text in every field", () => {
  test("public pages show it as text and run none of it", async ({ page }) => {
    test.setTimeout(90_000);
    await loginAsAdmin(page);
    const restoreSettings = settingsKeeper(page);
    try {
      const listingId = await seedHostileRecords(page);
      // A visitor is not signed in.
      await page.context().clearCookies();
      const ids = withDatabase((db) => ({
        post: (db.prepare("select id from blog_posts where title = ?").get(POST.title) as { id: number }).id,
        festival: (db.prepare("select id from festivals where name = ?").get(FESTIVAL.name) as { id: number }).id,
        grocery: (db.prepare("select slug from grocery_stores where name = ?").get(GROCERY.name) as { slug: string }).slug,
      }));

      await checkPages(page, [
        { path: "/", shows: [WHOLESALER.name, GROCERY.name, GROCERY.bestFor, POST.title, SETTINGS.siteName], title: SETTINGS.siteName },
        { path: `/state/${STATE.id}`, shows: [STATE.name, WHOLESALER.name, WHOLESALER.address, WHOLESALER.accessNote], title: STATE.name },
        { path: `/wholesalers/${listingId}`, shows: [WHOLESALER.name, WHOLESALER.hours, WHOLESALER.accessNote], title: WHOLESALER.name },
        { path: "/near?zip=90014", shows: [WHOLESALER.name] },
        { path: "/states", shows: [STATE.name] },
        { path: "/all-states", shows: [STATE.name] },
        { path: "/blog", shows: [POST.title, POST.excerpt] },
        { path: `/blog/${ids.post}`, shows: [POST.title, "Xbody paragraph.", "link md1", "link six"], title: POST.title },
        { path: `/grocery/${ids.grocery}`, shows: [GROCERY.name, GROCERY.bestFor, GROCERY.priceRange], title: GROCERY.name },
        { path: "/festivals", shows: [FESTIVAL.name, FESTIVAL.city] },
        { path: `/festivals/${ids.festival}`, shows: [FESTIVAL.name, FESTIVAL.location, FESTIVAL.ticketPrice], title: FESTIVAL.name },
        { path: `/search?${new URLSearchParams({ q: SEARCH })}`, shows: [`Results for “${SEARCH}”`] },
        { path: `/search?${new URLSearchParams({ q: "Xwholesaler" })}`, shows: [WHOLESALER.name] },
        { path: `/festivals?${new URLSearchParams({ q: SEARCH })}` },
        { path: "/sitemap", shows: [WHOLESALER.name, STATE.name] },
        { path: "/about", shows: [SETTINGS.siteName] },
      ]);
    } finally {
      await loginAsAdmin(page);
      await restoreSettings();
    }
  });

  test("admin pages and their edit dialogs show it as text and run none of it", async ({ page }) => {
    test.setTimeout(90_000);
    await loginAsAdmin(page);
    const restoreSettings = settingsKeeper(page);
    try {
      await seedHostileRecords(page, { subscriber: true });
      /** Opens a row's edit dialog (its button is named after the record) and checks what the fields hold. */
      const edit = (label: string, values: Record<string, string>) => async (p: Page) => {
        await p
          .getByRole("button", { name: `Edit ${label}` })
          .first()
          .click();
        const dialog = p.getByRole("dialog");
        for (const [field, value] of Object.entries(values)) await expect(dialog.locator(`[name="${field}"]`), field).toHaveValue(value);
      };
      const reflected = `<script>window.__xss=60</script>"><img src=x onerror=alert(61)>`;

      await checkPages(page, [
        { path: "/admin?tab=activity", shows: [WHOLESALER.name] },
        { path: "/admin?tab=statistics" },
        {
          path: `/admin/wholesalers?${new URLSearchParams({ q: "Xwholesaler" })}`,
          shows: [WHOLESALER.name],
          then: edit("0-Xwholesaler", {
            name: WHOLESALER.name,
            description: WHOLESALER.description,
            website: WHOLESALER.website,
            source: WHOLESALER.source,
            adminNote: WHOLESALER.adminNote,
          }),
        },
        { path: `/admin/wholesalers?${new URLSearchParams({ q: reflected })}` },
        { path: `/admin/wholesalers/new?${new URLSearchParams({ name: reflected, address: reflected, adminNote: reflected })}` },
        {
          path: "/admin/festivals?q=Xfestival",
          shows: [FESTIVAL.name],
          then: edit("Xfestival", { name: FESTIVAL.name, description: FESTIVAL.description, website: FESTIVAL.website }),
        },
        {
          path: "/admin/blog?q=Xpost",
          shows: [POST.title],
          then: async (p) => {
            await edit("Xpost", { title: POST.title, excerpt: POST.excerpt, content: POST.content })(p);
            // The preview is the server's sanitized rendering, put into the page as HTML.
            await expect(p.getByTestId("markdown-preview").getByText("Xbody paragraph.")).toBeVisible();
            await expect(p.getByTestId("markdown-preview").getByText("link md1").first()).toBeVisible();
          },
        },
        { path: "/admin/states", shows: [STATE.name], then: edit("Calif", { name: STATE.name }) },
        {
          path: "/admin/grocery-stores?q=Xgrocer",
          shows: [GROCERY.name],
          then: edit("Xgrocer", { name: GROCERY.name, bestFor: GROCERY.bestFor, priceRange: GROCERY.priceRange }),
        },
        { path: `/admin/subscribers?${new URLSearchParams({ q: "xss+news" })}`, shows: [SUBSCRIBER] },
        { path: `/newsletter/unsubscribe?${new URLSearchParams({ token: unsubscribeToken(SUBSCRIBER) })}`, shows: [SUBSCRIBER] },
        { path: "/admin/suggestions", shows: [SUGGESTION.businessName, SUGGESTION.businessAddress, SUGGESTION.contactName] },
        { path: "/admin/submissions", shows: [SUBMISSION.name, SUBMISSION.submitterName, SUBMISSION.accessNote] },
        { path: "/admin/reports", shows: [WHOLESALER.name, REPORT.email] },
        {
          // A CSV import's dry run lists the rows it would refuse with their names and what is wrong, as text.
          path: "/admin?tab=tools",
          then: async (p) => {
            const tool = p.getByRole("region", { name: "Import wholesalers" });
            const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
            const badState = `<img src=x onerror=alert(80)>`;
            const csv = [
              "name,address,city,state,zipcode",
              [IMPORTED, WHOLESALER.address, "Portland", badState, "97201"].map(cell).join(","),
            ].join("\r\n");
            await tool.getByLabel("CSV file").setInputFiles({ name: "hostile.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
            await tool.getByRole("button", { name: "Check file (dry run)" }).click();
            const problem = tool.getByRole("table", { name: "Rows with errors" }).getByRole("row").nth(1);
            await expect(problem.getByRole("cell")).toHaveText([
              "2",
              IMPORTED,
              `Unknown state "${badState}". Use a two-letter code such as CA or a name such as California.`,
            ]);
          },
        },
        {
          path: "/admin/settings",
          then: async (p) => {
            await expect(p.getByLabel("Site Name")).toHaveValue(SETTINGS.siteName);
          },
        },
      ]);
    } finally {
      await restoreSettings();
    }
  });
});
